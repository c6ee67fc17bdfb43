// Inclusive block scan (Hillis-Steele) of int data; also emits per-block totals
// for a second pass.
// Launch: blockDim.x = 512 (exactly BLOCK), gridDim.x = ceil(n / 512).
#include <cuda_runtime.h>

#define BLOCK 512

extern "C" __global__ void __launch_bounds__(BLOCK)
scan_block_race(const int* __restrict__ in, int* __restrict__ out,
                int* __restrict__ block_sums, int n)
{
    __shared__ int s[BLOCK];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;

    s[tid] = (gid < n) ? in[gid] : 0;
    __syncthreads();

    for (int off = 1; off < BLOCK; off <<= 1) {
        const int add = (tid >= off) ? s[tid - off] : 0;
        s[tid] += add;
        __syncthreads();
    }

    if (gid < n) out[gid] = s[tid];
    if (tid == BLOCK - 1) block_sums[blockIdx.x] = s[tid];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
scan_block_ok(const int* __restrict__ in, int* __restrict__ out,
              int* __restrict__ block_sums, int n)
{
    __shared__ int s[BLOCK];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;

    s[tid] = (gid < n) ? in[gid] : 0;
    __syncthreads();

    for (int off = 1; off < BLOCK; off <<= 1) {
        const int add = (tid >= off) ? s[tid - off] : 0;
        __syncthreads();
        s[tid] += add;
        __syncthreads();
    }

    if (gid < n) out[gid] = s[tid];
    if (tid == BLOCK - 1) block_sums[blockIdx.x] = s[tid];
}
