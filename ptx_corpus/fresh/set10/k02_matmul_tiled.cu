// Tiled matrix multiplication: shared-memory tiles, textbook and SDK variants.
#include <cuda_runtime.h>

template <int BLOCK_SIZE>
__device__ __forceinline__ void matrixMulCUDA(float *C, const float *A, const float *B, int wA, int wB)
{
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int aBegin = wA * BLOCK_SIZE * by;
    int aEnd = aBegin + wA - 1;
    int aStep = BLOCK_SIZE;
    int bBegin = BLOCK_SIZE * bx;
    int bStep = BLOCK_SIZE * wB;
    float Csub = 0;
    for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
        __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
        __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
        As[ty][tx] = A[a + wA * ty + tx];
        Bs[ty][tx] = B[b + wB * ty + tx];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BLOCK_SIZE; ++k)
            Csub += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
    C[c + wB * ty + tx] = Csub;
}

extern "C" __global__ void matmul_sdk_bs16(float *C, const float *A, const float *B, int wA, int wB)
{
    matrixMulCUDA<16>(C, A, B, wA, wB);
}

extern "C" __global__ void matmul_sdk_bs32(float *C, const float *A, const float *B, int wA, int wB)
{
    matrixMulCUDA<32>(C, A, B, wA, wB);
}

// General (bounds checked) tiled GEMM: C = alpha*A*B + beta*C, row-major.
#define TS 16
extern "C" __global__ void sgemm_tiled_bounds(int M, int N, int K, float alpha, const float *__restrict__ A,
                                              const float *__restrict__ B, float beta, float *__restrict__ C)
{
    __shared__ float sA[TS][TS + 1];
    __shared__ float sB[TS][TS + 1];
    int row = blockIdx.y * TS + threadIdx.y;
    int col = blockIdx.x * TS + threadIdx.x;
    float acc = 0.0f;
    int numTiles = (K + TS - 1) / TS;
    for (int t = 0; t < numTiles; ++t) {
        int ak = t * TS + threadIdx.x;
        int bk = t * TS + threadIdx.y;
        sA[threadIdx.y][threadIdx.x] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
        sB[threadIdx.y][threadIdx.x] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < TS; ++k)
            acc = fmaf(sA[threadIdx.y][k], sB[k][threadIdx.x], acc);
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = alpha * acc + beta * C[row * N + col];
}

// Double precision tiled GEMM
extern "C" __global__ void __launch_bounds__(256, 4)
dgemm_tiled16(int M, int N, int K, const double *__restrict__ A, const double *__restrict__ B,
              double *__restrict__ C)
{
    __shared__ double sA[16][16];
    __shared__ double sB[16][16];
    int row = blockIdx.y * 16 + threadIdx.y;
    int col = blockIdx.x * 16 + threadIdx.x;
    double acc = 0.0;
    for (int t = 0; t < K; t += 16) {
        sA[threadIdx.y][threadIdx.x] = (row < M && t + threadIdx.x < K) ? A[(size_t)row * K + t + threadIdx.x] : 0.0;
        sB[threadIdx.y][threadIdx.x] = (col < N && t + threadIdx.y < K) ? B[(size_t)(t + threadIdx.y) * N + col] : 0.0;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 16; ++k)
            acc += sA[threadIdx.y][k] * sB[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N) C[(size_t)row * N + col] = acc;
}
