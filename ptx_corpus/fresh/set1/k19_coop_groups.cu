// Cooperative groups tiled partitions
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <int TS>
__device__ float tile_sum(cg::thread_block_tile<TS> g, float v)
{
    for (int o = g.size() / 2; o > 0; o /= 2) v += g.shfl_down(v, o);
    return v;
}

extern "C" __global__ void cg_row_norms_tile16(const float* __restrict__ x, float* __restrict__ norms, int rows, int cols)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
    int row = (blockIdx.x * blockDim.x + threadIdx.x) / 16;
    if (row >= rows) return;
    float s = 0.f;
    for (int c = t16.thread_rank(); c < cols; c += 16) { float v = x[(size_t)row * cols + c]; s += v * v; }
    s = tile_sum<16>(t16, s);
    if (t16.thread_rank() == 0) norms[row] = sqrtf(s);
}

extern "C" __global__ void cg_reduce_max_tile32(const float* __restrict__ x, float* __restrict__ out, int n)
{
    cg::thread_block block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);
    __shared__ float sm[32];
    float m = -INFINITY;
    for (int i = block.group_index().x * block.size() + block.thread_rank(); i < n; i += gridDim.x * block.size())
        m = fmaxf(m, x[i]);
    m = cg::reduce(warp, m, cg::greater<float>());
    if (warp.thread_rank() == 0) sm[warp.meta_group_rank()] = m;
    block.sync();
    if (warp.meta_group_rank() == 0) {
        float v = warp.thread_rank() < warp.meta_group_size() ? sm[warp.thread_rank()] : -INFINITY;
        v = cg::reduce(warp, v, cg::greater<float>());
        if (warp.thread_rank() == 0) out[blockIdx.x] = v;
    }
}

extern "C" __global__ void cg_coalesced_compact(const int* __restrict__ in, int* __restrict__ out, int* __restrict__ counter, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    if (v % 3 == 0) {
        cg::coalesced_group active = cg::coalesced_threads();
        int base = 0;
        if (active.thread_rank() == 0) base = atomicAdd(counter, (int)active.size());
        base = active.shfl(base, 0);
        out[base + active.thread_rank()] = v;
    }
}
