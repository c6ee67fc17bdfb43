// Matrix transpose, SDK "transpose" sample style (coalesced and diagonal block ordering).

#define TILE_DIM 32

// Launch: blockDim = (32, 8), gridDim = (ceil(width/32), ceil(height/32))
extern "C" __global__ void __launch_bounds__(256)
transpose_coalesced(float* __restrict__ odata, const float* __restrict__ idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int yBase = blockIdx.y * TILE_DIM;
    for (int j = threadIdx.y; j < TILE_DIM; j += blockDim.y) {
        int y = yBase + j;
        if (x < width && y < height) tile[j][threadIdx.x] = idata[(size_t)y * width + x];
    }
    __syncthreads();
    int xo = blockIdx.y * TILE_DIM + threadIdx.x;
    int yoBase = blockIdx.x * TILE_DIM;
    for (int j = threadIdx.y; j < TILE_DIM; j += blockDim.y) {
        int yo = yoBase + j;
        if (xo < height && yo < width) odata[(size_t)yo * height + xo] = tile[threadIdx.x][j];
    }
}

// Diagonal block reordering to avoid partition camping (square matrices).
// Launch: blockDim = (32, 8), gridDim = (ceil(n/32), ceil(n/32)), width = height = n
extern "C" __global__ void __launch_bounds__(256)
transpose_diagonal(float* __restrict__ odata, const float* __restrict__ idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int bidy = blockIdx.x;
    int bidx = (blockIdx.x + blockIdx.y) % gridDim.x;
    int x = bidx * TILE_DIM + threadIdx.x;
    int yBase = bidy * TILE_DIM;
    for (int j = threadIdx.y; j < TILE_DIM; j += blockDim.y) {
        int y = yBase + j;
        if (x < width && y < height) tile[j][threadIdx.x] = idata[(size_t)y * width + x];
    }
    __syncthreads();
    int xo = bidy * TILE_DIM + threadIdx.x;
    int yoBase = bidx * TILE_DIM;
    for (int j = threadIdx.y; j < TILE_DIM; j += blockDim.y) {
        int yo = yoBase + j;
        if (xo < height && yo < width) odata[(size_t)yo * height + xo] = tile[threadIdx.x][j];
    }
}
