// r07_softmax_rows.cu
//
// Numerically stable row softmax (ML, attention / classifier heads).
// One block per row: a shuffle-based block max-reduction, then a block
// sum-reduction of exp(x - max), both going through the same small shared
// array of per-warp partials (s_red[w], w = warp id), and finally the
// normalized write-back.
//
// Launch configuration:
//   blockDim = (256,1,1)   (8 warps, must equal BLOCK)
//   gridDim  = (rows,1,1), rows = 32768, cols = 4096
//   static shared memory only.

#include <math.h>

#define BLOCK 256
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

extern "C" __global__ void __launch_bounds__(BLOCK)
softmax_rows_race(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    __shared__ float s_red[NWARPS];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float m = -INFINITY;
    for (int c = tid; c < cols; c += BLOCK) m = fmaxf(m, xr[c]);
    m = warp_max(m);
    if (lane == 0) s_red[warp] = m;
    __syncthreads();
    if (warp == 0) {
        m = (lane < NWARPS) ? s_red[lane] : -INFINITY;
        m = warp_max(m);
        if (lane == 0) s_red[0] = m;
    }
    __syncthreads();
    const float row_max = s_red[0];

    float sum = 0.f;
    for (int c = tid; c < cols; c += BLOCK) sum += __expf(xr[c] - row_max);
    sum = warp_sum(sum);
    if (lane == 0) s_red[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = (lane < NWARPS) ? s_red[lane] : 0.f;
        sum = warp_sum(sum);
        if (lane == 0) s_red[0] = sum;
    }
    __syncthreads();
    const float inv = 1.f / s_red[0];

    for (int c = tid; c < cols; c += BLOCK) yr[c] = __expf(xr[c] - row_max) * inv;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
softmax_rows_ok(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    __shared__ float s_red[NWARPS];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float m = -INFINITY;
    for (int c = tid; c < cols; c += BLOCK) m = fmaxf(m, xr[c]);
    m = warp_max(m);
    if (lane == 0) s_red[warp] = m;
    __syncthreads();
    if (warp == 0) {
        m = (lane < NWARPS) ? s_red[lane] : -INFINITY;
        m = warp_max(m);
        if (lane == 0) s_red[0] = m;
    }
    __syncthreads();
    const float row_max = s_red[0];
    __syncthreads();

    float sum = 0.f;
    for (int c = tid; c < cols; c += BLOCK) sum += __expf(xr[c] - row_max);
    sum = warp_sum(sum);
    if (lane == 0) s_red[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = (lane < NWARPS) ? s_red[lane] : 0.f;
        sum = warp_sum(sum);
        if (lane == 0) s_red[0] = sum;
    }
    __syncthreads();
    const float inv = 1.f / s_red[0];

    for (int c = tid; c < cols; c += BLOCK) yr[c] = __expf(xr[c] - row_max) * inv;
}
