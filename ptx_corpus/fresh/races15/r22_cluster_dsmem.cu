// arch: sm_90a
// r22_cluster_dsmem.cu
// Thread-block-cluster exchange through distributed shared memory.  A
// cluster of 2 CTAs; each CTA stages 256 floats in s_in, the cluster
// synchronises, each thread combines its own element with the mirrored
// element of the peer CTA (map_shared_rank) and publishes the result in
// s_out.  The final cluster barrier is split into arrive / wait
// (barrier.cluster.arrive.release + barrier.cluster.wait.acquire) so that
// a CTA keeps its s_in alive until the peer has finished reading it, and
// work is overlapped between arrive and wait.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (2048,1,1),
//   cluster dims = (2,1,1) (compile-time __cluster_dims__).
//   No dynamic shared memory.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define R22_B 256

__device__ __forceinline__ void r22_cluster_arrive()
{
    asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
}
__device__ __forceinline__ void r22_cluster_wait()
{
    asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(R22_B)
cluster_mirror_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s_in[R22_B];
    __shared__ float s_out[R22_B];
    cg::cluster_group cluster = cg::this_cluster();
    const unsigned rank = cluster.block_rank();
    const int tid = threadIdx.x;
    const size_t g = (size_t)blockIdx.x * R22_B + tid;

    s_in[tid] = in[g];
    cluster.sync();

    const float* peer = cluster.map_shared_rank(s_in, rank ^ 1u);
    const float v = s_in[tid] + peer[R22_B - 1 - tid];
    s_out[tid] = v;

    r22_cluster_arrive();
    const float w = s_out[(tid + 1) & (R22_B - 1)];
    const float self = s_out[tid] * 0.5f;
    r22_cluster_wait();

    out[g] = self + v * w;
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(R22_B)
cluster_mirror_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s_in[R22_B];
    __shared__ float s_out[R22_B];
    cg::cluster_group cluster = cg::this_cluster();
    const unsigned rank = cluster.block_rank();
    const int tid = threadIdx.x;
    const size_t g = (size_t)blockIdx.x * R22_B + tid;

    s_in[tid] = in[g];
    cluster.sync();

    const float* peer = cluster.map_shared_rank(s_in, rank ^ 1u);
    const float v = s_in[tid] + peer[R22_B - 1 - tid];
    s_out[tid] = v;

    r22_cluster_arrive();
    const float self = s_out[tid] * 0.5f;
    r22_cluster_wait();
    const float w = s_out[(tid + 1) & (R22_B - 1)];

    out[g] = self + v * w;
}
