// r16: row softmax, one block per row; a single shared buffer is used first for the row max
// and then for the row sum (tree reductions).
// Launch: blockDim.x a power of two <= 256 (typ. 256), grid = rows.
#include <math.h>

extern "C" __global__ void __launch_bounds__(256)
softmax_row_race(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    __shared__ float s_red[256];
    const int tid = threadIdx.x;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float m = -INFINITY;
    for (int c = tid; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
    s_red[tid] = m;
    __syncthreads();
    for (int s = blockDim.x >> 1; s > 0; s >>= 1) {
        if (tid < s) s_red[tid] = fmaxf(s_red[tid], s_red[tid + s]);
        __syncthreads();
    }
    const float rowmax = s_red[0];

    float sum = 0.f;
    for (int c = tid; c < cols; c += blockDim.x) sum += __expf(xr[c] - rowmax);
    s_red[tid] = sum;
    __syncthreads();
    for (int s = blockDim.x >> 1; s > 0; s >>= 1) {
        if (tid < s) s_red[tid] += s_red[tid + s];
        __syncthreads();
    }
    const float inv = 1.f / s_red[0];
    for (int c = tid; c < cols; c += blockDim.x) yr[c] = __expf(xr[c] - rowmax) * inv;
}

extern "C" __global__ void __launch_bounds__(256)
softmax_row_ok(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    __shared__ float s_red[256];
    const int tid = threadIdx.x;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float m = -INFINITY;
    for (int c = tid; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
    s_red[tid] = m;
    __syncthreads();
    for (int s = blockDim.x >> 1; s > 0; s >>= 1) {
        if (tid < s) s_red[tid] = fmaxf(s_red[tid], s_red[tid + s]);
        __syncthreads();
    }
    const float rowmax = s_red[0];
    __syncthreads();              // everybody has read the max before s_red is reused

    float sum = 0.f;
    for (int c = tid; c < cols; c += blockDim.x) sum += __expf(xr[c] - rowmax);
    s_red[tid] = sum;
    __syncthreads();
    for (int s = blockDim.x >> 1; s > 0; s >>= 1) {
        if (tid < s) s_red[tid] += s_red[tid + s];
        __syncthreads();
    }
    const float inv = 1.f / s_red[0];
    for (int c = tid; c < cols; c += blockDim.x) yr[c] = __expf(xr[c] - rowmax) * inv;
}
