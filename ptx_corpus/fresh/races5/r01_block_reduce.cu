// Block-wide sum reduction (one partial per block), 256 threads per block.
#include <cuda_runtime.h>

#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
block_reduce_race(const float* __restrict__ in, float* __restrict__ partial, int n)
{
    __shared__ float sdata[BLOCK];
    const unsigned tid = threadIdx.x;

    float sum = 0.0f;
    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK)
        sum += in[i];
    sdata[tid] = sum;
    __syncthreads();

    // tree reduction down to 128 live values
    for (unsigned s = BLOCK / 2; s > 64; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    // unrolled tail
    if (tid < 64) {
        volatile float* v = sdata;
        v[tid] += v[tid + 64];
        v[tid] += v[tid + 32];
        v[tid] += v[tid + 16];
        v[tid] += v[tid + 8];
        v[tid] += v[tid + 4];
        v[tid] += v[tid + 2];
        v[tid] += v[tid + 1];
    }
    if (tid == 0)
        partial[blockIdx.x] = sdata[0];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
block_reduce_ok(const float* __restrict__ in, float* __restrict__ partial, int n)
{
    __shared__ float sdata[BLOCK];
    const unsigned tid = threadIdx.x;

    float sum = 0.0f;
    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK)
        sum += in[i];
    sdata[tid] = sum;
    __syncthreads();

    for (unsigned s = BLOCK / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    // last 64 values: one warp, registers + shuffles
    if (tid < 32) {
        float v = sdata[tid] + sdata[tid + 32];
        #pragma unroll
        for (int off = 16; off > 0; off >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, off);
        if (tid == 0)
            partial[blockIdx.x] = v;
    }
}
