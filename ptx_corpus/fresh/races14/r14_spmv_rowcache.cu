// r14_spmv_rowcache.cu
// CSR SpMV y = A x, "CSR-vector" style with 16 threads per row (a
// cooperative_groups tiled_partition<16>), 8 rows per block.  The block caches
// its 9 row pointers in shared memory; each 16-thread tile reduces its partial
// sums through a tree in shared memory.  Shared memory is one dynamic buffer
// carved into two arrays.
//
// Launch (both kernels): blockDim = 128 (BLOCK); gridDim = ceil(m / 8);
//   dynamic shared memory = 64 + 128*4 = 576 bytes (SMEM_BYTES).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define BLOCK 128
#define VEC 16
#define RPB (BLOCK / VEC)
#define PTR_BYTES 64                       // (RPB+1) ints, padded to 64 bytes
#define SMEM_BYTES (PTR_BYTES + BLOCK * 4)

extern "C" __global__ void __launch_bounds__(BLOCK)
spmv_rowcache_race(int m, const int* __restrict__ rowptr, const int* __restrict__ colidx,
                   const float* __restrict__ val, const float* __restrict__ x,
                   float* __restrict__ y)
{
    extern __shared__ __align__(16) unsigned char smem[];
    int* s_ptr = reinterpret_cast<int*>(smem);
    float* s_red = reinterpret_cast<float*>(smem + PTR_BYTES);

    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<VEC> tile = cg::tiled_partition<VEC>(block);
    const int tid = threadIdx.x;
    const int row0 = blockIdx.x * RPB;

    if (tid <= RPB) s_ptr[tid] = rowptr[min(row0 + tid, m)];
    block.sync();

    const int lr = tile.meta_group_rank();
    const int lane = tile.thread_rank();
    const int row = row0 + lr;
    float sum = 0.f;
    if (row < m) {
        const int beg = s_ptr[lr], end = s_ptr[lr + 1];
        for (int j = beg + lane; j < end; j += VEC) sum += val[j] * __ldg(&x[colidx[j]]);
    }
    s_red[tid] = sum;
    tile.sync();
    for (int off = VEC / 2; off > 0; off >>= 1) {
        if (lane < off) s_red[tid] += s_red[tid + off];
        if (off > 2) tile.sync();          // "the last two steps are warp-synchronous"
    }
    if (lane == 0 && row < m) y[row] = s_red[tid];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
spmv_rowcache_ok(int m, const int* __restrict__ rowptr, const int* __restrict__ colidx,
                 const float* __restrict__ val, const float* __restrict__ x,
                 float* __restrict__ y)
{
    extern __shared__ __align__(16) unsigned char smem[];
    int* s_ptr = reinterpret_cast<int*>(smem);
    float* s_red = reinterpret_cast<float*>(smem + PTR_BYTES);

    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<VEC> tile = cg::tiled_partition<VEC>(block);
    const int tid = threadIdx.x;
    const int row0 = blockIdx.x * RPB;

    if (tid <= RPB) s_ptr[tid] = rowptr[min(row0 + tid, m)];
    block.sync();

    const int lr = tile.meta_group_rank();
    const int lane = tile.thread_rank();
    const int row = row0 + lr;
    float sum = 0.f;
    if (row < m) {
        const int beg = s_ptr[lr], end = s_ptr[lr + 1];
        for (int j = beg + lane; j < end; j += VEC) sum += val[j] * __ldg(&x[colidx[j]]);
    }
    s_red[tid] = sum;
    tile.sync();
    // A tile barrier after every step except the last one: after the off == 1
    // step only lane 0 reads, and it reads only its own slot.
    for (int off = VEC / 2; off > 0; off >>= 1) {
        if (lane < off) s_red[tid] += s_red[tid + off];
        if (off > 1) tile.sync();
    }
    if (lane == 0 && row < m) y[row] = s_red[tid];
}
