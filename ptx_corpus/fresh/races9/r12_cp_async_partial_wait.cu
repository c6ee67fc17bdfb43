// y = A x (A is M x K row-major, K a multiple of 4, x 16-byte aligned).
// x is staged 1024 floats at a time with cp.async (16 bytes per thread);
// each warp computes 4 rows of the block's 32-row slice.
// Launch: blockDim.x = 256 (exactly BLOCK), gridDim.x = ceil(M / 32).
#include <cuda_runtime.h>
#include <cuda_pipeline.h>

#define BLOCK 256
#define KC (4 * BLOCK)
#define RPW 4

static __device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
gemv_cpasync_race(const float* __restrict__ A, const float* __restrict__ x,
                  float* __restrict__ y, int M, int K)
{
    __shared__ __align__(16) float xs[KC];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int row0 = blockIdx.x * (RPW * BLOCK / 32) + warp * RPW;
    float acc[RPW] = {0.f, 0.f, 0.f, 0.f};

    for (int k0 = 0; k0 < K; k0 += KC) {
        const int kn = min(KC, K - k0);
        if (tid * 4 < kn)
            __pipeline_memcpy_async(&xs[tid * 4], x + k0 + tid * 4, 16);
        __pipeline_commit();
        // one warp drains the copy queue, the barrier publishes the chunk
        if (warp == 0) __pipeline_wait_prior(0);
        __syncthreads();

#pragma unroll
        for (int r = 0; r < RPW; ++r) {
            const int row = row0 + r;
            if (row >= M) break;
            const float* a = A + (size_t)row * K + k0;
            float s = 0.0f;
            for (int k = lane; k < kn; k += 32) s += a[k] * xs[k];
            acc[r] += s;
        }
        __syncthreads();
    }

#pragma unroll
    for (int r = 0; r < RPW; ++r) {
        const float s = warp_sum(acc[r]);
        if (lane == 0 && row0 + r < M) y[row0 + r] = s;
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
gemv_cpasync_ok(const float* __restrict__ A, const float* __restrict__ x,
                float* __restrict__ y, int M, int K)
{
    __shared__ __align__(16) float xs[KC];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int row0 = blockIdx.x * (RPW * BLOCK / 32) + warp * RPW;
    float acc[RPW] = {0.f, 0.f, 0.f, 0.f};

    for (int k0 = 0; k0 < K; k0 += KC) {
        const int kn = min(KC, K - k0);
        if (tid * 4 < kn)
            __pipeline_memcpy_async(&xs[tid * 4], x + k0 + tid * 4, 16);
        __pipeline_commit();
        // every thread waits for its own copies, the barrier publishes the chunk
        __pipeline_wait_prior(0);
        __syncthreads();

#pragma unroll
        for (int r = 0; r < RPW; ++r) {
            const int row = row0 + r;
            if (row >= M) break;
            const float* a = A + (size_t)row * K + k0;
            float s = 0.0f;
            for (int k = lane; k < kn; k += 32) s += a[k] * xs[k];
            acc[r] += s;
        }
        __syncthreads();
    }

#pragma unroll
    for (int r = 0; r < RPW; ++r) {
        const float s = warp_sum(acc[r]);
        if (lane == 0 && row0 + r < M) y[row0 + r] = s;
    }
}
