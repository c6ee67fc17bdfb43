// arch: sm_90a
// 128-bin histogram of (data[i] & 127) with thread-block clusters of 2: each block builds a shared
// histogram of its grid-stride slice, then cluster rank 0 merges rank 1's histogram through distributed
// shared memory and writes the cluster's histogram to out[cluster*128 + bin].
// Launch: blockDim = (256,1,1) (compile-time), gridDim.x even (cluster dims (2,1,1) fixed at compile time),
// no dynamic shared memory; any n >= 0.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define NT 256
#define NB 128

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(NT)
cluster_hist_race(const unsigned* __restrict__ data, int n, unsigned* __restrict__ out)
{
    __shared__ unsigned hist[NB];
    cg::cluster_group cluster = cg::this_cluster();
    const int tid = threadIdx.x;
    for (int i = tid; i < NB; i += NT) hist[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * NT + tid; i < n; i += gridDim.x * NT) atomicAdd(&hist[data[i] & (NB - 1)], 1u);
    cluster.sync();
    if (cluster.block_rank() == 0) {
        const unsigned* remote = cluster.map_shared_rank(hist, 1);
        const int b = tid % NB;                           // every thread helps with the merge
        hist[b] += remote[b];
        __syncthreads();
        for (int i = tid; i < NB; i += NT) out[(blockIdx.x / 2) * NB + i] = hist[i];
    }
    cluster.sync();                                       // keep rank 1's shared memory alive
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(NT)
cluster_hist_ok(const unsigned* __restrict__ data, int n, unsigned* __restrict__ out)
{
    __shared__ unsigned hist[NB];
    cg::cluster_group cluster = cg::this_cluster();
    const int tid = threadIdx.x;
    for (int i = tid; i < NB; i += NT) hist[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * NT + tid; i < n; i += gridDim.x * NT) atomicAdd(&hist[data[i] & (NB - 1)], 1u);
    cluster.sync();
    if (cluster.block_rank() == 0) {
        const unsigned* remote = cluster.map_shared_rank(hist, 1);
        const int b = tid & (NB - 1);
        if (tid < NB) hist[b] += remote[b];               // bin b owned by thread b
        __syncthreads();
        for (int i = tid; i < NB; i += NT) out[(blockIdx.x / 2) * NB + i] = hist[i];
    }
    cluster.sync();
}
