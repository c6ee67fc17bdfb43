// r05_transpose_persistent.cu
// Out-of-place matrix transpose through a padded 32x33 shared tile (CUDA SDK
// "transposeNoBankConflicts"), with persistent blocks that walk the tiles in a
// grid-stride loop.
//
// Launch (both kernels): blockDim = (32, 8), gridDim = (any, 1, 1), e.g.
//   2 * #SMs, with gridDim.x <= (#tiles)/2 so that every block handles at
//   least two tiles; width and height are multiples of 32.  The tile loop's
//   trip count depends only on blockIdx.x, so it is uniform within a block.
#define TILE 32
#define ROWS 8

extern "C" __global__ void __launch_bounds__(TILE * ROWS)
transpose_persistent_race(float* __restrict__ out, const float* __restrict__ in,
                          int width, int height)
{
    __shared__ float tile[TILE][TILE + 1];
    const int tilesX = width / TILE;
    const int ntiles = tilesX * (height / TILE);

    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        const int bx = t % tilesX, by = t / tilesX;
        int x = bx * TILE + threadIdx.x;
        int y = by * TILE + threadIdx.y;
        for (int j = 0; j < TILE; j += ROWS)
            tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * width + x];
        __syncthreads();

        x = by * TILE + threadIdx.x;
        y = bx * TILE + threadIdx.y;
        for (int j = 0; j < TILE; j += ROWS)
            out[(size_t)(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
        // no barrier before the next tile overwrites `tile`
    }
}

extern "C" __global__ void __launch_bounds__(TILE * ROWS)
transpose_persistent_ok(float* __restrict__ out, const float* __restrict__ in,
                        int width, int height)
{
    // Two tiles used alternately: the tile written in iteration k+2 was last read
    // in iteration k, and the barrier of iteration k+1 lies in between.
    __shared__ float tile[2][TILE][TILE + 1];
    const int tilesX = width / TILE;
    const int ntiles = tilesX * (height / TILE);
    int buf = 0;

    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        const int bx = t % tilesX, by = t / tilesX;
        int x = bx * TILE + threadIdx.x;
        int y = by * TILE + threadIdx.y;
        for (int j = 0; j < TILE; j += ROWS)
            tile[buf][threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * width + x];
        __syncthreads();

        x = by * TILE + threadIdx.x;
        y = bx * TILE + threadIdx.y;
        for (int j = 0; j < TILE; j += ROWS)
            out[(size_t)(y + j) * height + x] = tile[buf][threadIdx.x][threadIdx.y + j];
        buf ^= 1;
    }
}
