// Double-precision dense linear algebra: DGEMM with 4x8 per-thread tiles
// (plain and register-capped), batched in-register Cholesky factorisation of
// 8x8 SPD matrices, and batched forward/back substitution.
#include <cuda_runtime.h>

#define DBM 64
#define DBN 128
#define DBK 8

__device__ __forceinline__ void dgemm_body(const double* __restrict__ A, const double* __restrict__ B,
                                           double* __restrict__ C, int M, int N, int K)
{
    __shared__ double As[DBK][DBM];
    __shared__ double Bs[DBK][DBN];
    int tx = threadIdx.x & 15, ty = threadIdx.x >> 4;   // 16 x 16 threads
    int m0 = blockIdx.y * DBM, n0 = blockIdx.x * DBN;
    double acc[4][8];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.0;
    for (int k0 = 0; k0 < K; k0 += DBK) {
        for (int e = threadIdx.x; e < DBM * DBK; e += 256) {
            int r = e / DBK, c = e % DBK;
            As[c][r] = (m0 + r < M && k0 + c < K) ? A[(size_t)(m0 + r) * K + k0 + c] : 0.0;
        }
        for (int e = threadIdx.x; e < DBK * DBN / 2; e += 256) {
            int r = e / (DBN / 2), c = (e % (DBN / 2)) * 2;
            double2 v = make_double2(0.0, 0.0);
            if (k0 + r < K && n0 + c + 1 < N) v = *reinterpret_cast<const double2*>(B + (size_t)(k0 + r) * N + n0 + c);
            Bs[r][c] = v.x; Bs[r][c + 1] = v.y;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < DBK; ++kk) {
            double a[4], b[8];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = As[kk][ty * 4 + i];
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                double2 bb = *reinterpret_cast<const double2*>(&Bs[kk][tx * 2 + 32 * j]);
                b[2 * j] = bb.x; b[2 * j + 1] = bb.y;
            }
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fma(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        int m = m0 + ty * 4 + i;
        if (m >= M) continue;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int n = n0 + tx * 2 + 32 * j;
            if (n + 1 < N) *reinterpret_cast<double2*>(C + (size_t)m * N + n) = make_double2(acc[i][2 * j], acc[i][2 * j + 1]);
        }
    }
}

extern "C" __global__ void __launch_bounds__(256)
dgemm_64x128_4x8(const double* __restrict__ A, const double* __restrict__ B, double* __restrict__ C,
                 int M, int N, int K)
{
    dgemm_body(A, B, C, M, N, K);
}

// 256 threads x 5 blocks/SM -> 48 registers: 32 doubles of accumulators cannot fit.
extern "C" __global__ void __launch_bounds__(256, 5)
dgemm_64x128_4x8_occ5(const double* __restrict__ A, const double* __restrict__ B, double* __restrict__ C,
                      int M, int N, int K)
{
    dgemm_body(A, B, C, M, N, K);
}

// In-register Cholesky of an 8x8 SPD matrix per thread (lower triangle).
extern "C" __global__ void cholesky8_batched(const double* __restrict__ Ain, double* __restrict__ Lout,
                                             int* __restrict__ info, int nbatch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nbatch) return;
    double a[36];  // packed lower triangle, row-major: idx(i,j) = i*(i+1)/2 + j
    const double* src = Ain + (size_t)b * 64;
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j <= i; ++j) a[i * (i + 1) / 2 + j] = src[i * 8 + j];
    int fail = 0;
#pragma unroll
    for (int j = 0; j < 8; ++j) {
        double d = a[j * (j + 1) / 2 + j];
#pragma unroll
        for (int k = 0; k < j; ++k) d -= a[j * (j + 1) / 2 + k] * a[j * (j + 1) / 2 + k];
        if (d <= 0.0 && !fail) fail = j + 1;
        d = sqrt(fmax(d, 1e-300));
        a[j * (j + 1) / 2 + j] = d;
        double id = 1.0 / d;
#pragma unroll
        for (int i = j + 1; i < 8; ++i) {
            double s = a[i * (i + 1) / 2 + j];
#pragma unroll
            for (int k = 0; k < j; ++k) s -= a[i * (i + 1) / 2 + k] * a[j * (j + 1) / 2 + k];
            a[i * (i + 1) / 2 + j] = s * id;
        }
    }
    double* dst = Lout + (size_t)b * 64;
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) dst[i * 8 + j] = (j <= i) ? a[i * (i + 1) / 2 + j] : 0.0;
    info[b] = fail;
}

// Solve L L^T x = rhs for a batch of n x n (n <= 32) factors, one warp each.
extern "C" __global__ void chol_solve_warp(const double* __restrict__ L, const double* __restrict__ rhs,
                                           double* __restrict__ x, int n, int nbatch)
{
    int w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (w >= nbatch) return;
    const double* Lb = L + (size_t)w * n * n;
    double v = (lane < n) ? rhs[(size_t)w * n + lane] : 0.0;
    // forward: L y = b ; lane i holds y_i
    for (int j = 0; j < n; ++j) {
        double yj = __shfl_sync(0xffffffffu, v, j) / Lb[j * n + j];
        if (lane == j) v = yj;
        if (lane > j && lane < n) v -= Lb[lane * n + j] * yj;
    }
    // backward: L^T x = y
    for (int j = n - 1; j >= 0; --j) {
        double xj = __shfl_sync(0xffffffffu, v, j) / Lb[j * n + j];
        if (lane == j) v = xj;
        if (lane < j) v -= Lb[j * n + lane] * xj;
    }
    if (lane < n) x[(size_t)w * n + lane] = v;
}
