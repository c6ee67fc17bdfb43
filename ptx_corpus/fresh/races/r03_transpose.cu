// Tiled matrix transpose, 32x8 thread block, each thread handles 4 rows.
#define TDIM 32
#define BROWS 8

// RACE: tile[ty+j][tx] stores and transposed tile[tx][ty+j] loads by other threads have no barrier between them.
extern "C" __global__ void __launch_bounds__(TDIM * BROWS) transpose_race(float* odata, const float* idata, int width, int height)
{
    __shared__ float tile[TDIM][TDIM + 1];
    int x = blockIdx.x * TDIM + threadIdx.x;
    int y = blockIdx.y * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < width && (y + j) < height)
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

    x = blockIdx.y * TDIM + threadIdx.x;
    y = blockIdx.x * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < height && (y + j) < width)
            odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// OK: __syncthreads() between the tile load and the transposed read-out.
extern "C" __global__ void __launch_bounds__(TDIM * BROWS) transpose_ok(float* odata, const float* idata, int width, int height)
{
    __shared__ float tile[TDIM][TDIM + 1];
    int x = blockIdx.x * TDIM + threadIdx.x;
    int y = blockIdx.y * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < width && (y + j) < height)
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TDIM + threadIdx.x;
    y = blockIdx.x * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < height && (y + j) < width)
            odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
