// 1-D weighted stencil of radius 3 with a shared-memory tile plus halo.
#include <cuda_runtime.h>

#define BLOCK  256
#define RADIUS 3

__constant__ float c_w[2 * RADIUS + 1];

__device__ __forceinline__ int clampi(int i, int n) { return i < 0 ? 0 : (i >= n ? n - 1 : i); }

extern "C" __global__ void __launch_bounds__(BLOCK)
stencil1d_race(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[BLOCK + 2 * RADIUS];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;

    s[tid + RADIUS] = in[clampi(gid, n)];
    if (tid < RADIUS) {
        s[tid]         = in[clampi(gid - RADIUS, n)];
        s[tid + BLOCK] = in[clampi(gid + BLOCK, n)];
    }
    __syncthreads();

    float acc = 0.0f;
    #pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k)
        acc = fmaf(c_w[k + RADIUS], s[tid + RADIUS + k], acc);
    if (gid < n)
        out[gid] = acc;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
stencil1d_ok(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float s[BLOCK + 2 * RADIUS];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;

    s[tid + RADIUS] = in[clampi(gid, n)];
    if (tid < RADIUS) {
        s[tid]                  = in[clampi(gid - RADIUS, n)];
        s[tid + BLOCK + RADIUS] = in[clampi(gid + BLOCK, n)];
    }
    __syncthreads();

    float acc = 0.0f;
    #pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k)
        acc = fmaf(c_w[k + RADIUS], s[tid + RADIUS + k], acc);
    if (gid < n)
        out[gid] = acc;
}
