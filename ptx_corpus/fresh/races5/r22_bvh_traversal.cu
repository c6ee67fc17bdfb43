// Warp-cooperative range counting over an implicit complete binary tree (BVH over 1-D points).
// Blocks are 32x4: each row of 32 threads is one warp and processes one query.
// Node n (1-based heap order) has bounds[n] = (lo, hi); nodes >= nleaves are leaves holding
// 32 points each. Lane 0 drives a per-warp stack in shared memory; the current node is
// broadcast to the warp through a per-warp shared slot.
#include <cuda_runtime.h>

#define WARPS_PER_BLOCK 4
#define STACK_DEPTH     64

extern "C" __global__ void __launch_bounds__(32 * WARPS_PER_BLOCK)
bvh_traversal_race(const float2* __restrict__ bounds, const float* __restrict__ points,
                   int nleaves, const float2* __restrict__ queries, int nq,
                   int* __restrict__ counts)
{
    __shared__ int s_stack[WARPS_PER_BLOCK][STACK_DEPTH];
    __shared__ int s_node[WARPS_PER_BLOCK];
    const int lane = threadIdx.x & 31;
    const int w    = threadIdx.x >> 5;
    const int q    = blockIdx.x * WARPS_PER_BLOCK + threadIdx.y;
    if (q >= nq) return;

    const float2 qr = queries[q];
    int count = 0;
    int sp = 0;
    if (lane == 0) s_stack[w][sp++] = 1;
    sp = __shfl_sync(0xffffffffu, sp, 0);

    while (sp > 0) {
        if (lane == 0) s_node[w] = s_stack[w][--sp];
        __syncwarp();
        const int node = s_node[w];
        __syncwarp();
        if (node >= nleaves) {
            float p = points[(size_t)(node - nleaves) * 32 + lane];
            count += (p >= qr.x && p <= qr.y);
        } else if (lane == 0) {
            #pragma unroll
            for (int c = 0; c < 2; ++c) {
                int child = 2 * node + c;
                float2 b = bounds[child];
                if (b.x <= qr.y && qr.x <= b.y && sp < STACK_DEPTH)
                    s_stack[w][sp++] = child;
            }
        }
        sp = __shfl_sync(0xffffffffu, sp, 0);
    }
    #pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        count += __shfl_down_sync(0xffffffffu, count, off);
    if (lane == 0) counts[q] = count;
}

extern "C" __global__ void __launch_bounds__(32 * WARPS_PER_BLOCK)
bvh_traversal_ok(const float2* __restrict__ bounds, const float* __restrict__ points,
                 int nleaves, const float2* __restrict__ queries, int nq,
                 int* __restrict__ counts)
{
    __shared__ int s_stack[WARPS_PER_BLOCK][STACK_DEPTH];
    __shared__ int s_node[WARPS_PER_BLOCK];
    const int ltid = threadIdx.y * blockDim.x + threadIdx.x;
    const int lane = ltid & 31;
    const int w    = ltid >> 5;
    const int q    = blockIdx.x * WARPS_PER_BLOCK + w;
    if (q >= nq) return;

    const float2 qr = queries[q];
    int count = 0;
    int sp = 0;
    if (lane == 0) s_stack[w][sp++] = 1;
    sp = __shfl_sync(0xffffffffu, sp, 0);

    while (sp > 0) {
        if (lane == 0) s_node[w] = s_stack[w][--sp];
        __syncwarp();
        const int node = s_node[w];
        __syncwarp();
        if (node >= nleaves) {
            float p = points[(size_t)(node - nleaves) * 32 + lane];
            count += (p >= qr.x && p <= qr.y);
        } else if (lane == 0) {
            #pragma unroll
            for (int c = 0; c < 2; ++c) {
                int child = 2 * node + c;
                float2 b = bounds[child];
                if (b.x <= qr.y && qr.x <= b.y && sp < STACK_DEPTH)
                    s_stack[w][sp++] = child;
            }
        }
        sp = __shfl_sync(0xffffffffu, sp, 0);
    }
    #pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        count += __shfl_down_sync(0xffffffffu, count, off);
    if (lane == 0) counts[q] = count;
}
