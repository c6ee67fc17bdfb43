// arch: sm_80
// Launch: blockDim = (32,8,1), gridDim = (n/32, n/32, 1), n % 32 == 0, square n x n matrix.
//         A 32x32 tile is staged in shared memory (padded to 33 columns), transposed
//         in place by swapping mirrored elements (each unordered pair {(r,c),(c,r)} is
//         meant to be swapped by exactly one thread), then written to the mirrored
//         block position with coalesced row stores. Thread (tx,ty) handles rows
//         ty, ty+8, ty+16, ty+24 and column tx.

#define TP_TILE 32
#define TP_ROWS 8

extern "C" __global__ void
transpose_inplace_tile_race(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float tile[TP_TILE][TP_TILE + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * TP_TILE, y0 = blockIdx.y * TP_TILE;

    for (int j = 0; j < TP_TILE; j += TP_ROWS)
        tile[ty + j][tx] = in[(size_t)(y0 + ty + j) * n + x0 + tx];
    __syncthreads();

    for (int j = 0; j < TP_TILE; j += TP_ROWS) {
        const int r = ty + j, c = tx;
        const bool owner = (c & 1) ? (c > r) : (c < r);
        if (owner) {
            const float a = tile[r][c];
            tile[r][c] = tile[c][r];
            tile[c][r] = a;
        }
    }
    __syncthreads();

    for (int j = 0; j < TP_TILE; j += TP_ROWS)
        out[(size_t)(x0 + ty + j) * n + y0 + tx] = tile[ty + j][tx];
}

extern "C" __global__ void
transpose_inplace_tile_ok(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float tile[TP_TILE][TP_TILE + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * TP_TILE, y0 = blockIdx.y * TP_TILE;

    for (int j = 0; j < TP_TILE; j += TP_ROWS)
        tile[ty + j][tx] = in[(size_t)(y0 + ty + j) * n + x0 + tx];
    __syncthreads();

    for (int j = 0; j < TP_TILE; j += TP_ROWS) {
        const int r = ty + j, c = tx;
        const bool owner = ((r + c) & 1) ? (c > r) : (c < r);
        if (owner) {
            const float a = tile[r][c];
            tile[r][c] = tile[c][r];
            tile[c][r] = a;
        }
    }
    __syncthreads();

    for (int j = 0; j < TP_TILE; j += TP_ROWS)
        out[(size_t)(x0 + ty + j) * n + y0 + tx] = tile[ty + j][tx];
}
