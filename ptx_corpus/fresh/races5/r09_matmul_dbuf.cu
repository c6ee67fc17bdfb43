// C = A * B, 16x16 output tile per block, K-tiles double-buffered in shared memory
// (next tile is stored while the current one is consumed; one barrier per K step).
#include <cuda_runtime.h>

#define TS 16

extern "C" __global__ void __launch_bounds__(TS * TS)
matmul_dbuf_race(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                 int M, int N, int K)
{
    __shared__ float As[2][TS][TS];
    __shared__ float Bs[2][TS][TS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TS + ty;
    const int col = blockIdx.x * TS + tx;
    const int ntiles = (K + TS - 1) / TS;

    int buf = 0;
    As[0][ty][tx] = (row < M && tx < K) ? A[(size_t)row * K + tx] : 0.0f;
    Bs[0][ty][tx] = (ty < K && col < N) ? B[(size_t)ty * N + col] : 0.0f;
    __syncthreads();

    float acc = 0.0f;
    for (int t = 0; t < ntiles; ++t) {
        if (t + 1 < ntiles) {
            int ka = (t + 1) * TS + tx;
            int kb = (t + 1) * TS + ty;
            As[buf ^ 1][ty][tx] = (row < M && ka < K) ? A[(size_t)row * K + ka] : 0.0f;
            Bs[buf ^ 1][ty][tx] = (kb < K && col < N) ? B[(size_t)kb * N + col] : 0.0f;
            buf ^= 1;
        }
        #pragma unroll
        for (int k = 0; k < TS; ++k)
            acc = fmaf(As[buf][ty][k], Bs[buf][k][tx], acc);
        __syncthreads();
    }
    if (row < M && col < N)
        C[(size_t)row * N + col] = acc;
}

extern "C" __global__ void __launch_bounds__(TS * TS)
matmul_dbuf_ok(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int M, int N, int K)
{
    __shared__ float As[2][TS][TS];
    __shared__ float Bs[2][TS][TS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TS + ty;
    const int col = blockIdx.x * TS + tx;
    const int ntiles = (K + TS - 1) / TS;

    int buf = 0;
    As[0][ty][tx] = (row < M && tx < K) ? A[(size_t)row * K + tx] : 0.0f;
    Bs[0][ty][tx] = (ty < K && col < N) ? B[(size_t)ty * N + col] : 0.0f;
    __syncthreads();

    float acc = 0.0f;
    for (int t = 0; t < ntiles; ++t) {
        if (t + 1 < ntiles) {
            int ka = (t + 1) * TS + tx;
            int kb = (t + 1) * TS + ty;
            As[buf ^ 1][ty][tx] = (row < M && ka < K) ? A[(size_t)row * K + ka] : 0.0f;
            Bs[buf ^ 1][ty][tx] = (kb < K && col < N) ? B[(size_t)kb * N + col] : 0.0f;
        }
        #pragma unroll
        for (int k = 0; k < TS; ++k)
            acc = fmaf(As[buf][ty][k], Bs[buf][k][tx], acc);
        __syncthreads();
        buf ^= 1;
    }
    if (row < M && col < N)
        C[(size_t)row * N + col] = acc;
}
