// Domain: memory-bound matrix transposes (SDK transpose sample style)
// transpose_naive       - direct out[x][y] = in[y][x], uncoalesced writes
// transpose_smem_pad    - 32x32 shared tile with +1 padding, 32x8 threads, 4 rows per thread
// transpose_batched_h   - batched half-precision transpose through a 32x33 shared tile

#include <cuda_fp16.h>
#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void transpose_naive(float *out, const float *in, int width, int height)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height)
            out[x * height + (y + j)] = in[(y + j) * width + x];
}

extern "C" __global__ void transpose_smem_pad(float *__restrict__ out, const float *__restrict__ in,
                                              int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < height && y + j < width)
            out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" __global__ void transpose_batched_h(__half *__restrict__ out, const __half *__restrict__ in,
                                               int rows, int cols)
{
    __shared__ __half tile[TILE_DIM][TILE_DIM + 1];
    size_t base = (size_t)blockIdx.z * rows * cols;
    int c = blockIdx.x * TILE_DIM + threadIdx.x;
    int r = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += blockDim.y)
        tile[threadIdx.y + j][threadIdx.x] =
            (c < cols && r + j < rows) ? in[base + (size_t)(r + j) * cols + c] : __float2half(0.f);
    __syncthreads();
    c = blockIdx.y * TILE_DIM + threadIdx.x;
    r = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += blockDim.y)
        if (c < rows && r + j < cols)
            out[base + (size_t)(r + j) * rows + c] = tile[threadIdx.x][threadIdx.y + j];
}
