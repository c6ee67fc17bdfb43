// Row-wise softmax, one 256-thread block per row (PyTorch-style block reductions:
// warp shuffle reduce, one partial per warp in shared memory, final warp reduce).
#include <cuda_runtime.h>

#define BLOCK  256
#define NWARPS (BLOCK / 32)

__device__ __forceinline__ float warp_max(float v)
{
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
__device__ __forceinline__ float warp_sum(float v)
{
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__device__ __forceinline__ float block_max_v1(float v, float* s)
{
    const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    v = warp_max(v);
    if (lane == 0) s[w] = v;
    __syncthreads();
    if (w == 0) {
        v = (lane < NWARPS) ? s[lane] : -INFINITY;
        v = warp_max(v);
        if (lane == 0) s[0] = v;
    }
    __syncthreads();
    return s[0];
}
__device__ __forceinline__ float block_sum_v1(float v, float* s)
{
    const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    v = warp_sum(v);
    if (lane == 0) s[w] = v;
    __syncthreads();
    if (w == 0) {
        v = (lane < NWARPS) ? s[lane] : 0.0f;
        v = warp_sum(v);
        if (lane == 0) s[0] = v;
    }
    __syncthreads();
    return s[0];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
softmax_race(const float* __restrict__ x, float* __restrict__ y, int ncols)
{
    __shared__ float s_red[32];
    const float* xr = x + (size_t)blockIdx.x * ncols;
    float*       yr = y + (size_t)blockIdx.x * ncols;

    float m = -INFINITY;
    for (int c = threadIdx.x; c < ncols; c += BLOCK) m = fmaxf(m, xr[c]);
    m = block_max_v1(m, s_red);

    float sum = 0.0f;
    for (int c = threadIdx.x; c < ncols; c += BLOCK) sum += __expf(xr[c] - m);
    sum = block_sum_v1(sum, s_red);

    const float inv = 1.0f / sum;
    for (int c = threadIdx.x; c < ncols; c += BLOCK) yr[c] = __expf(xr[c] - m) * inv;
}

// Variant used by the fixed kernel: a leading barrier makes the helper safe to call
// back-to-back with the same scratch buffer.
__device__ __forceinline__ float block_max_v2(float v, float* s)
{
    __syncthreads();
    return block_max_v1(v, s);
}
__device__ __forceinline__ float block_sum_v2(float v, float* s)
{
    __syncthreads();
    return block_sum_v1(v, s);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
softmax_ok(const float* __restrict__ x, float* __restrict__ y, int ncols)
{
    __shared__ float s_red[32];
    const float* xr = x + (size_t)blockIdx.x * ncols;
    float*       yr = y + (size_t)blockIdx.x * ncols;

    float m = -INFINITY;
    for (int c = threadIdx.x; c < ncols; c += BLOCK) m = fmaxf(m, xr[c]);
    m = block_max_v2(m, s_red);

    float sum = 0.0f;
    for (int c = threadIdx.x; c < ncols; c += BLOCK) sum += __expf(xr[c] - m);
    sum = block_sum_v2(sum, s_red);

    const float inv = 1.0f / sum;
    for (int c = threadIdx.x; c < ncols; c += BLOCK) yr[c] = __expf(xr[c] - m) * inv;
}
