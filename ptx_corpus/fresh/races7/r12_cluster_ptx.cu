// arch: sm_90a
// Distributed shared memory with raw PTX: mapa + st/ld.shared::cluster and the
// split cluster barrier barrier.cluster.arrive / barrier.cluster.wait.
#include <cstdint>

namespace dsm {

__device__ __forceinline__ uint32_t cta_rank() {
  uint32_t r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}
__device__ __forceinline__ uint32_t local_addr(const void* p) {
  return (uint32_t)__cvta_generic_to_shared(p);
}
// shared::cta address of this CTA -> shared::cluster address of the same
// variable in CTA `rank`
__device__ __forceinline__ uint32_t mapa(uint32_t addr, uint32_t rank) {
  uint32_t r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(addr), "r"(rank));
  return r;
}
__device__ __forceinline__ void st_remote(uint32_t addr, float v) {
  asm volatile("st.shared::cluster.f32 [%0], %1;" :: "r"(addr), "f"(v) : "memory");
}
__device__ __forceinline__ float ld_remote(uint32_t addr) {
  float v;
  asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(v) : "r"(addr) : "memory");
  return v;
}
__device__ __forceinline__ void arrive() {
  asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
}
__device__ __forceinline__ void wait() {
  asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
}

}  // namespace dsm

// Launch: grid = 2*G CTAs, cluster 2x1x1, block = 128 threads, no dynamic smem.
// CTA rank q sends v[t] = 2*in[t] to inbox[t] of CTA rank q^1 through DSMEM,
// then reads its own inbox: out[t] = inbox[t] + inbox[(t+1) % 128].
// BUG: the sender arrives on the cluster barrier BEFORE its remote store (an
// attempt to overlap the store with the barrier). The peer's wait can complete
// before the store is performed, so e.g. CTA rank 1 thread 5 st.shared::cluster
// to rank 0's inbox[5] races with rank 0 threads 4 and 5 reading inbox[5].
extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(128)
mapa_push_race(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float inbox[128];
  const int t = threadIdx.x;
  const uint32_t peer = dsm::cta_rank() ^ 1u;

  dsm::arrive();          // both CTAs resident before touching DSMEM
  dsm::wait();

  const float v = 2.f * in[(size_t)blockIdx.x * 128 + t];
  const uint32_t dst = dsm::mapa(dsm::local_addr(&inbox[t]), peer);
  dsm::arrive();
  dsm::st_remote(dst, v);
  dsm::wait();

  out[(size_t)blockIdx.x * 128 + t] = inbox[t] + inbox[(t + 1) & 127];
}

// Launch: as mapa_push_race. Fixed: remote store first, then the (release)
// arrive and the (acquire) wait.
extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(128)
mapa_push_ok(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float inbox[128];
  const int t = threadIdx.x;
  const uint32_t peer = dsm::cta_rank() ^ 1u;

  dsm::arrive();
  dsm::wait();

  const float v = 2.f * in[(size_t)blockIdx.x * 128 + t];
  const uint32_t dst = dsm::mapa(dsm::local_addr(&inbox[t]), peer);
  dsm::st_remote(dst, v);
  dsm::arrive();
  dsm::wait();

  out[(size_t)blockIdx.x * 128 + t] = inbox[t] + inbox[(t + 1) & 127];
}

// Launch: grid = 4*G CTAs, cluster 4x1x1, block = 256 threads (8 warps), no
// dynamic smem. Each CTA reduces its 256 inputs per warp into part[w] (lane 0
// of warp w writes it); then warp 0 of CTA rank 0 gathers the 4x8 partials of
// the cluster over DSMEM (lane l reads part[l % 8] of rank l / 8) and writes
// the cluster sum. A final arrive/wait keeps every CTA (and part[]) alive
// until rank 0 has read it.
// BUG: rank 0 reads the peers' part[] between barrier.cluster.arrive and
// barrier.cluster.wait (work placed in the split-barrier window). The arrive
// does not wait for the peers, so e.g. rank 0 warp 0 lane 10 reads part[2] of
// rank 1 while rank 1 warp 2 lane 0 may still be writing it.
extern "C" __global__ void __cluster_dims__(4, 1, 1) __launch_bounds__(256)
cluster_pull_race(const float* __restrict__ in, float* __restrict__ cluster_sum) {
  __shared__ float part[8];
  const int t = threadIdx.x, warp = t / 32, lane = t % 32;
  const uint32_t rank = dsm::cta_rank();

  float x = in[(size_t)blockIdx.x * 256 + t];
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) x += __shfl_xor_sync(0xffffffffu, x, o);
  if (lane == 0) part[warp] = x;

  dsm::arrive();
  if (rank == 0 && warp == 0) {
    float y = dsm::ld_remote(dsm::mapa(dsm::local_addr(&part[lane % 8]), lane / 8));
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) y += __shfl_xor_sync(0xffffffffu, y, o);
    if (lane == 0) cluster_sum[blockIdx.x / 4] = y;
  }
  dsm::wait();

  dsm::arrive();          // nobody exits while rank 0 may still read its part[]
  dsm::wait();
}

// Launch: as cluster_pull_race. Fixed: rank 0 reads the peers' partials only
// after barrier.cluster.wait.
extern "C" __global__ void __cluster_dims__(4, 1, 1) __launch_bounds__(256)
cluster_pull_ok(const float* __restrict__ in, float* __restrict__ cluster_sum) {
  __shared__ float part[8];
  const int t = threadIdx.x, warp = t / 32, lane = t % 32;
  const uint32_t rank = dsm::cta_rank();

  float x = in[(size_t)blockIdx.x * 256 + t];
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) x += __shfl_xor_sync(0xffffffffu, x, o);
  if (lane == 0) part[warp] = x;

  dsm::arrive();
  dsm::wait();
  if (rank == 0 && warp == 0) {
    float y = dsm::ld_remote(dsm::mapa(dsm::local_addr(&part[lane % 8]), lane / 8));
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) y += __shfl_xor_sync(0xffffffffu, y, o);
    if (lane == 0) cluster_sum[blockIdx.x / 4] = y;
  }

  dsm::arrive();
  dsm::wait();
}
