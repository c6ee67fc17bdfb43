// SGEMM C = A * B with 16x16 tiles, double-buffered shared memory: the next
// k-tile is stored into the other buffer while the current one is consumed.
// Launch: blockDim = (16, 16), gridDim = (ceil(N/16), ceil(M/16)).
#include <cuda_runtime.h>

#define TS 16

static __device__ __forceinline__ float ld_a(const float* A, int M, int K, int row, int k)
{
    return (row < M && k < K) ? A[(size_t)row * K + k] : 0.0f;
}
static __device__ __forceinline__ float ld_b(const float* B, int K, int N, int k, int col)
{
    return (k < K && col < N) ? B[(size_t)k * N + col] : 0.0f;
}

extern "C" __global__ void __launch_bounds__(TS * TS)
sgemm_dbuf_race(const float* __restrict__ A, const float* __restrict__ B,
                float* __restrict__ C, int M, int N, int K)
{
    __shared__ float As[2][TS][TS + 1];
    __shared__ float Bs[2][TS][TS + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TS + ty, col = blockIdx.x * TS + tx;
    const int nt = (K + TS - 1) / TS;

    As[0][ty][tx] = ld_a(A, M, K, row, tx);
    Bs[0][ty][tx] = ld_b(B, K, N, ty, col);
    __syncthreads();

    float acc = 0.0f;
    for (int t = 0; t < nt; ++t) {
        const int cur = t & 1;
        if (t + 1 < nt) {
            As[cur ^ 1][ty][tx] = ld_a(A, M, K, row, (t + 1) * TS + tx);
            Bs[cur ^ 1][ty][tx] = ld_b(B, K, N, (t + 1) * TS + ty, col);
        }
        __syncthreads();   // prefetched tile visible before the next round
#pragma unroll
        for (int k = 0; k < TS; ++k) acc += As[cur][ty][k] * Bs[cur][k][tx];
    }
    if (row < M && col < N) C[(size_t)row * N + col] = acc;
}

extern "C" __global__ void __launch_bounds__(TS * TS)
sgemm_dbuf_ok(const float* __restrict__ A, const float* __restrict__ B,
              float* __restrict__ C, int M, int N, int K)
{
    __shared__ float As[2][TS][TS + 1];
    __shared__ float Bs[2][TS][TS + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TS + ty, col = blockIdx.x * TS + tx;
    const int nt = (K + TS - 1) / TS;

    As[0][ty][tx] = ld_a(A, M, K, row, tx);
    Bs[0][ty][tx] = ld_b(B, K, N, ty, col);
    __syncthreads();

    float acc = 0.0f;
    for (int t = 0; t < nt; ++t) {
        const int cur = t & 1;
        if (t + 1 < nt) {
            As[cur ^ 1][ty][tx] = ld_a(A, M, K, row, (t + 1) * TS + tx);
            Bs[cur ^ 1][ty][tx] = ld_b(B, K, N, (t + 1) * TS + ty, col);
        }
#pragma unroll
        for (int k = 0; k < TS; ++k) acc += As[cur][ty][k] * Bs[cur][k][tx];
        __syncthreads();   // buffer cur is free and buffer cur^1 is complete
    }
    if (row < M && col < N) C[(size_t)row * N + col] = acc;
}
