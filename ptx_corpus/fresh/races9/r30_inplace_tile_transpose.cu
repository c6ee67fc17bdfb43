// In-place transpose of a batch of 32x32 float matrices (one matrix per block):
// load the matrix, swap across the diagonal in shared memory, store it back.
// Launch: blockDim = (32, 8) exactly, gridDim.x = batch.
#include <cuda_runtime.h>

#define T  32
#define BR 8

extern "C" __global__ void __launch_bounds__(T * BR)
batched_transpose32_race(float* __restrict__ mats)
{
    __shared__ float s[T][T + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    float* m = mats + (size_t)blockIdx.x * T * T;

    for (int r = ty; r < T; r += BR) s[r][tx] = m[r * T + tx];
    __syncthreads();

    // swap element (r, tx) with its mirror (tx, r); the diagonal stays put
    for (int r = ty; r < T; r += BR) {
        if (tx != r) {
            const float a = s[r][tx];
            const float b = s[tx][r];
            s[r][tx] = b;
            s[tx][r] = a;
        }
    }
    __syncthreads();

    for (int r = ty; r < T; r += BR) m[r * T + tx] = s[r][tx];
}

extern "C" __global__ void __launch_bounds__(T * BR)
batched_transpose32_ok(float* __restrict__ mats)
{
    __shared__ float s[T][T + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    float* m = mats + (size_t)blockIdx.x * T * T;

    for (int r = ty; r < T; r += BR) s[r][tx] = m[r * T + tx];
    __syncthreads();

    // each off-diagonal pair is swapped once, by the owner of the upper element
    for (int r = ty; r < T; r += BR) {
        if (tx > r) {
            const float a = s[r][tx];
            const float b = s[tx][r];
            s[r][tx] = b;
            s[tx][r] = a;
        }
    }
    __syncthreads();

    for (int r = ty; r < T; r += BR) m[r * T + tx] = s[r][tx];
}
