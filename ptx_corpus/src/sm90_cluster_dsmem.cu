// Thread-block clusters and distributed shared memory (sm_90a): the 4 blocks of a cluster each
// reduce their slice into shared memory, cluster.sync() makes the partial sums visible across the
// cluster, every block reads its neighbours' partials through map_shared_rank (mapa + ld.shared::
// cluster) and the final cluster.sync() keeps each block's shared memory alive until the others
// have read it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define BLOCK 256
extern "C" __global__ void __cluster_dims__(4, 1, 1) __launch_bounds__(BLOCK) sm90_cluster_dsmem(const float *in, float *out, int n)
{
    __shared__ float partial[BLOCK];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned rank = cluster.block_rank();
    int i = blockIdx.x * BLOCK + threadIdx.x;
    partial[threadIdx.x] = i < n ? in[i] : 0.0f;
#ifndef BUG_NO_FIRST_SYNC
    cluster.sync();
#endif
    // (BUG_NO_FIRST_SYNC: thread t of block r reads partial[t] of the other blocks of the cluster
    // while their thread t may not have written it yet: a write and a read of one shared word by
    // different threads with no barrier between them)
    float sum = 0.0f;
    for (unsigned r = 0; r < cluster.num_blocks(); r++) {
        float *remote = cluster.map_shared_rank(partial, r);
        sum += remote[threadIdx.x];
    }
    cluster.sync();
    if (i < n)
        out[i] = sum * (rank + 1);
}
