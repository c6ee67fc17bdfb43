// 16-point Walsh-Hadamard transforms, one per 16-thread cooperative-groups tile, exchanged through a
// shared scratch slice per tile: out[16q + r] = sum_j (-1)^popc(r&j) in[16q + j].
// Launch: blockDim = (128,1,1) (compile-time), gridDim = (n/128,1,1), no dynamic shared memory; n multiple of 128.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define NT 128

extern "C" __global__ void __launch_bounds__(NT)
fwht16_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[NT];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    const int g = blockIdx.x * NT + threadIdx.x;
    const int r = tile.thread_rank();
    float* my = s + (threadIdx.x / 32) * 16;         // this tile's scratch slice
    float v = in[g];
#pragma unroll
    for (int h = 1; h < 16; h <<= 1) {
        my[r] = v;
        tile.sync();
        const float o = my[r ^ h];
        tile.sync();
        v = (r & h) ? o - v : v + o;
    }
    out[g] = v;
}

extern "C" __global__ void __launch_bounds__(NT)
fwht16_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[NT];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    const int g = blockIdx.x * NT + threadIdx.x;
    const int r = tile.thread_rank();
    float* my = s + tile.meta_group_rank() * 16;
    float v = in[g];
#pragma unroll
    for (int h = 1; h < 16; h <<= 1) {
        my[r] = v;
        tile.sync();
        const float o = my[r ^ h];
        tile.sync();
        v = (r & h) ? o - v : v + o;
    }
    out[g] = v;
}
