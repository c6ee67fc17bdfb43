// Matrix transpose in the style of the classic samples: a TILE_DIM x TILE_DIM tile per block of
// TILE_DIM x BLOCK_ROWS threads, each thread moving TILE_DIM / BLOCK_ROWS elements; width and
// height are multiples of TILE_DIM (no bounds checks, as in the samples).
//   VARIANT 0: naive, reads rows and writes columns of global memory (strided writes)
//   VARIANT 1: through a shared tile, read back by column: 32-way bank conflicts
//   VARIANT 2: the same tile padded by one word per row: conflict-free
//   VARIANT 3: padded tile, blocks visited in diagonal order (spreads the partition camping)
//   VARIANT 4: copy through the shared tile without transposing (the bandwidth reference)
// Corpus mutant transpose_rows8_padded_nobar deletes the barrier: the column reads race with the
// row stores of other threads.
#ifndef VARIANT
#define VARIANT 2
#endif
#define TILE_DIM 32
#define BLOCK_ROWS 8
#if VARIANT == 1
#define PAD 0
#else
#define PAD 1
#endif
extern "C" __global__ void transpose_rows8(float *odata, const float *idata, int width, int height)
{
#if VARIANT == 0
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[x * height + (y + j)] = idata[(y + j) * width + x];
#else
    __shared__ float tile[TILE_DIM][TILE_DIM + PAD];
#if VARIANT == 3
    int bid = blockIdx.x + gridDim.x * blockIdx.y;
    int by = bid % gridDim.y;
    int bx = (bid / gridDim.y + by) % gridDim.x;
#else
    int bx = blockIdx.x, by = blockIdx.y;
#endif
    int x = bx * TILE_DIM + threadIdx.x;
    int y = by * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();
#if VARIANT == 4
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * width + x] = tile[threadIdx.y + j][threadIdx.x];
#else
    x = by * TILE_DIM + threadIdx.x;
    y = bx * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
#endif
#endif
}
