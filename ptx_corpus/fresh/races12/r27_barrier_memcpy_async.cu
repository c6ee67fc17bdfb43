// arch: sm_90a
// Streaming 3-tap circular smoothing inside 256-float tiles with a single shared buffer filled by a
// block-collective cuda::memcpy_async that completes on a block-scope cuda::barrier.
// Block b processes tiles b, b+gridDim.x, ...; y[i] = 0.25*x[i-1] + 0.5*x[i] + 0.25*x[i+1] (wrap in tile).
// Launch: blockDim = (256,1,1) (compile-time), any gridDim.x >= 1, no dynamic shared memory;
// n multiple of 256, x 16-byte aligned (the race needs >= 2 tiles for some block).
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define NT 256
#define TILE 256

extern "C" __global__ void __launch_bounds__(NT)
stream_smooth_race(const float* __restrict__ x, float* __restrict__ y, int n)
{
    __shared__ alignas(16) float s[TILE];
#pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    cg::thread_block block = cg::this_thread_block();
    if (block.thread_rank() == 0) init(&bar, block.size());
    block.sync();

    const int tid = threadIdx.x, ntiles = n / TILE;
    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        cuda::memcpy_async(block, s, x + (size_t)t * TILE, cuda::aligned_size_t<16>(sizeof(float) * TILE), bar);
        bar.arrive_and_wait();
        const float v = 0.25f * s[(tid + TILE - 1) % TILE] + 0.5f * s[tid] + 0.25f * s[(tid + 1) % TILE];
        y[(size_t)t * TILE + tid] = v;
    }
}

extern "C" __global__ void __launch_bounds__(NT)
stream_smooth_ok(const float* __restrict__ x, float* __restrict__ y, int n)
{
    __shared__ alignas(16) float s[TILE];
#pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    cg::thread_block block = cg::this_thread_block();
    if (block.thread_rank() == 0) init(&bar, block.size());
    block.sync();

    const int tid = threadIdx.x, ntiles = n / TILE;
    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        cuda::memcpy_async(block, s, x + (size_t)t * TILE, cuda::aligned_size_t<16>(sizeof(float) * TILE), bar);
        bar.arrive_and_wait();
        const float v = 0.25f * s[(tid + TILE - 1) % TILE] + 0.5f * s[tid] + 0.25f * s[(tid + 1) % TILE];
        y[(size_t)t * TILE + tid] = v;
        bar.arrive_and_wait();                            // tile consumed by everyone before the refill
    }
}
