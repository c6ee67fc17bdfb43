// r19_layernorm_cg.cu
// LayerNorm over rows, one block per row, written with cooperative groups:
// one pass accumulates (sum, sum of squares), warps reduce with cg::reduce,
// one float2 per warp goes to shared memory, and the 8 partials are combined.
//
// Launch (both kernels): blockDim = 256 (BLOCK = 8 warps); gridDim = rows.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

#define BLOCK 256
#define WARPS (BLOCK / 32)

extern "C" __global__ void __launch_bounds__(BLOCK)
layernorm_cg_race(const float* __restrict__ x, const float* __restrict__ gamma,
                  const float* __restrict__ beta, float* __restrict__ y, int cols, float eps)
{
    __shared__ float2 s_part[WARPS];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float sum = 0.f, sq = 0.f;
    for (int c = block.thread_rank(); c < cols; c += BLOCK) {
        const float v = xr[c];
        sum += v;
        sq = fmaf(v, v, sq);
    }
    sum = cg::reduce(warp, sum, cg::plus<float>());
    sq = cg::reduce(warp, sq, cg::plus<float>());
    if (warp.thread_rank() == 0) s_part[warp.meta_group_rank()] = make_float2(sum, sq);
    block.sync();

    // warp 0 combines the partials and publishes the total in s_part[0]
    if (warp.meta_group_rank() == 0) {
        float2 p = (warp.thread_rank() < WARPS) ? s_part[warp.thread_rank()] : make_float2(0.f, 0.f);
        p.x = cg::reduce(warp, p.x, cg::plus<float>());
        p.y = cg::reduce(warp, p.y, cg::plus<float>());
        if (warp.thread_rank() == 0) s_part[0] = p;
    }
    const float2 tot = s_part[0];          // no block.sync() before this read

    const float mean = tot.x / cols;
    const float var = fmaxf(tot.y / cols - mean * mean, 0.f);
    const float rstd = rsqrtf(var + eps);
    for (int c = block.thread_rank(); c < cols; c += BLOCK)
        yr[c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
layernorm_cg_ok(const float* __restrict__ x, const float* __restrict__ gamma,
                const float* __restrict__ beta, float* __restrict__ y, int cols, float eps)
{
    __shared__ float2 s_part[WARPS];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float sum = 0.f, sq = 0.f;
    for (int c = block.thread_rank(); c < cols; c += BLOCK) {
        const float v = xr[c];
        sum += v;
        sq = fmaf(v, v, sq);
    }
    sum = cg::reduce(warp, sum, cg::plus<float>());
    sq = cg::reduce(warp, sq, cg::plus<float>());
    if (warp.thread_rank() == 0) s_part[warp.meta_group_rank()] = make_float2(sum, sq);
    block.sync();

    // Every warp combines the 8 partials itself (redundantly), so the total never
    // goes back through shared memory and one block.sync() is enough.
    float2 tot = (warp.thread_rank() < WARPS) ? s_part[warp.thread_rank()] : make_float2(0.f, 0.f);
    tot.x = cg::reduce(warp, tot.x, cg::plus<float>());
    tot.y = cg::reduce(warp, tot.y, cg::plus<float>());

    const float mean = tot.x / cols;
    const float var = fmaxf(tot.y / cols - mean * mean, 0.f);
    const float rstd = rsqrtf(var + eps);
    for (int c = block.thread_rank(); c < cols; c += BLOCK)
        yr[c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
}
