// Tiled transpose through shared memory; PAD 0 reads a column of the tile (bank conflicts).
#ifndef PAD
#define PAD 0
#endif
#define TILE 32
extern "C" __global__ void transpose_tile(const float *in, float *out, int width, int height)
{
    __shared__ float tile[TILE][TILE + PAD];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x < width && y < height)
        tile[threadIdx.y][threadIdx.x] = in[y * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    if (x < height && y < width)
        out[y * height + x] = tile[threadIdx.x][threadIdx.y];
}
