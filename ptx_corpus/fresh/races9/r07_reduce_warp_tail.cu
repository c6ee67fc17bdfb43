// Block sum reduction (grid-stride accumulation, then a shared-memory tree).
// Launch: blockDim.x = 256 (exactly BLOCK), any gridDim.x; out has gridDim.x entries.
#include <cuda_runtime.h>

#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
block_sum_race(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[BLOCK];
    const int tid = threadIdx.x;

    float v = 0.0f;
    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK)
        v += in[i];
    s[tid] = v;
    __syncthreads();

    for (int st = BLOCK / 2; st > 32; st >>= 1) {
        if (tid < st) s[tid] += s[tid + st];
        __syncthreads();
    }

    // last 64 elements: one warp, no barriers needed
    if (tid < 32) {
        volatile float* vs = s;
        vs[tid] += vs[tid + 32];
        vs[tid] += vs[tid + 16];
        vs[tid] += vs[tid + 8];
        vs[tid] += vs[tid + 4];
        vs[tid] += vs[tid + 2];
        vs[tid] += vs[tid + 1];
    }
    if (tid == 0) out[blockIdx.x] = s[0];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
block_sum_ok(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[BLOCK];
    const int tid = threadIdx.x;

    float v = 0.0f;
    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK)
        v += in[i];
    s[tid] = v;
    __syncthreads();

    for (int st = BLOCK / 2; st > 32; st >>= 1) {
        if (tid < st) s[tid] += s[tid + st];
        __syncthreads();
    }

    // last 64 elements: one warp, finished in registers
    if (tid < 32) {
        float x = s[tid] + s[tid + 32];
#pragma unroll
        for (int off = 16; off > 0; off >>= 1)
            x += __shfl_down_sync(0xffffffffu, x, off);
        if (tid == 0) out[blockIdx.x] = x;
    }
}
