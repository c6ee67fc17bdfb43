// Matrix transpose variants (SDK "transpose" sample): naive, coalesced, no bank conflicts, diagonal.
#define TILE_DIM 32
#define BLOCK_ROWS 8

extern "C" __global__ void transposeNaive(float *odata, const float *idata, int width, int height)
{
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + width * yIndex;
    int index_out = yIndex + height * xIndex;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        odata[index_out + i] = idata[index_in + i * width];
}

extern "C" __global__ void transposeCoalesced(float *odata, const float *idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + (yIndex)*width;
    xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
    int index_out = xIndex + (yIndex)*height;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
    __syncthreads();
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}

extern "C" __global__ void transposeNoBankConflicts(float *odata, const float *idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + (yIndex)*width;
    xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
    int index_out = xIndex + (yIndex)*height;
#pragma unroll
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}

extern "C" __global__ void transposeDiagonal(double *odata, const double *idata, int width, int height)
{
    __shared__ double tile[TILE_DIM][TILE_DIM + 1];
    int blockIdx_x, blockIdx_y;
    if (width == height) {
        blockIdx_y = blockIdx.x;
        blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
    } else {
        int bid = blockIdx.x + gridDim.x * blockIdx.y;
        blockIdx_y = bid % gridDim.y;
        blockIdx_x = ((bid / gridDim.y) + blockIdx_y) % gridDim.x;
    }
    int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + (yIndex)*width;
    xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
    int index_out = xIndex + (yIndex)*height;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
    __syncthreads();
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
        odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}
