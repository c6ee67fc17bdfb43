// Stream compaction of positive values. Each block walks its chunk of the input
// one 256-element tile at a time, gathers the survivors of a tile in shared
// memory and flushes them to the output with one global atomic per tile.
// Launch: blockDim.x = 256, gridDim.x = ceil(n / per_block).
#include <cuda_runtime.h>

#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
compact_positive_race(const float* __restrict__ in, float* __restrict__ out,
                      int* __restrict__ out_count, int n, int per_block)
{
    __shared__ float s_buf[BLOCK];
    __shared__ int s_count;
    __shared__ int s_base;
    const int tid = threadIdx.x;
    const int begin = blockIdx.x * per_block;
    const int end = min(begin + per_block, n);

    for (int t = begin; t < end; t += BLOCK) {
        if (tid == 0) s_count = 0;

        const int i = t + tid;
        const float v = (i < end) ? in[i] : 0.0f;
        if (v > 0.0f) {
            const int slot = atomicAdd(&s_count, 1);
            s_buf[slot] = v;
        }
        __syncthreads();

        const int cnt = s_count;
        if (tid == 0) s_base = atomicAdd(out_count, cnt);
        __syncthreads();
        if (tid < cnt) out[s_base + tid] = s_buf[tid];
        __syncthreads();
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
compact_positive_ok(const float* __restrict__ in, float* __restrict__ out,
                    int* __restrict__ out_count, int n, int per_block)
{
    __shared__ float s_buf[BLOCK];
    __shared__ int s_count;
    __shared__ int s_base;
    const int tid = threadIdx.x;
    const int begin = blockIdx.x * per_block;
    const int end = min(begin + per_block, n);

    for (int t = begin; t < end; t += BLOCK) {
        if (tid == 0) s_count = 0;
        __syncthreads();

        const int i = t + tid;
        const float v = (i < end) ? in[i] : 0.0f;
        if (v > 0.0f) {
            const int slot = atomicAdd(&s_count, 1);
            s_buf[slot] = v;
        }
        __syncthreads();

        const int cnt = s_count;
        if (tid == 0) s_base = atomicAdd(out_count, cnt);
        __syncthreads();
        if (tid < cnt) out[s_base + tid] = s_buf[tid];
        __syncthreads();
    }
}
