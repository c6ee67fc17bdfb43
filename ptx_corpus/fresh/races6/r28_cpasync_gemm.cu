// r28: SGEMM C = A*B (row-major, M,N,K multiples of 32) with 32x32x32 tiles double-buffered in
// shared memory through cp.async (16-byte __pipeline_memcpy_async); each thread computes 4 outputs.
// Launch: blockDim = (256,1,1), grid = (N/32, M/32), K >= 96 for the race below.
#include <cuda_pipeline.h>
#define BT 32

__device__ __forceinline__ void load_stage(float (*As)[BT], float (*Bs)[BT],
                                           const float* __restrict__ A, const float* __restrict__ B,
                                           int row0, int col0, int k0, int N, int K, int tid)
{
    const int r = tid >> 3, c4 = (tid & 7) * 4;
    __pipeline_memcpy_async(&As[r][c4], A + (size_t)(row0 + r) * K + k0 + c4, 16);
    __pipeline_memcpy_async(&Bs[r][c4], B + (size_t)(k0 + r) * N + col0 + c4, 16);
}

extern "C" __global__ void __launch_bounds__(256)
cpasync_gemm_race(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                  int M, int N, int K)
{
    __shared__ __align__(16) float As[2][BT][BT];
    __shared__ __align__(16) float Bs[2][BT][BT];
    const int tid = threadIdx.x, tx = tid & 31, ty = tid >> 5;
    const int row0 = blockIdx.y * BT, col0 = blockIdx.x * BT;
    const int KT = K / BT;
    float acc[4] = {0.f, 0.f, 0.f, 0.f};

    load_stage(As[0], Bs[0], A, B, row0, col0, 0, N, K, tid);
    __pipeline_commit();
    for (int kt = 0; kt < KT; ++kt) {
        const int cur = kt & 1;
        if (kt + 1 < KT)
            load_stage(As[cur ^ 1], Bs[cur ^ 1], A, B, row0, col0, (kt + 1) * BT, N, K, tid);
        __pipeline_commit();
        __pipeline_wait_prior(1);           // this thread's copies for tile kt have landed
        __syncthreads();                    // ... and everybody else's
#pragma unroll
        for (int k = 0; k < BT; ++k) {
            const float b = Bs[cur][k][tx];
#pragma unroll
            for (int i = 0; i < 4; ++i) acc[i] += As[cur][ty + 8 * i][k] * b;
        }
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) C[(size_t)(row0 + ty + 8 * i) * N + col0 + tx] = acc[i];
}

extern "C" __global__ void __launch_bounds__(256)
cpasync_gemm_ok(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                int M, int N, int K)
{
    __shared__ __align__(16) float As[2][BT][BT];
    __shared__ __align__(16) float Bs[2][BT][BT];
    const int tid = threadIdx.x, tx = tid & 31, ty = tid >> 5;
    const int row0 = blockIdx.y * BT, col0 = blockIdx.x * BT;
    const int KT = K / BT;
    float acc[4] = {0.f, 0.f, 0.f, 0.f};

    load_stage(As[0], Bs[0], A, B, row0, col0, 0, N, K, tid);
    __pipeline_commit();
    for (int kt = 0; kt < KT; ++kt) {
        const int cur = kt & 1;
        if (kt + 1 < KT)
            load_stage(As[cur ^ 1], Bs[cur ^ 1], A, B, row0, col0, (kt + 1) * BT, N, K, tid);
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BT; ++k) {
            const float b = Bs[cur][k][tx];
#pragma unroll
            for (int i = 0; i < 4; ++i) acc[i] += As[cur][ty + 8 * i][k] * b;
        }
        __syncthreads();                    // stage `cur` is refilled by the next iteration's prefetch
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) C[(size_t)(row0 + ty + 8 * i) * N + col0 + tx] = acc[i];
}
