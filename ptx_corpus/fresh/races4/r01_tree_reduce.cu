// Block-level tree reduction: sum of squares of a vector, one partial result per block
// (a second launch / host pass adds the partials).
// Assumed launch: 1-D blocks with blockDim.x == 256, any gridDim.x; partial[] has gridDim.x entries.
#include <stdint.h>

#define TR_BLOCK 256

extern "C" __global__ void __launch_bounds__(TR_BLOCK)
tree_reduce_race(const float* __restrict__ in, float* __restrict__ partial, unsigned n)
{
    if (blockDim.x != TR_BLOCK) return;
    __shared__ float sdata[TR_BLOCK];
    const unsigned tid = threadIdx.x;

    // first add during the load: every thread handles two elements per grid-stride step
    float acc = 0.f;
    const unsigned stride = gridDim.x * TR_BLOCK * 2;
    for (unsigned i = blockIdx.x * TR_BLOCK * 2 + tid; i < n; i += stride) {
        const float a = in[i];
        acc += a * a;
        if (i + TR_BLOCK < n) {
            const float b = in[i + TR_BLOCK];
            acc += b * b;
        }
    }
    sdata[tid] = acc;

    // tree reduction in shared memory
    for (unsigned s = TR_BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        partial[blockIdx.x] = sdata[0];
}

extern "C" __global__ void __launch_bounds__(TR_BLOCK)
tree_reduce_ok(const float* __restrict__ in, float* __restrict__ partial, unsigned n)
{
    if (blockDim.x != TR_BLOCK) return;
    __shared__ float sdata[TR_BLOCK];
    const unsigned tid = threadIdx.x;

    float acc = 0.f;
    const unsigned stride = gridDim.x * TR_BLOCK * 2;
    for (unsigned i = blockIdx.x * TR_BLOCK * 2 + tid; i < n; i += stride) {
        const float a = in[i];
        acc += a * a;
        if (i + TR_BLOCK < n) {
            const float b = in[i + TR_BLOCK];
            acc += b * b;
        }
    }
    sdata[tid] = acc;
    __syncthreads();

    for (unsigned s = TR_BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        partial[blockIdx.x] = sdata[0];
}
