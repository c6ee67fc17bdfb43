// r25_cg_tile_l2norm.cu
// L2-normalises many short vectors of D = 128 floats: a 16-thread cooperative-groups
// tile handles one vector (8 elements per thread, coalesced within the tile); the sum of
// squares is tree-reduced in a per-tile scratch area in shared memory, synchronised with
// tile.sync() only.
// Launch: blockDim = (128,1,1) (8 tiles = 8 vectors per block),
//         gridDim = (ceil(nvec/8),1,1), no dynamic shared memory.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define D       128
#define TS      16
#define THREADS 128

extern "C" __global__ void __launch_bounds__(THREADS)
l2norm_tile16_race(const float* __restrict__ in, float* __restrict__ out, int nvec)
{
    __shared__ float s_red[THREADS / TS][TS];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<TS> tile = cg::tiled_partition<TS>(block);
    const int r = tile.thread_rank();
    const int vec = blockIdx.x * (THREADS / TS) + tile.meta_group_rank();
    float* red = s_red[threadIdx.x / 32];          // scratch row of this tile

    float v[D / TS];
    float ss = 0.f;
    const bool active = vec < nvec;
#pragma unroll
    for (int k = 0; k < D / TS; ++k) {
        v[k] = active ? in[(size_t)vec * D + k * TS + r] : 0.f;
        ss += v[k] * v[k];
    }
    red[r] = ss;
    tile.sync();
#pragma unroll
    for (int s = TS / 2; s > 0; s >>= 1) {
        if (r < s) red[r] += red[r + s];
        tile.sync();
    }
    const float inv = rsqrtf(fmaxf(red[0], 1e-24f));
    if (active) {
#pragma unroll
        for (int k = 0; k < D / TS; ++k) out[(size_t)vec * D + k * TS + r] = v[k] * inv;
    }
}

extern "C" __global__ void __launch_bounds__(THREADS)
l2norm_tile16_ok(const float* __restrict__ in, float* __restrict__ out, int nvec)
{
    __shared__ float s_red[THREADS / TS][TS];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<TS> tile = cg::tiled_partition<TS>(block);
    const int r = tile.thread_rank();
    const int vec = blockIdx.x * (THREADS / TS) + tile.meta_group_rank();
    float* red = s_red[tile.meta_group_rank()];    // private to this tile

    float v[D / TS];
    float ss = 0.f;
    const bool active = vec < nvec;
#pragma unroll
    for (int k = 0; k < D / TS; ++k) {
        v[k] = active ? in[(size_t)vec * D + k * TS + r] : 0.f;
        ss += v[k] * v[k];
    }
    red[r] = ss;
    tile.sync();
#pragma unroll
    for (int s = TS / 2; s > 0; s >>= 1) {
        if (r < s) red[r] += red[r + s];          // reads [s, 2s), writes [0, s)
        tile.sync();
    }
    const float inv = rsqrtf(fmaxf(red[0], 1e-24f));
    if (active) {
#pragma unroll
        for (int k = 0; k < D / TS; ++k) out[(size_t)vec * D + k * TS + r] = v[k] * inv;
    }
}
