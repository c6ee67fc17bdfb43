// Row-wise softmax, one block per row; the same shared scratch array is used for
// the max reduction and for the sum reduction.
// Launch: blockDim.x = 256 exactly (power of two), gridDim.x = nrows.
#include <cuda_runtime.h>
#include <math.h>

#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
softmax_rows_race(const float* __restrict__ x, float* __restrict__ y, int ncols)
{
    __shared__ float red[BLOCK];
    const int tid = threadIdx.x;
    const float* xr = x + (size_t)blockIdx.x * ncols;
    float* yr = y + (size_t)blockIdx.x * ncols;

    float m = -INFINITY;
    for (int c = tid; c < ncols; c += BLOCK) m = fmaxf(m, xr[c]);
    red[tid] = m;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
        __syncthreads();
    }
    const float rowmax = red[0];

    float sum = 0.0f;
    for (int c = tid; c < ncols; c += BLOCK) sum += __expf(xr[c] - rowmax);
    red[tid] = sum;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    const float inv = 1.0f / red[0];

    for (int c = tid; c < ncols; c += BLOCK) yr[c] = __expf(xr[c] - rowmax) * inv;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
softmax_rows_ok(const float* __restrict__ x, float* __restrict__ y, int ncols)
{
    __shared__ float red[BLOCK];
    const int tid = threadIdx.x;
    const float* xr = x + (size_t)blockIdx.x * ncols;
    float* yr = y + (size_t)blockIdx.x * ncols;

    float m = -INFINITY;
    for (int c = tid; c < ncols; c += BLOCK) m = fmaxf(m, xr[c]);
    red[tid] = m;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
        __syncthreads();
    }
    const float rowmax = red[0];
    __syncthreads();   // everyone has read red[0] before it is overwritten

    float sum = 0.0f;
    for (int c = tid; c < ncols; c += BLOCK) sum += __expf(xr[c] - rowmax);
    red[tid] = sum;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    const float inv = 1.0f / red[0];

    for (int c = tid; c < ncols; c += BLOCK) yr[c] = __expf(xr[c] - rowmax) * inv;
}
