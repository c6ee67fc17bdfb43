// arch: sm_90a
// Thread-block cluster of 2 CTAs exchanging data through distributed shared memory:
// each iteration every CTA publishes its 256-value state in shared memory and then
// mixes it with the partner CTA's state read through cluster.map_shared_rank().
// Launch (both kernels): blockDim = 256, gridDim = 264 (132 clusters of 2), iters = 16.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define NT 256

extern "C" __global__ void __cluster_dims__(2, 1, 1)
dsmem_mix_race(const float* __restrict__ in, float* __restrict__ out, int iters)
{
    __shared__ float s_x[NT];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned rank = cluster.block_rank();
    float* peer = cluster.map_shared_rank(s_x, rank ^ 1);
    int tid = threadIdx.x;
    float v = in[blockIdx.x * NT + tid];
    for (int it = 0; it < iters; ++it) {
        s_x[tid] = v;
        __syncthreads();                 // block scope only: the partner CTA is not ordered
        float p = peer[NT - 1 - tid];
        v = 0.5f * (v + p) + 0.25f * s_x[(tid + 1) % NT];
        cluster.sync();                  // partner finished reading before s_x is overwritten
    }
    out[blockIdx.x * NT + tid] = v;
}

extern "C" __global__ void __cluster_dims__(2, 1, 1)
dsmem_mix_ok(const float* __restrict__ in, float* __restrict__ out, int iters)
{
    __shared__ float s_x[NT];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned rank = cluster.block_rank();
    float* peer = cluster.map_shared_rank(s_x, rank ^ 1);
    int tid = threadIdx.x;
    float v = in[blockIdx.x * NT + tid];
    for (int it = 0; it < iters; ++it) {
        s_x[tid] = v;
        cluster.sync();
        float p = peer[NT - 1 - tid];
        v = 0.5f * (v + p) + 0.25f * s_x[(tid + 1) % NT];
        cluster.sync();
    }
    out[blockIdx.x * NT + tid] = v;
}
