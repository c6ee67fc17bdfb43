// r15_gemv_cpasync.cu
//
// Matrix-vector product y = W x + b for LLM token decoding (ML). Each block
// owns ROWS = 8 rows of W (one warp per row) and streams K in tiles of
// TK = 128 columns through a 3-stage cp.async pipeline
// (__pipeline_memcpy_async / __pipeline_commit / __pipeline_wait_prior):
// every stage holds the 8x128 slice of W and the matching 128 entries of x.
// Each of the 256 threads issues one 16-byte copy of W per stage, threads
// 0..31 additionally copy x. Warp results are reduced with shuffles.
//
// Launch configuration:
//   blockDim = (256,1,1)   (8 warps, must equal BLOCK)
//   gridDim  = (M/8,1,1), M = 4096 rows, K = 4096 (multiple of 128)
//   W, x 16-byte aligned; static shared memory (3 * (128 + 8*128) * 4 B).

#include <cuda_pipeline.h>

#define BLOCK 256
#define ROWS 8
#define TK 128
#define STAGES 3

__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
gemv_cpasync_race(const float* __restrict__ W, const float* __restrict__ x,
                  const float* __restrict__ bias, float* __restrict__ y, int M, int K)
{
    __shared__ __align__(16) float s_x[STAGES][TK];
    __shared__ __align__(16) float s_w[STAGES][ROWS][TK];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int row0 = blockIdx.x * ROWS;
    const int nt = K / TK;

    auto issue = [&](int t, int st) {
        const int r = tid / (TK / 4), c4 = tid % (TK / 4);
        __pipeline_memcpy_async(&s_w[st][r][c4 * 4], &W[(size_t)(row0 + r) * K + t * TK + c4 * 4], 16);
        if (tid < TK / 4) __pipeline_memcpy_async(&s_x[st][tid * 4], &x[t * TK + tid * 4], 16);
    };

    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < nt) issue(s, s);
        __pipeline_commit();
    }

    float acc = 0.f;
    for (int t = 0; t < nt; ++t) {
        const int nxt = t + STAGES - 1;
        if (nxt < nt) issue(nxt, nxt % STAGES);
        __pipeline_commit();
        __pipeline_wait_prior(STAGES - 1);
        __syncthreads();

        const int st = t % STAGES;
#pragma unroll
        for (int i = 0; i < TK / 32; ++i)
            acc += s_w[st][warp][lane + 32 * i] * s_x[st][lane + 32 * i];
    }
    acc = warp_sum(acc);
    if (lane == 0) y[row0 + warp] = acc + bias[row0 + warp];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
gemv_cpasync_ok(const float* __restrict__ W, const float* __restrict__ x,
                const float* __restrict__ bias, float* __restrict__ y, int M, int K)
{
    __shared__ __align__(16) float s_x[STAGES][TK];
    __shared__ __align__(16) float s_w[STAGES][ROWS][TK];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int row0 = blockIdx.x * ROWS;
    const int nt = K / TK;

    auto issue = [&](int t, int st) {
        const int r = tid / (TK / 4), c4 = tid % (TK / 4);
        __pipeline_memcpy_async(&s_w[st][r][c4 * 4], &W[(size_t)(row0 + r) * K + t * TK + c4 * 4], 16);
        if (tid < TK / 4) __pipeline_memcpy_async(&s_x[st][tid * 4], &x[t * TK + tid * 4], 16);
    };

    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < nt) issue(s, s);
        __pipeline_commit();
    }

    float acc = 0.f;
    for (int t = 0; t < nt; ++t) {
        __pipeline_wait_prior(STAGES - 2);
        __syncthreads();
        const int nxt = t + STAGES - 1;
        if (nxt < nt) issue(nxt, nxt % STAGES);
        __pipeline_commit();

        const int st = t % STAGES;
#pragma unroll
        for (int i = 0; i < TK / 32; ++i)
            acc += s_w[st][warp][lane + 32 * i] * s_x[st][lane + 32 * i];
    }
    acc = warp_sum(acc);
    if (lane == 0) y[row0 + warp] = acc + bias[row0 + warp];
}
