// Matrix transpose through a padded 32x32 shared tile (SDK transposeNoBankConflicts style).
// out[x][y] = in[y][x], in is height x width (row-major), out is width x height.
// Launch: blockDim = (32,8,1), gridDim = (width/32, height/32, 1), no dynamic shared memory;
// width and height are multiples of 32.
#define TILE 32
#define BLOCK_ROWS 8

extern "C" __global__ void __launch_bounds__(TILE * BLOCK_ROWS)
transpose_race(const float* __restrict__ in, float* __restrict__ out, int width, int height)
{
    __shared__ float tile[TILE][TILE + 1];
    const int rows_per_thread = TILE / BLOCK_ROWS;   // 4
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE - threadIdx.y; j += rows_per_thread)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();

    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" __global__ void __launch_bounds__(TILE * BLOCK_ROWS)
transpose_ok(const float* __restrict__ in, float* __restrict__ out, int width, int height)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();

    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
