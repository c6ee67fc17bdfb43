// arch: sm_90a
// Thread-block clusters and distributed shared memory through
// cooperative_groups::this_cluster() / map_shared_rank().
#include <cooperative_groups.h>
#include <cstdint>

namespace cg = cooperative_groups;

constexpr int kClusterSize = 4;
constexpr int kThreads = 256;

// Launch: grid = 4*G CTAs (clusters of 4 along x, enforced by __cluster_dims__),
// block = 256 threads, no dynamic smem.
// All-gather: CTA of rank q writes its 256 values into gather[q][*] of every
// CTA of the cluster (including itself) through DSMEM; then each CTA computes
// out[t] = sum_r w[r] * gather[r][(t + r) % 256].
// BUG: no cluster barrier between the remote stores and the local reads.
// E.g. CTA rank 1, thread 3 stores to gather[1][3] of CTA rank 0 while CTA
// rank 0, thread 2 reads gather[1][3].
extern "C" __global__ void __cluster_dims__(kClusterSize, 1, 1) __launch_bounds__(kThreads)
dsmem_allgather_race(const float* __restrict__ in, const float* __restrict__ w,
                     float* __restrict__ out) {
  __shared__ float gather[kClusterSize][kThreads];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  const int t = threadIdx.x;

  const float v = in[(size_t)blockIdx.x * kThreads + t];
  cluster.sync();   // every CTA of the cluster is resident before DSMEM access

#pragma unroll
  for (int r = 0; r < kClusterSize; ++r) {
    float* peer = cluster.map_shared_rank(&gather[0][0], r);
    peer[rank * kThreads + t] = v;
  }

  float acc = 0.f;
#pragma unroll
  for (int r = 0; r < kClusterSize; ++r) acc += w[r] * gather[r][(t + r) & (kThreads - 1)];
  out[(size_t)blockIdx.x * kThreads + t] = acc;
}

// Launch: as dsmem_allgather_race. Fixed: cluster.sync() after the remote
// stores (it also keeps every CTA alive until its peers finished writing).
extern "C" __global__ void __cluster_dims__(kClusterSize, 1, 1) __launch_bounds__(kThreads)
dsmem_allgather_ok(const float* __restrict__ in, const float* __restrict__ w,
                   float* __restrict__ out) {
  __shared__ float gather[kClusterSize][kThreads];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  const int t = threadIdx.x;

  const float v = in[(size_t)blockIdx.x * kThreads + t];
  cluster.sync();

#pragma unroll
  for (int r = 0; r < kClusterSize; ++r) {
    float* peer = cluster.map_shared_rank(&gather[0][0], r);
    peer[rank * kThreads + t] = v;
  }
  cluster.sync();

  float acc = 0.f;
#pragma unroll
  for (int r = 0; r < kClusterSize; ++r) acc += w[r] * gather[r][(t + r) & (kThreads - 1)];
  out[(size_t)blockIdx.x * kThreads + t] = acc;
}

constexpr int kSteps = 4;

// Launch: grid = 4*G CTAs, cluster 4x1x1, block = 256 threads, no dynamic smem.
// Each cluster is a periodic 1D ring of 1024 cells; CTA rank q owns cells
// u[1..256]; u[0] / u[257] are halo cells filled by the left / right
// neighbour (ranks q-1 / q+1 mod 4). Per step: thread 0 stores u[1] into the
// left neighbour's u[257], thread 255 stores u[256] into the right neighbour's
// u[0]; cluster.sync(); 3-point stencil; __syncthreads(); in-place update.
// BUG: no second cluster barrier at the end of a step. CTA rank q (thread 255)
// writes rank q+1's u[0] for step s+1 while rank q+1 (thread 0) may still be
// reading u[0] in its step-s stencil.
extern "C" __global__ void __cluster_dims__(kClusterSize, 1, 1) __launch_bounds__(kThreads)
dsmem_halo_race(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float u[kThreads + 2];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  const int t = threadIdx.x;

  u[t + 1] = in[(size_t)blockIdx.x * kThreads + t];
  float* left_u = cluster.map_shared_rank(u, (rank + kClusterSize - 1) % kClusterSize);
  float* right_u = cluster.map_shared_rank(u, (rank + 1) % kClusterSize);
  cluster.sync();

  for (int step = 0; step < kSteps; ++step) {
    if (t == 0) left_u[kThreads + 1] = u[1];
    if (t == kThreads - 1) right_u[0] = u[kThreads];
    cluster.sync();
    const float v = 0.25f * u[t] + 0.5f * u[t + 1] + 0.25f * u[t + 2];
    __syncthreads();
    u[t + 1] = v;
  }
  out[(size_t)blockIdx.x * kThreads + t] = u[t + 1];
}

// Launch: as dsmem_halo_race. Fixed: cluster.sync() at the end of each step,
// so a neighbour's halo is only overwritten after its stencil has read it.
extern "C" __global__ void __cluster_dims__(kClusterSize, 1, 1) __launch_bounds__(kThreads)
dsmem_halo_ok(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float u[kThreads + 2];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  const int t = threadIdx.x;

  u[t + 1] = in[(size_t)blockIdx.x * kThreads + t];
  float* left_u = cluster.map_shared_rank(u, (rank + kClusterSize - 1) % kClusterSize);
  float* right_u = cluster.map_shared_rank(u, (rank + 1) % kClusterSize);
  cluster.sync();

  for (int step = 0; step < kSteps; ++step) {
    if (t == 0) left_u[kThreads + 1] = u[1];
    if (t == kThreads - 1) right_u[0] = u[kThreads];
    cluster.sync();
    const float v = 0.25f * u[t] + 0.5f * u[t + 1] + 0.25f * u[t + 2];
    __syncthreads();
    u[t + 1] = v;
    cluster.sync();
  }
  out[(size_t)blockIdx.x * kThreads + t] = u[t + 1];
}
