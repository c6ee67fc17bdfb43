// 1D weighted stencil of radius R over a float signal.
// Launch: blockDim.x = 256 (exactly BLOCK), gridDim.x = ceil(n / 256).
#include <cuda_runtime.h>

#define BLOCK 256
#define R 3

extern "C" __global__ void __launch_bounds__(BLOCK)
stencil1d_race(const float* __restrict__ in, float* __restrict__ out,
               const float* __restrict__ w, int n)
{
    __shared__ float tile[BLOCK + 2 * R];
    const int tid  = threadIdx.x;
    const int base = blockIdx.x * BLOCK;
    const int gid  = base + tid;

    // interior
    tile[tid + R] = (gid < n) ? in[gid] : 0.0f;

    // halos: the first R threads fetch R elements on each side
    if (tid < R) {
        const int l = base - R + tid;
        const int r = base + BLOCK + tid;
        tile[tid]         = (l >= 0) ? in[l] : 0.0f;
        tile[BLOCK + tid] = (r < n)  ? in[r] : 0.0f;
    }
    __syncthreads();

    if (gid < n) {
        float acc = 0.0f;
#pragma unroll
        for (int k = -R; k <= R; ++k)
            acc += w[k + R] * tile[tid + R + k];
        out[gid] = acc;
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
stencil1d_ok(const float* __restrict__ in, float* __restrict__ out,
             const float* __restrict__ w, int n)
{
    __shared__ float tile[BLOCK + 2 * R];
    const int tid  = threadIdx.x;
    const int base = blockIdx.x * BLOCK;
    const int gid  = base + tid;

    // interior
    tile[tid + R] = (gid < n) ? in[gid] : 0.0f;

    // halos: the first R threads fetch R elements on each side
    if (tid < R) {
        const int l = base - R + tid;
        const int r = base + BLOCK + tid;
        tile[tid]             = (l >= 0) ? in[l] : 0.0f;
        tile[BLOCK + R + tid] = (r < n)  ? in[r] : 0.0f;
    }
    __syncthreads();

    if (gid < n) {
        float acc = 0.0f;
#pragma unroll
        for (int k = -R; k <= R; ++k)
            acc += w[k + R] * tile[tid + R + k];
        out[gid] = acc;
    }
}
