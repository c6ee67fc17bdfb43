// Batched small dense linear solves, one system per thread: 3x3 Cramer, 4x4 LU with partial pivoting, 6x6 Cholesky (double), runtime-size LU in local memory, and a fully unrolled 8x8 double Gauss-Jordan inverse.
#include <cuda_runtime.h>

extern "C" __global__ void solve3x3_cramer(const float* __restrict__ A, const float* __restrict__ b,
                                           float* __restrict__ x, int batch)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= batch) return;
    const float* a = A + (size_t)i * 9;
    float a00 = a[0], a01 = a[1], a02 = a[2], a10 = a[3], a11 = a[4], a12 = a[5], a20 = a[6], a21 = a[7], a22 = a[8];
    float b0 = b[3 * i], b1 = b[3 * i + 1], b2 = b[3 * i + 2];
    float c00 = a11 * a22 - a12 * a21, c01 = a12 * a20 - a10 * a22, c02 = a10 * a21 - a11 * a20;
    float det = a00 * c00 + a01 * c01 + a02 * c02;
    float inv = fabsf(det) > 1e-20f ? 1.f / det : 0.f;
    x[3 * i + 0] = inv * (b0 * c00 + a01 * (a12 * b2 - b1 * a22) + a02 * (b1 * a21 - a11 * b2));
    x[3 * i + 1] = inv * (a00 * (b1 * a22 - a12 * b2) + b0 * c01 + a02 * (a10 * b2 - b1 * a20));
    x[3 * i + 2] = inv * (a00 * (a11 * b2 - b1 * a21) + a01 * (b1 * a20 - a10 * b2) + b0 * c02);
}

// 4x4 LU with partial pivoting, fully unrolled; pivoting done by conditional row swaps in registers.
extern "C" __global__ void lu4x4_pivot_solve(const float* __restrict__ A, const float* __restrict__ B,
                                             float* __restrict__ X, int* __restrict__ info, int batch)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= batch) return;
    float a[4][5];
#pragma unroll
    for (int r = 0; r < 4; ++r) {
#pragma unroll
        for (int c = 0; c < 4; ++c) a[r][c] = A[(size_t)id * 16 + r * 4 + c];
        a[r][4] = B[(size_t)id * 4 + r];
    }
    int singular = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        // find pivot among rows k..3 and swap it into row k (register-only, unrolled compares)
#pragma unroll
        for (int r = k + 1; r < 4; ++r) {
            if (fabsf(a[r][k]) > fabsf(a[k][k])) {
#pragma unroll
                for (int c = 0; c < 5; ++c) { float t = a[k][c]; a[k][c] = a[r][c]; a[r][c] = t; }
            }
        }
        float p = a[k][k];
        if (p == 0.f) { singular = k + 1; p = 1e-30f; }
        float ip = 1.f / p;
#pragma unroll
        for (int r = k + 1; r < 4; ++r) {
            float l = a[r][k] * ip;
#pragma unroll
            for (int c = k; c < 5; ++c) a[r][c] = fmaf(-l, a[k][c], a[r][c]);
        }
    }
    float x[4];
#pragma unroll
    for (int r = 3; r >= 0; --r) {
        float s = a[r][4];
#pragma unroll
        for (int c = r + 1; c < 4; ++c) s = fmaf(-a[r][c], x[c], s);
        x[r] = s / a[r][r];
    }
#pragma unroll
    for (int r = 0; r < 4; ++r) X[(size_t)id * 4 + r] = x[r];
    info[id] = singular;
}

// 6x6 SPD systems (e.g. Gauss-Newton normal equations for 6-DoF pose), double precision Cholesky.
extern "C" __global__ void cholesky6x6_solve_f64(const double* __restrict__ H, const double* __restrict__ g,
                                                 double* __restrict__ dx, double lambda, int batch)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= batch) return;
    double L[21];    // packed lower triangle, row-major: L[i*(i+1)/2 + j]
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j <= i; ++j)
            L[i * (i + 1) / 2 + j] = H[(size_t)id * 36 + i * 6 + j] + (i == j ? lambda : 0.0);
#pragma unroll
    for (int j = 0; j < 6; ++j) {
        double s = L[j * (j + 1) / 2 + j];
#pragma unroll
        for (int k = 0; k < j; ++k) s -= L[j * (j + 1) / 2 + k] * L[j * (j + 1) / 2 + k];
        double d = sqrt(fmax(s, 1e-300));
        L[j * (j + 1) / 2 + j] = d;
        double id_ = 1.0 / d;
#pragma unroll
        for (int i = j + 1; i < 6; ++i) {
            double t = L[i * (i + 1) / 2 + j];
#pragma unroll
            for (int k = 0; k < j; ++k) t -= L[i * (i + 1) / 2 + k] * L[j * (j + 1) / 2 + k];
            L[i * (i + 1) / 2 + j] = t * id_;
        }
    }
    double y[6];
#pragma unroll
    for (int i = 0; i < 6; ++i) {
        double s = -g[(size_t)id * 6 + i];
#pragma unroll
        for (int k = 0; k < i; ++k) s -= L[i * (i + 1) / 2 + k] * y[k];
        y[i] = s / L[i * (i + 1) / 2 + i];
    }
#pragma unroll
    for (int i = 5; i >= 0; --i) {
        double s = y[i];
#pragma unroll
        for (int k = i + 1; k < 6; ++k) s -= L[k * (k + 1) / 2 + i] * y[k];
        y[i] = s / L[i * (i + 1) / 2 + i];
    }
#pragma unroll
    for (int i = 0; i < 6; ++i) dx[(size_t)id * 6 + i] = y[i];
}

// Runtime n <= 8: LU with partial pivoting in per-thread local arrays with a permutation vector.
#define LU_MAXN 8
extern "C" __global__ void lu_solve_small_local(const double* __restrict__ A, const double* __restrict__ B,
                                                double* __restrict__ X, int n, int batch)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= batch || n > LU_MAXN || n < 1) return;
    double a[LU_MAXN * LU_MAXN];
    double b[LU_MAXN];
    int perm[LU_MAXN];
    const double* Ai = A + (size_t)id * n * n;
    for (int i = 0; i < n * n; ++i) a[i] = Ai[i];
    for (int i = 0; i < n; ++i) { b[i] = B[(size_t)id * n + i]; perm[i] = i; }

    for (int k = 0; k < n; ++k) {
        int p = k;
        double best = fabs(a[perm[k] * n + k]);
        for (int r = k + 1; r < n; ++r) {
            double v = fabs(a[perm[r] * n + k]);
            if (v > best) { best = v; p = r; }
        }
        int t = perm[k]; perm[k] = perm[p]; perm[p] = t;
        int pk = perm[k];
        double piv = a[pk * n + k];
        if (piv == 0.0) piv = 1e-300;
        for (int r = k + 1; r < n; ++r) {
            int pr = perm[r];
            double l = a[pr * n + k] / piv;
            a[pr * n + k] = l;
            for (int c = k + 1; c < n; ++c) a[pr * n + c] -= l * a[pk * n + c];
        }
    }
    double y[LU_MAXN];
    for (int i = 0; i < n; ++i) {
        double s = b[perm[i]];
        for (int k = 0; k < i; ++k) s -= a[perm[i] * n + k] * y[k];
        y[i] = s;
    }
    for (int i = n - 1; i >= 0; --i) {
        double s = y[i];
        for (int k = i + 1; k < n; ++k) s -= a[perm[i] * n + k] * y[k];
        y[i] = s / a[perm[i] * n + i];
    }
    for (int i = 0; i < n; ++i) X[(size_t)id * n + i] = y[i];
}

// 8x8 double inverse by Gauss-Jordan without pivoting (diagonally dominant input), fully unrolled.
extern "C" __global__ void __launch_bounds__(256, 4)
inverse8x8_gj_f64(const double* __restrict__ A, double* __restrict__ Ainv, int batch)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= batch) return;
    double m[8][8];
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int c = 0; c < 8; ++c) m[r][c] = A[(size_t)id * 64 + r * 8 + c];
    // in-place Gauss-Jordan: m becomes its inverse
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        double ip = 1.0 / m[k][k];
        m[k][k] = 1.0;
#pragma unroll
        for (int c = 0; c < 8; ++c) m[k][c] *= ip;
#pragma unroll
        for (int r = 0; r < 8; ++r) {
            if (r == k) continue;
            double f = m[r][k];
            m[r][k] = 0.0;
#pragma unroll
            for (int c = 0; c < 8; ++c) m[r][c] = fma(-f, m[k][c], m[r][c]);
        }
    }
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int c = 0; c < 8; ++c) Ainv[(size_t)id * 64 + r * 8 + c] = m[r][c];
}
