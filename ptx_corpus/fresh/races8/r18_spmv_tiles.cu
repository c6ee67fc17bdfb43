// r18_spmv_tiles.cu
//
// CSR sparse matrix-vector product y = alpha*A*x + beta*y (scientific
// computing, "CSR-vector" scheme). Each row is handled by a 16-thread
// cooperative_groups tile (cg::tiled_partition<16>); the tile's partial sums
// are combined through a small per-tile shared scratch area with a
// tile.sync()-separated tree reduction.
//
// Launch configuration:
//   blockDim = (128,1,1)  -> 8 tiles of 16 threads (2 tiles per warp)
//   gridDim  = (ceil(nrows/8),1,1), nrows = 1<<20, ~16 nnz per row
//   static shared memory only.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define BLOCK 128
#define TSZ 16
#define TILES (BLOCK / TSZ)

extern "C" __global__ void __launch_bounds__(BLOCK)
spmv_tiles_race(const int* __restrict__ rowptr, const int* __restrict__ colidx,
                const float* __restrict__ vals, const float* __restrict__ x,
                float* __restrict__ y, int nrows, float alpha, float beta)
{
    __shared__ float s_part[TILES][TSZ];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<TSZ> tile = cg::tiled_partition<TSZ>(block);
    const int l = tile.thread_rank();
    const int slot = threadIdx.x / 32;
    const int row = blockIdx.x * TILES + tile.meta_group_rank();
    if (row >= nrows) return;

    float sum = 0.f;
    const int end = rowptr[row + 1];
    for (int j = rowptr[row] + l; j < end; j += TSZ) sum += vals[j] * __ldg(&x[colidx[j]]);

    float* part = s_part[slot];
    part[l] = sum;
    tile.sync();
#pragma unroll
    for (int off = TSZ / 2; off > 0; off >>= 1) {
        if (l < off) part[l] += part[l + off];
        tile.sync();
    }
    if (l == 0) y[row] = alpha * part[0] + beta * y[row];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
spmv_tiles_ok(const int* __restrict__ rowptr, const int* __restrict__ colidx,
              const float* __restrict__ vals, const float* __restrict__ x,
              float* __restrict__ y, int nrows, float alpha, float beta)
{
    __shared__ float s_part[TILES][TSZ];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<TSZ> tile = cg::tiled_partition<TSZ>(block);
    const int l = tile.thread_rank();
    const int slot = tile.meta_group_rank();
    const int row = blockIdx.x * TILES + tile.meta_group_rank();
    if (row >= nrows) return;

    float sum = 0.f;
    const int end = rowptr[row + 1];
    for (int j = rowptr[row] + l; j < end; j += TSZ) sum += vals[j] * __ldg(&x[colidx[j]]);

    float* part = s_part[slot];
    part[l] = sum;
    tile.sync();
#pragma unroll
    for (int off = TSZ / 2; off > 0; off >>= 1) {
        if (l < off) part[l] += part[l + off];
        tile.sync();
    }
    if (l == 0) y[row] = alpha * part[0] + beta * y[row];
}
