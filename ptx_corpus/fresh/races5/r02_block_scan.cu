// Block-wide inclusive scan (Hillis-Steele), one element per thread.
#include <cuda_runtime.h>

#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
block_scan_race(const float* __restrict__ in, float* __restrict__ out,
                float* __restrict__ block_sums, int n)
{
    __shared__ float s[BLOCK];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;

    s[tid] = (gid < n) ? in[gid] : 0.0f;
    __syncthreads();

    for (int off = 1; off < BLOCK; off <<= 1) {
        float v = s[tid];
        if (tid >= off)
            v += s[tid - off];
        __syncthreads();
        s[tid] = v;
    }
    __syncthreads();

    if (gid < n)
        out[gid] = s[tid];
    if (tid == BLOCK - 1 && block_sums)
        block_sums[blockIdx.x] = s[tid];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
block_scan_ok(const float* __restrict__ in, float* __restrict__ out,
              float* __restrict__ block_sums, int n)
{
    __shared__ float s[2][BLOCK];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;

    int pout = 0, pin = 1;
    s[pout][tid] = (gid < n) ? in[gid] : 0.0f;
    __syncthreads();

    for (int off = 1; off < BLOCK; off <<= 1) {
        pout = 1 - pout;
        pin  = 1 - pout;
        float v = s[pin][tid];
        if (tid >= off)
            v += s[pin][tid - off];
        s[pout][tid] = v;
        __syncthreads();
    }

    if (gid < n)
        out[gid] = s[pout][tid];
    if (tid == BLOCK - 1 && block_sums)
        block_sums[blockIdx.x] = s[pout][tid];
}
