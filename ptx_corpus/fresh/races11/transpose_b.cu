// Transposes where each block walks several 32x32 tiles (persistent-block style).

// Launch: blockDim = (32, 8), gridDim = (G, 1) for any G >= 1
extern "C" __global__ void __launch_bounds__(256)
transpose_tiles_loop(float* __restrict__ odata, const float* __restrict__ idata, int width, int height)
{
    __shared__ float tile[32][33];
    int tilesX = (width + 31) / 32;
    int tilesY = (height + 31) / 32;
    int ntiles = tilesX * tilesY;
    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        int bx = t % tilesX, by = t / tilesX;
        int x = bx * 32 + threadIdx.x;
        for (int j = threadIdx.y; j < 32; j += blockDim.y) {
            int y = by * 32 + j;
            if (x < width && y < height) tile[j][threadIdx.x] = idata[(size_t)y * width + x];
        }
        __syncthreads();
        int xo = by * 32 + threadIdx.x;
        for (int j = threadIdx.y; j < 32; j += blockDim.y) {
            int yo = bx * 32 + j;
            if (xo < height && yo < width) odata[(size_t)yo * height + xo] = tile[threadIdx.x][j];
        }
        __syncthreads();
    }
}

// Column-major tile order variant, tiles visited with stride gridDim.x.
// Launch: blockDim = (32, 8), gridDim = (16, 1); width, height >= 256
extern "C" __global__ void __launch_bounds__(256)
transpose_tiles_persistent(float* __restrict__ odata, const float* __restrict__ idata, int width, int height)
{
    __shared__ float tile[32][33];
    int tilesX = (width + 31) / 32;
    int tilesY = (height + 31) / 32;
    for (int t = blockIdx.x; t < tilesX * tilesY; t += gridDim.x) {
        int by = t % tilesY, bx = t / tilesY;
        int x = bx * 32 + threadIdx.x;
        for (int j = threadIdx.y; j < 32; j += blockDim.y) {
            int y = by * 32 + j;
            if (x < width && y < height) tile[j][threadIdx.x] = idata[(size_t)y * width + x];
        }
        __syncthreads();
        int xo = by * 32 + threadIdx.x;
        for (int j = threadIdx.y; j < 32; j += blockDim.y) {
            int yo = bx * 32 + j;
            if (xo < height && yo < width) odata[(size_t)yo * height + xo] = tile[threadIdx.x][j];
        }
    }
}
