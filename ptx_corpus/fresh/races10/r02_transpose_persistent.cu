// r02_transpose_persistent.cu
// Persistent tiled matrix transpose out = in^T for a rows x cols row-major float matrix
// (rows, cols multiples of 32).  32x32 tiles are staged through shared memory (padded to
// 33 columns against bank conflicts).  Each block loops over tiles
// t = blockIdx.x, blockIdx.x + gridDim.x, ...; tiles are double-buffered so that only
// one __syncthreads() per tile is needed.
// Launch: blockDim = (32,8,1), gridDim = (2 * numSMs,1,1) (e.g. 216 on A100 -- always
//         even), no dynamic shared memory.  Typical size 4096 x 4096 (16384 tiles, so
//         every block processes many tiles).
#define TILE  32
#define BROWS 8

extern "C" __global__ void __launch_bounds__(TILE * BROWS)
transpose_persistent_race(const float* __restrict__ in, float* __restrict__ out,
                          int rows, int cols)
{
    __shared__ float tile[2][TILE][TILE + 1];
    const int tilesX = cols / TILE;
    const int ntiles = tilesX * (rows / TILE);

    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        const int buf = t & 1;                 // alternate buffers between tiles
        const int bx = (t % tilesX) * TILE;
        const int by = (t / tilesX) * TILE;
#pragma unroll
        for (int j = 0; j < TILE; j += BROWS)
            tile[buf][threadIdx.y + j][threadIdx.x] =
                in[(size_t)(by + threadIdx.y + j) * cols + bx + threadIdx.x];
        __syncthreads();
#pragma unroll
        for (int j = 0; j < TILE; j += BROWS)
            out[(size_t)(bx + threadIdx.y + j) * rows + by + threadIdx.x] =
                tile[buf][threadIdx.x][threadIdx.y + j];
        // no trailing barrier: the next tile is written to the other buffer
    }
}

extern "C" __global__ void __launch_bounds__(TILE * BROWS)
transpose_persistent_ok(const float* __restrict__ in, float* __restrict__ out,
                        int rows, int cols)
{
    __shared__ float tile[2][TILE][TILE + 1];
    const int tilesX = cols / TILE;
    const int ntiles = tilesX * (rows / TILE);

    int buf = 0;
    for (int t = blockIdx.x; t < ntiles; t += gridDim.x, buf ^= 1) {
        const int bx = (t % tilesX) * TILE;
        const int by = (t / tilesX) * TILE;
#pragma unroll
        for (int j = 0; j < TILE; j += BROWS)
            tile[buf][threadIdx.y + j][threadIdx.x] =
                in[(size_t)(by + threadIdx.y + j) * cols + bx + threadIdx.x];
        __syncthreads();
#pragma unroll
        for (int j = 0; j < TILE; j += BROWS)
            out[(size_t)(bx + threadIdx.y + j) * rows + by + threadIdx.x] =
                tile[buf][threadIdx.x][threadIdx.y + j];
        // no trailing barrier: the next tile is written to the other buffer, and the
        // buffer after that is only rewritten once every thread passed the next barrier
    }
}
