// cooperative_groups: 16-thread tiles each normalise a 16-element segment by the segment max.
// launched with 128 threads
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define NT 128

// RACE: each thread writes seg[t] and then reads seg[tile base + j] of other lanes of its 16-thread tile with no tile.sync() in between.
extern "C" __global__ void __launch_bounds__(NT) seg_normalize_race(const float* in, float* out)
{
    __shared__ float seg[NT];
    cg::thread_block blk = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(blk);
    int t = threadIdx.x;
    int g = blockIdx.x * NT + t;
    int base = t - tile.thread_rank();
    seg[t] = fabsf(in[g]);
    float m = 0.f;
    for (int j = 0; j < 16; ++j) m = fmaxf(m, seg[base + j]);
    out[g] = in[g] / (m + 1e-20f);
}

// OK: tile.sync() after the stores; reads stay inside the same 16-thread tile, so a tile barrier suffices.
extern "C" __global__ void __launch_bounds__(NT) seg_normalize_ok(const float* in, float* out)
{
    __shared__ float seg[NT];
    cg::thread_block blk = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(blk);
    int t = threadIdx.x;
    int g = blockIdx.x * NT + t;
    int base = t - tile.thread_rank();
    seg[t] = fabsf(in[g]);
    tile.sync();
    float m = 0.f;
    for (int j = 0; j < 16; ++j) m = fmaxf(m, seg[base + j]);
    out[g] = in[g] / (m + 1e-20f);
}
