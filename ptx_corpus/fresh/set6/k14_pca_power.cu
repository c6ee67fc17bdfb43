// PCA by block power (subspace) iteration, k = 4 components at a time:
//  * column mean/scale statistics in double
//  * W = C * V  with a 4x4 register tile (rows x vectors) per thread
//  * modified Gram-Schmidt + Rayleigh quotients in a single block
#include <stdint.h>

#define PCA_K 4

// blockDim = (32, 8): threadIdx.x picks the column inside a 32-column strip,
// threadIdx.y strides over rows. Partial sums merged with double atomics.
extern "C" __global__ void pca_column_moments(const float* __restrict__ X,   // [n, d] row-major
                                              int n, int d,
                                              double* __restrict__ col_sum,
                                              double* __restrict__ col_sumsq)
{
    __shared__ double s_sum[8][33];
    __shared__ double s_sq[8][33];
    int col = blockIdx.x * 32 + threadIdx.x;
    double s = 0.0, q = 0.0;
    if (col < d) {
        for (int r = blockIdx.y * 8 + threadIdx.y; r < n; r += gridDim.y * 8) {
            double v = (double)X[(long long)r * d + col];
            s += v;
            q = fma(v, v, q);
        }
    }
    s_sum[threadIdx.y][threadIdx.x] = s;
    s_sq[threadIdx.y][threadIdx.x] = q;
    __syncthreads();
    if (threadIdx.y == 0 && col < d) {
#pragma unroll
        for (int k = 1; k < 8; ++k) { s += s_sum[k][threadIdx.x]; q += s_sq[k][threadIdx.x]; }
        atomicAdd(&col_sum[col], s);
        atomicAdd(&col_sumsq[col], q);
    }
}

#define PCA_BM 64     // rows of C per block
#define PCA_BK 32     // reduction tile
// 16 threads per block, each owns 4 consecutive rows and all 4 vectors.
extern "C" __global__ void __launch_bounds__(PCA_BM / 4)
pca_cov_times_subspace(const double* __restrict__ C,   // [d, d] symmetric
                       const double* __restrict__ V,   // [d, PCA_K] row-major
                       int d,
                       double shift,                   // spectral shift (C - shift I)
                       double* __restrict__ W)
{
    __shared__ double s_v[PCA_BK][PCA_K];
    __shared__ double s_c[PCA_BM][PCA_BK + 1];
    int row0 = blockIdx.x * PCA_BM + threadIdx.x * 4;
    double acc[4][PCA_K];
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
        for (int k = 0; k < PCA_K; ++k) acc[r][k] = 0.0;

    for (int k0 = 0; k0 < d; k0 += PCA_BK) {
        for (int t = threadIdx.x; t < PCA_BK * PCA_K; t += blockDim.x) {
            int kk = t / PCA_K, v = t % PCA_K;
            s_v[kk][v] = (k0 + kk < d) ? V[(long long)(k0 + kk) * PCA_K + v] : 0.0;
        }
        for (int t = threadIdx.x; t < PCA_BM * PCA_BK; t += blockDim.x) {
            int r = t / PCA_BK, c = t % PCA_BK;
            int gr = blockIdx.x * PCA_BM + r, gc = k0 + c;
            s_c[r][c] = (gr < d && gc < d) ? C[(long long)gr * d + gc] : 0.0;
        }
        __syncthreads();
#pragma unroll 4
        for (int kk = 0; kk < PCA_BK; ++kk) {
            double vv[PCA_K];
#pragma unroll
            for (int k = 0; k < PCA_K; ++k) vv[k] = s_v[kk][k];
#pragma unroll
            for (int r = 0; r < 4; ++r) {
                double c = s_c[threadIdx.x * 4 + r][kk];
#pragma unroll
                for (int k = 0; k < PCA_K; ++k) acc[r][k] = fma(c, vv[k], acc[r][k]);
            }
        }
        __syncthreads();
    }
#pragma unroll
    for (int r = 0; r < 4; ++r) {
        int gr = row0 + r;
        if (gr < d) {
#pragma unroll
            for (int k = 0; k < PCA_K; ++k)
                W[(long long)gr * PCA_K + k] = acc[r][k] - shift * V[(long long)gr * PCA_K + k];
        }
    }
}

__device__ double pca_block_sum(double v, double* s_red)
{
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    __syncthreads();
    if (lane == 0) s_red[w] = v;
    __syncthreads();
    double t = 0.0;
    int nw = blockDim.x >> 5;
    for (int k = 0; k < nw; ++k) t += s_red[k];
    return t;
}

// One block: Rayleigh quotients lambda_k = v_k . w_k, then modified
// Gram-Schmidt on W, written back as the next V. Also reports the change
// |V_new - V_old|_F^2 for convergence testing.
extern "C" __global__ void pca_orthonormalize(const double* __restrict__ V_old,
                                              double* __restrict__ W,      // in: C V ; out: orthonormal
                                              int d,
                                              double* __restrict__ eigenvalues,
                                              double* __restrict__ delta_sq)
{
    __shared__ double s_red[32];
    for (int k = 0; k < PCA_K; ++k) {
        double part = 0.0;
        for (int i = threadIdx.x; i < d; i += blockDim.x)
            part += V_old[(long long)i * PCA_K + k] * W[(long long)i * PCA_K + k];
        double lam = pca_block_sum(part, s_red);
        if (threadIdx.x == 0) eigenvalues[k] = lam;
    }
    for (int k = 0; k < PCA_K; ++k) {
        for (int j = 0; j < k; ++j) {
            double part = 0.0;
            for (int i = threadIdx.x; i < d; i += blockDim.x)
                part += W[(long long)i * PCA_K + j] * W[(long long)i * PCA_K + k];
            double proj = pca_block_sum(part, s_red);
            __syncthreads();
            for (int i = threadIdx.x; i < d; i += blockDim.x)
                W[(long long)i * PCA_K + k] -= proj * W[(long long)i * PCA_K + j];
            __syncthreads();
        }
        double part = 0.0;
        for (int i = threadIdx.x; i < d; i += blockDim.x) {
            double x = W[(long long)i * PCA_K + k];
            part += x * x;
        }
        double nrm = sqrt(pca_block_sum(part, s_red));
        double inv = nrm > 1e-300 ? 1.0 / nrm : 0.0;
        __syncthreads();
        // fix the sign so that the largest-magnitude entry is positive-ish:
        // use the sign of the first component for determinism
        double sgn = W[k] < 0.0 ? -1.0 : 1.0;
        __syncthreads();
        double dpart = 0.0;
        for (int i = threadIdx.x; i < d; i += blockDim.x) {
            double x = W[(long long)i * PCA_K + k] * inv * sgn;
            W[(long long)i * PCA_K + k] = x;
            double diff = x - V_old[(long long)i * PCA_K + k];
            dpart += diff * diff;
        }
        double dd = pca_block_sum(dpart, s_red);
        if (threadIdx.x == 0) delta_sq[k] = dd;
        __syncthreads();
    }
}
