// r30: batched 32x32 matrix transpose, one warp (cooperative_groups thread_block_tile<32>) per
// matrix, each warp owning a private padded 32x33 staging tile in shared memory.
// Launch: blockDim = (256,1,1) (8 warps), any grid (warps stride over the nmat matrices).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define WPB 8

extern "C" __global__ void __launch_bounds__(256)
cg_warp_transpose_race(const float* __restrict__ in, float* __restrict__ out, int nmat)
{
    __shared__ float s_t[WPB][32][33];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    const int w = warp.meta_group_rank();
    const int lane = warp.thread_rank();
    const int stride = gridDim.x * warp.meta_group_size();
    for (int m = blockIdx.x * warp.meta_group_size() + w; m < nmat; m += stride) {
        const float* A = in + (size_t)m * 1024;
        float* B = out + (size_t)m * 1024;
        for (int r = 0; r < 32; ++r) s_t[w][r][lane] = A[r * 32 + lane];
        for (int r = 0; r < 32; ++r) B[r * 32 + lane] = s_t[w][lane][r];
        warp.sync();                    // before the next matrix overwrites the tile
    }
}

extern "C" __global__ void __launch_bounds__(256)
cg_warp_transpose_ok(const float* __restrict__ in, float* __restrict__ out, int nmat)
{
    __shared__ float s_t[WPB][32][33];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    const int w = warp.meta_group_rank();
    const int lane = warp.thread_rank();
    const int stride = gridDim.x * warp.meta_group_size();
    for (int m = blockIdx.x * warp.meta_group_size() + w; m < nmat; m += stride) {
        const float* A = in + (size_t)m * 1024;
        float* B = out + (size_t)m * 1024;
        for (int r = 0; r < 32; ++r) s_t[w][r][lane] = A[r * 32 + lane];
        warp.sync();                    // the whole tile is written before it is read transposed
        for (int r = 0; r < 32; ++r) B[r * 32 + lane] = s_t[w][lane][r];
        warp.sync();                    // before the next matrix overwrites the tile
    }
}
