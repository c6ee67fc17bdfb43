// Register-blocked DGEMM (4x4 and 8x8 doubles per thread) and a 4x4-blocked complex CGEMM.
#include <cuda_runtime.h>
#include <cuComplex.h>

#define D4_BM 64
#define D4_BN 64
#define D4_BK 16

extern "C" __global__ void __launch_bounds__(256)
dgemm_rb4x4(const double* __restrict__ A, const double* __restrict__ B,
            double* __restrict__ C, int M, int N, int K, double alpha, double beta)
{
    __shared__ double As[D4_BK][D4_BM + 1];
    __shared__ double Bs[D4_BK][D4_BN];

    const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
    const int tid = threadIdx.x;
    const int rowBase = blockIdx.y * D4_BM, colBase = blockIdx.x * D4_BN;

    double c[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) c[i][j] = 0.0;

    for (int k0 = 0; k0 < K; k0 += D4_BK) {
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int e = tid + l * 256;
            int ar = e / D4_BK, ak = e % D4_BK;
            As[ak][ar] = (rowBase + ar < M && k0 + ak < K) ? A[(size_t)(rowBase + ar) * K + k0 + ak] : 0.0;
            int bk = e / D4_BN, bc = e % D4_BN;
            Bs[bk][bc] = (k0 + bk < K && colBase + bc < N) ? B[(size_t)(k0 + bk) * N + colBase + bc] : 0.0;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < D4_BK; ++k) {
            double a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = As[k][ty * 4 + i];
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = Bs[k][tx + 16 * j];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) c[i][j] = fma(a[i], b[j], c[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        int r = rowBase + ty * 4 + i;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int cc = colBase + tx + 16 * j;
            if (r < M && cc < N) {
                size_t idx = (size_t)r * N + cc;
                C[idx] = alpha * c[i][j] + beta * C[idx];
            }
        }
    }
}

// 8x8 doubles per thread: 64 accumulators = 128 32-bit registers before operands.
#define D8_BM 128
#define D8_BN 128
#define D8_BK 8

extern "C" __global__ void __launch_bounds__(256, 2)
dgemm_rb8x8(const double* __restrict__ A, const double* __restrict__ B,
            double* __restrict__ C, int M, int N, int K, double alpha, double beta)
{
    __shared__ double As[D8_BK][D8_BM];
    __shared__ double Bs[D8_BK][D8_BN];

    const int tid = threadIdx.x;
    const int tRow = tid / 16, tCol = tid % 16;
    const int rowBase = blockIdx.y * D8_BM, colBase = blockIdx.x * D8_BN;

    double acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.0;

    for (int k0 = 0; k0 < K; k0 += D8_BK) {
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int e = tid + l * 256;
            int ar = e / D8_BK, ak = e % D8_BK;
            As[ak][ar] = (rowBase + ar < M && k0 + ak < K) ? A[(size_t)(rowBase + ar) * K + k0 + ak] : 0.0;
            int bk = e / D8_BN, bc = e % D8_BN;
            Bs[bk][bc] = (k0 + bk < K && colBase + bc < N) ? B[(size_t)(k0 + bk) * N + colBase + bc] : 0.0;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < D8_BK; ++k) {
            double ra[8], rb[8];
#pragma unroll
            for (int i = 0; i < 8; ++i) ra[i] = As[k][tRow * 8 + i];
#pragma unroll
            for (int j = 0; j < 8; ++j) rb[j] = Bs[k][tCol * 8 + j];
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fma(ra[i], rb[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        int r = rowBase + tRow * 8 + i;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            int cc = colBase + tCol * 8 + j;
            if (cc < N) {
                size_t idx = (size_t)r * N + cc;
                C[idx] = alpha * acc[i][j] + beta * C[idx];
            }
        }
    }
}

// Complex single precision, 4x4 per thread, 16x16 threads.
extern "C" __global__ void __launch_bounds__(256)
cgemm_rb4x4(const cuFloatComplex* __restrict__ A, const cuFloatComplex* __restrict__ B,
            cuFloatComplex* __restrict__ C, int M, int N, int K, cuFloatComplex alpha)
{
    __shared__ cuFloatComplex As[16][64];
    __shared__ cuFloatComplex Bs[16][64];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    const int rowBase = blockIdx.y * 64, colBase = blockIdx.x * 64;

    float cr[4][4], ci[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) { cr[i][j] = 0.f; ci[i][j] = 0.f; }

    const cuFloatComplex zero = make_cuFloatComplex(0.f, 0.f);
    for (int k0 = 0; k0 < K; k0 += 16) {
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int e = tid + l * 256;
            int ar = e / 16, ak = e % 16;
            As[ak][ar] = (rowBase + ar < M && k0 + ak < K) ? A[(size_t)(rowBase + ar) * K + k0 + ak] : zero;
            int bk = e / 64, bc = e % 64;
            Bs[bk][bc] = (k0 + bk < K && colBase + bc < N) ? B[(size_t)(k0 + bk) * N + colBase + bc] : zero;
        }
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < 16; ++k) {
            cuFloatComplex a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = As[k][ty + 16 * i];
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = Bs[k][tx + 16 * j];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) {
                    cr[i][j] = fmaf(a[i].x, b[j].x, cr[i][j]);
                    cr[i][j] = fmaf(-a[i].y, b[j].y, cr[i][j]);
                    ci[i][j] = fmaf(a[i].x, b[j].y, ci[i][j]);
                    ci[i][j] = fmaf(a[i].y, b[j].x, ci[i][j]);
                }
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        int r = rowBase + ty + 16 * i;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int cc = colBase + tx + 16 * j;
            if (r < M && cc < N)
                C[(size_t)r * N + cc] = cuCmulf(alpha, make_cuFloatComplex(cr[i][j], ci[i][j]));
        }
    }
}
