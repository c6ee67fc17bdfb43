// Packs 8-row panels of a row-major matrix into column-major micro-panels
// (8 consecutive floats per column), the layout a GEMM micro-kernel streams.
// Launch: blockDim = (32, 4) = 128 threads; gridDim = (ncols / 32, nrows / 8).
// Each block packs an 8 x 32 slab; each thread moves rows ty and ty + 4.
#include <cuda_runtime.h>

#define ROWS 8
#define COLS 32

extern "C" __global__ void __launch_bounds__(128)
pack_panel_race(const float* __restrict__ src, float* __restrict__ dst, int ld)
{
    __shared__ float s[ROWS * COLS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float* slab = src + (size_t)blockIdx.y * ROWS * ld + blockIdx.x * COLS;

    // transpose while staging: column tx of the slab becomes a contiguous run
    for (int r = ty; r < ROWS; r += blockDim.y)
        s[tx * blockDim.y + r] = slab[(size_t)r * ld + tx];
    __syncthreads();

    float* out = dst + ((size_t)blockIdx.y * gridDim.x + blockIdx.x) * (ROWS * COLS);
    const int tid = ty * blockDim.x + tx;
    for (int i = tid; i < ROWS * COLS; i += blockDim.x * blockDim.y)
        out[i] = s[i];
}

extern "C" __global__ void __launch_bounds__(128)
pack_panel_ok(const float* __restrict__ src, float* __restrict__ dst, int ld)
{
    __shared__ float s[ROWS * COLS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float* slab = src + (size_t)blockIdx.y * ROWS * ld + blockIdx.x * COLS;

    // transpose while staging: column tx of the slab becomes a contiguous run
    for (int r = ty; r < ROWS; r += blockDim.y)
        s[tx * ROWS + r] = slab[(size_t)r * ld + tx];
    __syncthreads();

    float* out = dst + ((size_t)blockIdx.y * gridDim.x + blockIdx.x) * (ROWS * COLS);
    const int tid = ty * blockDim.x + tx;
    for (int i = tid; i < ROWS * COLS; i += blockDim.x * blockDim.y)
        out[i] = s[i];
}
