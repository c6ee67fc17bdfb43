// Out-of-place matrix transpose (rows x cols -> cols x rows) with a persistent
// grid: each block loops over 32x32 tiles, staging each in a padded shared tile.
// Launch: blockDim = (32, 8), gridDim.x = any (e.g. 2 * #SMs), gridDim.y = 1.
#include <cuda_runtime.h>

#define TD 32
#define BR 8

extern "C" __global__ void __launch_bounds__(TD * BR)
transpose_persistent_race(const float* __restrict__ in, float* __restrict__ out,
                          int rows, int cols)
{
    __shared__ float tile[TD][TD + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tiles_x = (cols + TD - 1) / TD;
    const int tiles_y = (rows + TD - 1) / TD;

    for (int t = blockIdx.x; t < tiles_x * tiles_y; t += gridDim.x) {
        const int bx = t % tiles_x, by = t / tiles_x;

        for (int j = 0; j < TD; j += BR) {
            const int x = bx * TD + tx, y = by * TD + ty + j;
            if (x < cols && y < rows) tile[ty + j][tx] = in[(size_t)y * cols + x];
        }
        __syncthreads();

        for (int j = 0; j < TD; j += BR) {
            const int x = by * TD + tx, y = bx * TD + ty + j;
            if (x < rows && y < cols) out[(size_t)y * rows + x] = tile[tx][ty + j];
        }
    }
}

extern "C" __global__ void __launch_bounds__(TD * BR)
transpose_persistent_ok(const float* __restrict__ in, float* __restrict__ out,
                        int rows, int cols)
{
    __shared__ float tile[TD][TD + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tiles_x = (cols + TD - 1) / TD;
    const int tiles_y = (rows + TD - 1) / TD;

    for (int t = blockIdx.x; t < tiles_x * tiles_y; t += gridDim.x) {
        const int bx = t % tiles_x, by = t / tiles_x;

        for (int j = 0; j < TD; j += BR) {
            const int x = bx * TD + tx, y = by * TD + ty + j;
            if (x < cols && y < rows) tile[ty + j][tx] = in[(size_t)y * cols + x];
        }
        __syncthreads();

        for (int j = 0; j < TD; j += BR) {
            const int x = by * TD + tx, y = bx * TD + ty + j;
            if (x < rows && y < cols) out[(size_t)y * rows + x] = tile[tx][ty + j];
        }
        __syncthreads();   // tile is refilled by the next iteration
    }
}
