// Tuning kernel for SHARED_RACE (sm_90a): distributed shared memory in a cluster of two blocks.
// RACE: each block writes its element into the other block's buffer and then reads its own buffer,
// which the other block is writing, with no cluster barrier between.
// Otherwise: a cluster barrier separates the remote writes from the reads.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(128) dsmem_swap(float *out, const float *in,
                                                                                       int n)
{
    __shared__ float s[128];
    cg::cluster_group cluster = cg::this_cluster();
    int t = threadIdx.x, g = blockIdx.x * 128 + t;
    float *peer = cluster.map_shared_rank(s, (cluster.block_rank() + 1) % 2);
    cluster.sync();
    peer[t] = g < n ? in[g] : 0.f;
#ifndef RACE
    cluster.sync();
#endif
    if (g < n)
        out[g] = s[t];
    cluster.sync(); /* the peer's buffer stays until every block is done with it */
}
