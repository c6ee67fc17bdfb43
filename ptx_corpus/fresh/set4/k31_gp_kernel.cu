// Gaussian-process kernel matrices: ARD squared-exponential tile (shared-memory blocked, float), Matern-5/2 in double with 2x2 register micro-tile, and predictive mean/variance diag reduction.
#include <cuda_runtime.h>

#define GT 16
#define MAXD 32

// K[i][j] = s2 * exp(-0.5 * sum_d ((x_id - z_jd)/l_d)^2), D <= MAXD
extern "C" __global__ void __launch_bounds__(GT * GT)
gp_rbf_ard_tile(const float* __restrict__ X, const float* __restrict__ Z, const float* __restrict__ lengthscale,
                float sigma2, int N, int M, int D, float* __restrict__ K, int addNoiseDiag, float noise)
{
    __shared__ float sx[GT][MAXD + 1], sz[GT][MAXD + 1];
    __shared__ float il[MAXD];
    int tx = threadIdx.x, ty = threadIdx.y;
    int i = blockIdx.y * GT + ty, j = blockIdx.x * GT + tx;
    int lin = ty * GT + tx;
    if (lin < D) il[lin] = 1.f / lengthscale[lin];
    __syncthreads();
    for (int e = lin; e < GT * D; e += GT * GT) {
        int r = e / D, d = e % D;
        int gi = blockIdx.y * GT + r, gj = blockIdx.x * GT + r;
        sx[r][d] = gi < N ? X[(size_t)gi * D + d] * il[d] : 0.f;
        sz[r][d] = gj < M ? Z[(size_t)gj * D + d] * il[d] : 0.f;
    }
    __syncthreads();
    if (i >= N || j >= M) return;
    float r2 = 0.f;
    for (int d = 0; d < D; ++d) { float t = sx[ty][d] - sz[tx][d]; r2 = fmaf(t, t, r2); }
    float k = sigma2 * __expf(-0.5f * r2);
    if (addNoiseDiag && i == j) k += noise;
    K[(size_t)i * M + j] = k;
}

// Matern 5/2, double, each thread computes a 2x2 block of K; X rows staged in shared memory (D fixed 8 here)
#define MD 8
extern "C" __global__ void
gp_matern52_f64_2x2(const double* __restrict__ X, int N, double lengthscale, double sigma2, double* __restrict__ K)
{
    __shared__ double sa[32][MD], sb[32][MD];
    int tx = threadIdx.x, ty = threadIdx.y;   // 16 x 16 threads -> 32 x 32 outputs
    int i0 = blockIdx.y * 32, j0 = blockIdx.x * 32;
    for (int e = ty * 16 + tx; e < 32 * MD; e += 256) {
        int r = e / MD, d = e % MD;
        sa[r][d] = i0 + r < N ? X[(size_t)(i0 + r) * MD + d] : 0.0;
        sb[r][d] = j0 + r < N ? X[(size_t)(j0 + r) * MD + d] : 0.0;
    }
    __syncthreads();
    double acc[2][2] = {{0, 0}, {0, 0}};
#pragma unroll
    for (int d = 0; d < MD; ++d) {
        double a0 = sa[2 * ty][d], a1 = sa[2 * ty + 1][d], b0 = sb[2 * tx][d], b1 = sb[2 * tx + 1][d];
        acc[0][0] += (a0 - b0) * (a0 - b0); acc[0][1] += (a0 - b1) * (a0 - b1);
        acc[1][0] += (a1 - b0) * (a1 - b0); acc[1][1] += (a1 - b1) * (a1 - b1);
    }
    const double s5 = 2.23606797749979;
#pragma unroll
    for (int a = 0; a < 2; ++a)
#pragma unroll
        for (int b = 0; b < 2; ++b) {
            int i = i0 + 2 * ty + a, j = j0 + 2 * tx + b;
            if (i < N && j < N) {
                double r = sqrt(acc[a][b]) / lengthscale;
                K[(size_t)i * N + j] = sigma2 * (1.0 + s5 * r + 5.0 / 3.0 * r * r) * exp(-s5 * r);
            }
        }
}

// predictive variance diag: var_i = k(x*,x*) - sum_j V[j][i]^2, where V = L^{-1} K_*; one warp per test point, column-major V
extern "C" __global__ void
gp_predictive_var(const float* __restrict__ V /*N x T col-major: V[i*N + j]*/, const float* __restrict__ alphaKs /*T*/,
                  float prior, int N, int T, float* __restrict__ mean, float* __restrict__ var, const float* __restrict__ meanIn)
{
    int t = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (t >= T) return;
    const float* v = V + (size_t)t * N;
    float s = 0.f;
    for (int j = lane; j < N; j += 32) { float x = v[j]; s = fmaf(x, x, s); }
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    if (lane == 0) { var[t] = fmaxf(prior - s, 1e-12f); mean[t] = meanIn[t] + alphaKs[t]; }
}
