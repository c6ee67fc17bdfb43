// r06_transpose_inplace.cu
// In-place transpose of a square N x N row-major matrix.  One block per
// unordered tile pair {(by,bx),(bx,by)} with bx <= by, decoded from a
// triangular block index.  Diagonal tiles are transposed through one shared
// tile, off-diagonal pairs through two.  Every thread reads and writes the same
// global positions, so only the shared tiles carry data between threads.
//
// Launch (both kernels): blockDim = (32, 8); gridDim.x = T*(T+1)/2 with
//   T = N/32 (N a multiple of 32).  The branch on bx == by depends only on
//   blockIdx.x, so it is uniform within a block.
#define TILE 32
#define ROWS 8

__device__ __forceinline__ void tri_decode(int k, int& bx, int& by)
{
    int r = (int)((sqrtf(8.0f * (float)k + 1.0f) - 1.0f) * 0.5f);
    while ((r + 1) * (r + 2) / 2 <= k) ++r;
    while (r * (r + 1) / 2 > k) --r;
    by = r;
    bx = k - r * (r + 1) / 2;
}

extern "C" __global__ void __launch_bounds__(TILE * ROWS)
transpose_inplace_race(float* a, int n)
{
    __shared__ float tA[TILE][TILE + 1];
    __shared__ float tB[TILE][TILE + 1];
    int bx, by;
    tri_decode(blockIdx.x, bx, by);
    const int tx = threadIdx.x, ty = threadIdx.y;

    if (bx == by) {
        float* blk = a + (size_t)by * TILE * n + bx * TILE;
        for (int j = 0; j < TILE; j += ROWS)
            tA[ty + j][tx] = blk[(size_t)(ty + j) * n + tx];
        // diagonal tile: "transposes itself", barrier forgotten
        for (int j = 0; j < TILE; j += ROWS)
            blk[(size_t)(ty + j) * n + tx] = tA[tx][ty + j];
    } else {
        float* p = a + (size_t)by * TILE * n + bx * TILE;
        float* q = a + (size_t)bx * TILE * n + by * TILE;
        for (int j = 0; j < TILE; j += ROWS) {
            tA[ty + j][tx] = p[(size_t)(ty + j) * n + tx];
            tB[ty + j][tx] = q[(size_t)(ty + j) * n + tx];
        }
        __syncthreads();
        for (int j = 0; j < TILE; j += ROWS) {
            p[(size_t)(ty + j) * n + tx] = tB[tx][ty + j];
            q[(size_t)(ty + j) * n + tx] = tA[tx][ty + j];
        }
    }
}

extern "C" __global__ void __launch_bounds__(TILE * ROWS)
transpose_inplace_ok(float* a, int n)
{
    __shared__ float tA[TILE][TILE + 1];
    __shared__ float tB[TILE][TILE + 1];
    int bx, by;
    tri_decode(blockIdx.x, bx, by);
    const int tx = threadIdx.x, ty = threadIdx.y;

    // Each side of this block-uniform branch has its own barrier.
    if (bx == by) {
        float* blk = a + (size_t)by * TILE * n + bx * TILE;
        for (int j = 0; j < TILE; j += ROWS)
            tA[ty + j][tx] = blk[(size_t)(ty + j) * n + tx];
        __syncthreads();
        for (int j = 0; j < TILE; j += ROWS)
            blk[(size_t)(ty + j) * n + tx] = tA[tx][ty + j];
    } else {
        float* p = a + (size_t)by * TILE * n + bx * TILE;
        float* q = a + (size_t)bx * TILE * n + by * TILE;
        for (int j = 0; j < TILE; j += ROWS) {
            tA[ty + j][tx] = p[(size_t)(ty + j) * n + tx];
            tB[ty + j][tx] = q[(size_t)(ty + j) * n + tx];
        }
        __syncthreads();
        for (int j = 0; j < TILE; j += ROWS) {
            p[(size_t)(ty + j) * n + tx] = tB[tx][ty + j];
            q[(size_t)(ty + j) * n + tx] = tA[tx][ty + j];
        }
    }
}
