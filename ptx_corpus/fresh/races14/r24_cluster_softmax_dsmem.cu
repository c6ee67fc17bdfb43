// arch: sm_90a
// r24_cluster_softmax_dsmem.cu
// Row softmax where each row is split across the two CTAs of a thread-block
// cluster: each CTA reduces its half, publishes its statistic in its own
// shared memory, and reads the peer CTA's statistic through distributed shared
// memory (cluster.map_shared_rank).  Used twice: once for the max, once for
// the sum of exponentials.
//
// Launch (both kernels): blockDim = 256 (BLOCK = 8 warps); gridDim = 2 * rows;
//   cluster dims (2,1,1) (compile-time __cluster_dims__); cols even.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define BLOCK 256
#define WARPS (BLOCK / 32)
#define FULL_MASK 0xffffffffu

__device__ __forceinline__ float warp_max(float v)
{
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, o));
    return v;
}
__device__ __forceinline__ float warp_sum(float v)
{
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL_MASK, v, o);
    return v;
}
// Block-wide reduction; ends with a barrier so s_warp can be reused.
__device__ __forceinline__ float block_reduce(float v, float* s_warp, bool is_max)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = is_max ? warp_max(v) : warp_sum(v);
    if (lane == 0) s_warp[warp] = v;
    __syncthreads();
    float r = is_max ? -INFINITY : 0.f;
    #pragma unroll
    for (int w = 0; w < WARPS; ++w) r = is_max ? fmaxf(r, s_warp[w]) : r + s_warp[w];
    __syncthreads();
    return r;
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(BLOCK)
cluster_softmax_dsmem_race(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    __shared__ float s_warp[WARPS];
    __shared__ float s_stat;                       // read by the peer CTA
    cg::cluster_group cluster = cg::this_cluster();
    const unsigned rank = cluster.block_rank();
    const int row = blockIdx.x / 2;
    const int half = cols / 2;
    const float* xr = x + (size_t)row * cols + rank * half;
    float* yr = y + (size_t)row * cols + rank * half;
    const float* peer = cluster.map_shared_rank(&s_stat, rank ^ 1u);

    float m = -INFINITY;
    for (int c = threadIdx.x; c < half; c += BLOCK) m = fmaxf(m, xr[c]);
    m = block_reduce(m, s_warp, true);
    if (threadIdx.x == 0) s_stat = m;
    cluster.sync();
    const float gmax = fmaxf(m, *peer);

    float s = 0.f;
    for (int c = threadIdx.x; c < half; c += BLOCK) s += __expf(xr[c] - gmax);
    s = block_reduce(s, s_warp, false);            // its __syncthreads() are CTA-local only
    if (threadIdx.x == 0) s_stat = s;              // the peer may still be reading the max
    cluster.sync();
    const float gsum = s + *peer;

    const float inv = 1.f / gsum;
    for (int c = threadIdx.x; c < half; c += BLOCK) yr[c] = __expf(xr[c] - gmax) * inv;
    cluster.sync();                                // keep s_stat alive for the peer's reads
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(BLOCK)
cluster_softmax_dsmem_ok(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    __shared__ float s_warp[WARPS];
    __shared__ float s_stat[2];                    // [0] = max, [1] = sum; read by the peer CTA
    cg::cluster_group cluster = cg::this_cluster();
    const unsigned rank = cluster.block_rank();
    const int row = blockIdx.x / 2;
    const int half = cols / 2;
    const float* xr = x + (size_t)row * cols + rank * half;
    float* yr = y + (size_t)row * cols + rank * half;
    const float* peer = cluster.map_shared_rank(&s_stat[0], rank ^ 1u);

    float m = -INFINITY;
    for (int c = threadIdx.x; c < half; c += BLOCK) m = fmaxf(m, xr[c]);
    m = block_reduce(m, s_warp, true);
    if (threadIdx.x == 0) s_stat[0] = m;
    cluster.sync();
    const float gmax = fmaxf(m, peer[0]);

    float s = 0.f;
    for (int c = threadIdx.x; c < half; c += BLOCK) s += __expf(xr[c] - gmax);
    s = block_reduce(s, s_warp, false);
    // Different slot from the one the peer may still be reading, so no cluster
    // barrier is needed between the two rounds.
    if (threadIdx.x == 0) s_stat[1] = s;
    cluster.sync();
    const float gsum = s + peer[1];

    const float inv = 1.f / gsum;
    for (int c = threadIdx.x; c < half; c += BLOCK) yr[c] = __expf(xr[c] - gmax) * inv;
    cluster.sync();
}
