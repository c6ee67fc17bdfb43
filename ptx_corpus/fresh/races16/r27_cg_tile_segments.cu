// arch: sm_80
// Launch: blockDim = (256,1,1), gridDim = (n/512,1,1), n % 512 == 0.
//         Cooperative-groups version of a batched "mirror correlation": the block is
//         split with cg::tiled_partition<16> into 16 tiles; tile g owns a 32-float
//         segment (two floats per lane) of a shared staging array and computes
//         sum_i seg[i] * seg[31-i] with cg::reduce. Tiles synchronise only with
//         tile.sync(); the per-tile results are then combined with block.sync().

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

#define CGT_SIZE 16
#define CGT_SEG  32

extern "C" __global__ void __launch_bounds__(256)
cg_mirror_corr_race(const float* __restrict__ in, float* __restrict__ tile_out,
                    float* __restrict__ block_out)
{
    __shared__ float seg[256 * 2];
    __shared__ float tile_res[256 / CGT_SIZE];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<CGT_SIZE> tile = cg::tiled_partition<CGT_SIZE>(block);

    const unsigned g    = tile.meta_group_rank();
    const unsigned lane = tile.thread_rank();
    const unsigned base = g * tile.size();
    const float* src = in + (size_t)blockIdx.x * 512 + g * CGT_SEG;

    seg[base + lane]            = src[lane];
    seg[base + CGT_SIZE + lane] = src[CGT_SIZE + lane];
    tile.sync();

    const float lo = seg[base + lane] * seg[base + CGT_SEG - 1 - lane];
    const float r  = cg::reduce(tile, lo, cg::plus<float>());
    if (lane == 0) {
        tile_res[g] = r;
        tile_out[(size_t)blockIdx.x * tile.meta_group_size() + g] = r;
    }
    block.sync();
    if (block.thread_rank() == 0) {
        float s = 0.0f;
        for (unsigned i = 0; i < tile.meta_group_size(); ++i) s += tile_res[i];
        block_out[blockIdx.x] = s;
    }
}

extern "C" __global__ void __launch_bounds__(256)
cg_mirror_corr_ok(const float* __restrict__ in, float* __restrict__ tile_out,
                  float* __restrict__ block_out)
{
    __shared__ float seg[256 * 2];
    __shared__ float tile_res[256 / CGT_SIZE];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<CGT_SIZE> tile = cg::tiled_partition<CGT_SIZE>(block);

    const unsigned g    = tile.meta_group_rank();
    const unsigned lane = tile.thread_rank();
    const unsigned base = g * CGT_SEG;
    const float* src = in + (size_t)blockIdx.x * 512 + g * CGT_SEG;

    seg[base + lane]            = src[lane];
    seg[base + CGT_SIZE + lane] = src[CGT_SIZE + lane];
    tile.sync();

    const float lo = seg[base + lane] * seg[base + CGT_SEG - 1 - lane];
    const float r  = cg::reduce(tile, lo, cg::plus<float>());
    if (lane == 0) {
        tile_res[g] = r;
        tile_out[(size_t)blockIdx.x * tile.meta_group_size() + g] = r;
    }
    block.sync();
    if (block.thread_rank() == 0) {
        float s = 0.0f;
        for (unsigned i = 0; i < tile.meta_group_size(); ++i) s += tile_res[i];
        block_out[blockIdx.x] = s;
    }
}
