// Segmented all-reduce (every lane gets the sum of its 32-element segment) done as a
// butterfly through shared memory, synchronised with cooperative_groups tile.sync().
// Launch (both kernels): blockDim = 256, gridDim = n/256, n = 1<<22.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Uses 16-thread tiles although the exchange partner (lane ^ 16) lives in the other half-warp.
extern "C" __global__ void seg32_allreduce_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[256];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    unsigned t = block.thread_rank();
    unsigned lane = t & 31;
    float* my = s + (t & ~31u);                 // this thread's 32-slot segment
    size_t gi = (size_t)blockIdx.x * 256 + t;
    float v = in[gi];
    for (unsigned m = 16; m >= 1; m >>= 1) {
        my[lane] = v;
        tile.sync();
        v += my[lane ^ m];
        tile.sync();
    }
    out[gi] = v;
}

extern "C" __global__ void seg32_allreduce_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[256];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    unsigned t = block.thread_rank();
    unsigned lane = tile.thread_rank();
    float* my = s + tile.meta_group_rank() * 32;   // warp-private segment
    size_t gi = (size_t)blockIdx.x * 256 + t;
    float v = in[gi];
    for (unsigned m = 16; m >= 1; m >>= 1) {
        my[lane] = v;
        tile.sync();
        v += my[lane ^ m];
        tile.sync();
    }
    out[gi] = v;
}
