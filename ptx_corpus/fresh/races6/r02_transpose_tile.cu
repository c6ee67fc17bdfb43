// r02: classic shared-memory matrix transpose (32x33 padded tile, 32x8 threads per block).
// Launch: blockDim = (256,1,1) (tx = tid & 31, ty = tid >> 5), grid = (ceil(width/32), ceil(height/32)).
#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void __launch_bounds__(256)
transpose_tile_race(float* __restrict__ out, const float* __restrict__ in, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    const int tx = threadIdx.x & 31, ty = threadIdx.x >> 5;
    int x = blockIdx.x * TILE_DIM + tx;
    int y = blockIdx.y * TILE_DIM + ty;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height)
            tile[ty + j][tx] = in[(size_t)(y + j) * width + x];

    x = blockIdx.y * TILE_DIM + tx;
    y = blockIdx.x * TILE_DIM + ty;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < height && y + j < width)
            out[(size_t)(y + j) * height + x] = tile[tx][ty + j];
}

extern "C" __global__ void __launch_bounds__(256)
transpose_tile_ok(float* __restrict__ out, const float* __restrict__ in, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    const int tx = threadIdx.x & 31, ty = threadIdx.x >> 5;
    int x = blockIdx.x * TILE_DIM + tx;
    int y = blockIdx.y * TILE_DIM + ty;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height)
            tile[ty + j][tx] = in[(size_t)(y + j) * width + x];

    __syncthreads();

    x = blockIdx.y * TILE_DIM + tx;
    y = blockIdx.x * TILE_DIM + ty;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < height && y + j < width)
            out[(size_t)(y + j) * height + x] = tile[tx][ty + j];
}
