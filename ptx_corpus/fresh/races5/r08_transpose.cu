// Out-of-place matrix transpose with a persistent grid: each 32x8 block walks over 32x32 tiles.
// Interior tiles take an unguarded fast path, edge tiles a guarded path.
#include <cuda_runtime.h>

#define TILE_DIM   32
#define BLOCK_ROWS 8

extern "C" __global__ void __launch_bounds__(TILE_DIM * BLOCK_ROWS)
transpose_race(const float* __restrict__ in, float* __restrict__ out, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tilesX = (width + TILE_DIM - 1) / TILE_DIM;
    const int tilesY = (height + TILE_DIM - 1) / TILE_DIM;

    for (int t = blockIdx.x; t < tilesX * tilesY; t += gridDim.x) {
        const int x0 = (t % tilesX) * TILE_DIM;
        const int y0 = (t / tilesX) * TILE_DIM;
        const bool full = (x0 + TILE_DIM <= width) && (y0 + TILE_DIM <= height);

        if (full) {
            #pragma unroll
            for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
                tile[ty + j][tx] = in[(size_t)(y0 + ty + j) * width + x0 + tx];
            __syncthreads();
            #pragma unroll
            for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
                out[(size_t)(x0 + ty + j) * height + y0 + tx] = tile[tx][ty + j];
            __syncthreads();
        } else {
            for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
                if (x0 + tx < width && y0 + ty + j < height)
                    tile[ty + j][tx] = in[(size_t)(y0 + ty + j) * width + x0 + tx];
            __syncthreads();
            for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
                if (y0 + tx < height && x0 + ty + j < width)
                    out[(size_t)(x0 + ty + j) * height + y0 + tx] = tile[tx][ty + j];
        }
    }
}

extern "C" __global__ void __launch_bounds__(TILE_DIM * BLOCK_ROWS)
transpose_ok(const float* __restrict__ in, float* __restrict__ out, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tilesX = (width + TILE_DIM - 1) / TILE_DIM;
    const int tilesY = (height + TILE_DIM - 1) / TILE_DIM;

    for (int t = blockIdx.x; t < tilesX * tilesY; t += gridDim.x) {
        const int x0 = (t % tilesX) * TILE_DIM;
        const int y0 = (t / tilesX) * TILE_DIM;
        const bool full = (x0 + TILE_DIM <= width) && (y0 + TILE_DIM <= height);

        if (full) {
            #pragma unroll
            for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
                tile[ty + j][tx] = in[(size_t)(y0 + ty + j) * width + x0 + tx];
            __syncthreads();
            #pragma unroll
            for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
                out[(size_t)(x0 + ty + j) * height + y0 + tx] = tile[tx][ty + j];
        } else {
            for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
                if (x0 + tx < width && y0 + ty + j < height)
                    tile[ty + j][tx] = in[(size_t)(y0 + ty + j) * width + x0 + tx];
            __syncthreads();
            for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
                if (y0 + tx < height && x0 + ty + j < width)
                    out[(size_t)(x0 + ty + j) * height + y0 + tx] = tile[tx][ty + j];
        }
        __syncthreads();
    }
}
