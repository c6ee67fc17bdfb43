// Batched small-matrix inversion and LU factorization with the matrix held in registers.
#include <cuda_runtime.h>

// 4x4 double inverse via cofactor expansion, one matrix per thread (e.g. rigid transforms).
extern "C" __global__ void inv4x4_cofactor_f64(const double* __restrict__ in, double* __restrict__ out,
                                           double* __restrict__ dets, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    const double2* p = reinterpret_cast<const double2*>(in + (size_t)b * 16);
    double m[16];
#pragma unroll
    for (int i = 0; i < 8; ++i) { double2 t = p[i]; m[2 * i] = t.x; m[2 * i + 1] = t.y; }
    double s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2], s2 = m[0] * m[7] - m[4] * m[3];
    double s3 = m[1] * m[6] - m[5] * m[2], s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3];
    double c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11], c3 = m[9] * m[14] - m[13] * m[10];
    double c2 = m[8] * m[15] - m[12] * m[11], c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9];
    double det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0;
    double id = 1.0 / det;
    double o[16];
    o[0] = ( m[5] * c5 - m[6] * c4 + m[7] * c3) * id;  o[1] = (-m[1] * c5 + m[2] * c4 - m[3] * c3) * id;
    o[2] = ( m[13] * s5 - m[14] * s4 + m[15] * s3) * id; o[3] = (-m[9] * s5 + m[10] * s4 - m[11] * s3) * id;
    o[4] = (-m[4] * c5 + m[6] * c2 - m[7] * c1) * id;  o[5] = ( m[0] * c5 - m[2] * c2 + m[3] * c1) * id;
    o[6] = (-m[12] * s5 + m[14] * s2 - m[15] * s1) * id; o[7] = ( m[8] * s5 - m[10] * s2 + m[11] * s1) * id;
    o[8] = ( m[4] * c4 - m[5] * c2 + m[7] * c0) * id;  o[9] = (-m[0] * c4 + m[1] * c2 - m[3] * c0) * id;
    o[10] = ( m[12] * s4 - m[13] * s2 + m[15] * s0) * id; o[11] = (-m[8] * s4 + m[9] * s2 - m[11] * s0) * id;
    o[12] = (-m[4] * c3 + m[5] * c1 - m[6] * c0) * id; o[13] = ( m[0] * c3 - m[1] * c1 + m[2] * c0) * id;
    o[14] = (-m[12] * s3 + m[13] * s1 - m[14] * s0) * id; o[15] = ( m[8] * s3 - m[9] * s1 + m[10] * s0) * id;
    double2* q = reinterpret_cast<double2*>(out + (size_t)b * 16);
#pragma unroll
    for (int i = 0; i < 8; ++i) q[i] = make_double2(o[2 * i], o[2 * i + 1]);
    dets[b] = det;
}

// Gauss-Jordan inverse with partial pivoting, compile-time N, double precision, registers only.
template <int N>
__device__ __forceinline__ void gauss_jordan(double (&a)[N][N], double (&inv)[N][N], int& singular)
{
#pragma unroll
    for (int i = 0; i < N; ++i)
#pragma unroll
        for (int j = 0; j < N; ++j) inv[i][j] = (i == j) ? 1.0 : 0.0;
    singular = 0;
#pragma unroll
    for (int k = 0; k < N; ++k) {
        // pivot search and row swap with predicated moves (no dynamic indexing)
#pragma unroll
        for (int r = k + 1; r < N; ++r) {
            bool sw = fabs(a[r][k]) > fabs(a[k][k]);
#pragma unroll
            for (int j = 0; j < N; ++j) {
                double t = a[k][j]; a[k][j] = sw ? a[r][j] : t; a[r][j] = sw ? t : a[r][j];
                double u = inv[k][j]; inv[k][j] = sw ? inv[r][j] : u; inv[r][j] = sw ? u : inv[r][j];
            }
        }
        if (a[k][k] == 0.0) singular = 1;
        double p = 1.0 / a[k][k];
#pragma unroll
        for (int j = 0; j < N; ++j) { a[k][j] *= p; inv[k][j] *= p; }
#pragma unroll
        for (int r = 0; r < N; ++r) {
            if (r == k) continue;
            double f = a[r][k];
#pragma unroll
            for (int j = 0; j < N; ++j) { a[r][j] -= f * a[k][j]; inv[r][j] -= f * inv[k][j]; }
        }
    }
}

extern "C" __global__ void inv6x6_gj_f64(const double* __restrict__ in, double* __restrict__ out,
                                         int* __restrict__ info, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    double a[6][6], inv[6][6];
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) a[i][j] = in[(size_t)b * 36 + i * 6 + j];
    int sing;
    gauss_jordan<6>(a, inv, sing);
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) out[(size_t)b * 36 + i * 6 + j] = inv[i][j];
    info[b] = sing;
}

// 8x8 Gauss-Jordan in double under tight occupancy bounds.
extern "C" __global__ void __launch_bounds__(128, 8)
inv8x8_gj_f64_occ(const double* __restrict__ in, double* __restrict__ out, int* __restrict__ info, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    double a[8][8], inv[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) a[i][j] = in[(size_t)b * 64 + i * 8 + j];
    int sing;
    gauss_jordan<8>(a, inv, sing);
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) out[(size_t)b * 64 + i * 8 + j] = inv[i][j];
    info[b] = sing;
}

// Doolittle LU with runtime size (<= 16) and pivot vector in local memory; one thread per matrix.
extern "C" __global__ void lu_pivot_local(float* __restrict__ A, int* __restrict__ piv, int n, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch || n > 16) return;
    float* M = A + (size_t)b * n * n;
    int p[16];
    for (int i = 0; i < n; ++i) p[i] = i;
    for (int k = 0; k < n; ++k) {
        int best = k; float bv = fabsf(M[p[k] * n + k]);
        for (int r = k + 1; r < n; ++r) { float v = fabsf(M[p[r] * n + k]); if (v > bv) { bv = v; best = r; } }
        int t = p[k]; p[k] = p[best]; p[best] = t;
        float d = 1.f / M[p[k] * n + k];
        for (int r = k + 1; r < n; ++r) {
            float f = M[p[r] * n + k] * d;
            M[p[r] * n + k] = f;
            for (int j = k + 1; j < n; ++j) M[p[r] * n + j] -= f * M[p[k] * n + j];
        }
    }
    for (int i = 0; i < n; ++i) piv[(size_t)b * n + i] = p[i];
}
