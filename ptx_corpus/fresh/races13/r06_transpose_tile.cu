// Coalesced matrix transpose through a padded shared-memory tile
// (CUDA SDK "transpose", transposeCoalesced / transposeNoBankConflicts).
// Launch (both kernels): blockDim = (32, 8), gridDim = (width/32, height/32),
// width = height = 2048.
#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void transpose_race(float* __restrict__ odata, const float* __restrict__ idata,
                                          int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + yIndex * width;
    xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
    int index_out = xIndex + yIndex * height;

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}

extern "C" __global__ void transpose_ok(float* __restrict__ odata, const float* __restrict__ idata,
                                        int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + yIndex * width;
    xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
    int index_out = xIndex + yIndex * height;

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];

    __syncthreads();

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}
