// Discrete second derivative  out[i] = x[i-1] - 2 x[i] + x[i+1]  with
// clamp-to-edge boundaries.
// Launch: blockDim.x = 256 (exactly BLOCK), gridDim.x = ceil(n / 256), n >= 1.
#include <cuda_runtime.h>

#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
laplace1d_race(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[BLOCK + 2];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;

    if (gid < n) {
        s[tid + 1] = in[gid];
        if (tid == 0)         s[0] = (gid > 0) ? in[gid - 1] : in[gid];
        if (tid == BLOCK - 1) s[BLOCK + 1] = (gid + 1 < n) ? in[gid + 1] : in[gid];
        __syncthreads();
        out[gid] = s[tid] - 2.0f * s[tid + 1] + s[tid + 2];
    } else {
        // ragged last block: replicate the last sample so the final valid
        // point sees a clamped right neighbour
        s[tid + 1] = in[n - 1];
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
laplace1d_ok(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[BLOCK + 2];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;

    // every thread of the block stages a value (clamped past the end) and
    // every thread reaches the barrier
    s[tid + 1] = in[min(gid, n - 1)];
    if (tid == 0)         s[0] = in[max(gid - 1, 0)];
    if (tid == BLOCK - 1) s[BLOCK + 1] = in[min(gid + 1, n - 1)];
    __syncthreads();

    if (gid < n)
        out[gid] = s[tid] - 2.0f * s[tid + 1] + s[tid + 2];
}
