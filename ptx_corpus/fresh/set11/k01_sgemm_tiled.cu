// Shared-memory tiled matrix multiply (SGEMM/DGEMM), one output element per thread, in the style of the SDK matrixMul sample.
#include <cuda_runtime.h>

#define TILE16 16
#define TILE32 32

// C = alpha * A * B + beta * C, A is MxK, B is KxN, row-major.
extern "C" __global__ void sgemm_tiled16(const float* __restrict__ A,
                                         const float* __restrict__ B,
                                         float* __restrict__ C,
                                         int M, int N, int K,
                                         float alpha, float beta)
{
    __shared__ float As[TILE16][TILE16];
    __shared__ float Bs[TILE16][TILE16];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE16 + ty;
    int col = blockIdx.x * TILE16 + tx;

    float acc = 0.0f;
    for (int t = 0; t < K; t += TILE16) {
        int ak = t + tx;
        int bk = t + ty;
        As[ty][tx] = (row < M && ak < K) ? A[(size_t)row * K + ak] : 0.0f;
        Bs[ty][tx] = (bk < K && col < N) ? B[(size_t)bk * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE16; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) {
        size_t idx = (size_t)row * N + col;
        C[idx] = alpha * acc + beta * C[idx];
    }
}

extern "C" __global__ void __launch_bounds__(1024)
sgemm_tiled32(const float* __restrict__ A,
              const float* __restrict__ B,
              float* __restrict__ C,
              int M, int N, int K)
{
    __shared__ float As[TILE32][TILE32];
    __shared__ float Bs[TILE32][TILE32 + 1];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE32 + ty;
    int col = blockIdx.x * TILE32 + tx;

    float acc = 0.0f;
    int numTiles = (K + TILE32 - 1) / TILE32;
    for (int t = 0; t < numTiles; ++t) {
        int ak = t * TILE32 + tx;
        int bk = t * TILE32 + ty;
        As[ty][tx] = (row < M && ak < K) ? __ldg(&A[(size_t)row * K + ak]) : 0.0f;
        Bs[ty][tx] = (bk < K && col < N) ? __ldg(&B[(size_t)bk * N + col]) : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE32; ++k)
            acc = fmaf(As[ty][k], Bs[k][tx], acc);
        __syncthreads();
    }
    if (row < M && col < N)
        C[(size_t)row * N + col] = acc;
}

extern "C" __global__ void dgemm_tiled16(const double* __restrict__ A,
                                         const double* __restrict__ B,
                                         double* __restrict__ C,
                                         int M, int N, int K,
                                         double alpha, double beta)
{
    __shared__ double As[TILE16][TILE16];
    __shared__ double Bs[TILE16][TILE16];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE16 + ty;
    int col = blockIdx.x * TILE16 + tx;

    double acc = 0.0;
    for (int t = 0; t < K; t += TILE16) {
        As[ty][tx] = (row < M && t + tx < K) ? A[(size_t)row * K + t + tx] : 0.0;
        Bs[ty][tx] = (t + ty < K && col < N) ? B[(size_t)(t + ty) * N + col] : 0.0;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE16; ++k)
            acc = fma(As[ty][k], Bs[k][tx], acc);
        __syncthreads();
    }
    if (row < M && col < N) {
        size_t idx = (size_t)row * N + col;
        C[idx] = (beta == 0.0) ? alpha * acc : alpha * acc + beta * C[idx];
    }
}

// Transposed-A variant: C = A^T * B with A stored KxM.
extern "C" __global__ void sgemm_tn_tiled16(const float* __restrict__ A,
                                            const float* __restrict__ B,
                                            float* __restrict__ C,
                                            int M, int N, int K)
{
    __shared__ float As[TILE16][TILE16 + 1];
    __shared__ float Bs[TILE16][TILE16];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE16 + ty;
    int col = blockIdx.x * TILE16 + tx;
    int arow = blockIdx.y * TILE16 + tx;

    float acc = 0.0f;
    for (int t = 0; t < K; t += TILE16) {
        // load A^T tile coalesced along M
        As[tx][ty] = (arow < M && t + ty < K) ? A[(size_t)(t + ty) * M + arow] : 0.0f;
        Bs[ty][tx] = (t + ty < K && col < N) ? B[(size_t)(t + ty) * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE16; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N)
        C[(size_t)row * N + col] = acc;
}
