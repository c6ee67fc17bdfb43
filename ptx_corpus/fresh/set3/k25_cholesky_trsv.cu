// Batched Cholesky factorization / solve and a blocked triangular solve (TRSV).
#include <cuda_runtime.h>

// 8x8 SPD Cholesky + forward/back substitution for one right-hand side, double precision.
extern "C" __global__ void chol8_solve_f64(const double* __restrict__ A, const double* __restrict__ rhs,
                                          double* __restrict__ x, int batch, double jitter)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    double L[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j <= i; ++j) L[i][j] = A[(size_t)b * 64 + i * 8 + j];
#pragma unroll
    for (int j = 0; j < 8; ++j) {
        double d = L[j][j] + jitter;
#pragma unroll
        for (int k = 0; k < j; ++k) d -= L[j][k] * L[j][k];
        d = sqrt(fmax(d, 1e-300));
        L[j][j] = d;
        double inv = 1.0 / d;
#pragma unroll
        for (int i = j + 1; i < 8; ++i) {
            double s = L[i][j];
#pragma unroll
            for (int k = 0; k < j; ++k) s -= L[i][k] * L[j][k];
            L[i][j] = s * inv;
        }
    }
    double y[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        double s = rhs[(size_t)b * 8 + i];
#pragma unroll
        for (int k = 0; k < i; ++k) s -= L[i][k] * y[k];
        y[i] = s / L[i][i];
    }
#pragma unroll
    for (int i = 7; i >= 0; --i) {
        double s = y[i];
#pragma unroll
        for (int k = i + 1; k < 8; ++k) s -= L[k][i] * y[k];
        y[i] = s / L[i][i];
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) x[(size_t)b * 8 + i] = y[i];
}

// 12x12 double Cholesky (e.g. covariance of 12-DOF states), factor written back lower-packed.
extern "C" __global__ void __launch_bounds__(64)
chol12_f64(const double* __restrict__ A, double* __restrict__ Lp, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    double L[78];
#pragma unroll
    for (int i = 0, t = 0; i < 12; ++i)
#pragma unroll
        for (int j = 0; j <= i; ++j, ++t) L[t] = A[(size_t)b * 144 + i * 12 + j];
#define LI(i, j) L[(i) * ((i) + 1) / 2 + (j)]
#pragma unroll
    for (int j = 0; j < 12; ++j) {
        double d = LI(j, j);
#pragma unroll
        for (int k = 0; k < j; ++k) d -= LI(j, k) * LI(j, k);
        d = sqrt(d);
        LI(j, j) = d;
        double inv = 1.0 / d;
#pragma unroll
        for (int i = j + 1; i < 12; ++i) {
            double s = LI(i, j);
#pragma unroll
            for (int k = 0; k < j; ++k) s -= LI(i, k) * LI(j, k);
            LI(i, j) = s * inv;
        }
    }
#undef LI
#pragma unroll
    for (int t = 0; t < 78; ++t) Lp[(size_t)b * 78 + t] = L[t];
}

// Lower-triangular TRSV, one block solves one large system: blocks of 32 rows, warp-cooperative.
extern "C" __global__ void trsv_lower_blocked(const float* __restrict__ L, const float* __restrict__ bvec,
                                              float* __restrict__ x, int n, int lda)
{
    __shared__ float xs[32];
    __shared__ float partial[8][32];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    for (int r0 = 0; r0 < n; r0 += 32) {
        int r = r0 + lane;
        float s = 0.f;
        for (int c = w * 32; c < r0; c += nw * 32)
            for (int cc = 0; cc < 32; ++cc)
                if (r < n) s += L[(size_t)(c + cc) * lda + r] * x[c + cc];
        partial[w][lane] = s;
        __syncthreads();
        if (w == 0) {
            float acc = (r < n) ? bvec[r] : 0.f;
            for (int q = 0; q < nw; ++q) acc -= partial[q][lane];
            for (int k = 0; k < 32 && r0 + k < n; ++k) {
                float diag = L[(size_t)(r0 + k) * lda + r0 + k];
                float xk = __shfl_sync(0xffffffffu, acc, k) / diag;
                if (lane == k) xs[k] = xk;
                if (lane > k && r < n) acc -= L[(size_t)(r0 + k) * lda + r] * xk;
            }
            __syncwarp();
            if (r < n) x[r] = xs[lane];
        }
        __syncthreads();
    }
}
