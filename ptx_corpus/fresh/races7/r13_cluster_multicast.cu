// arch: sm_90a
// TMA multicast inside a 2-CTA cluster: each CTA's producer loads half of a
// shared tile and multicasts it into the same stage of BOTH CTAs. A stage may
// therefore only be refilled when the consumers of every CTA in the multicast
// group have released it, so consumers arrive on the "empty" barrier of every
// CTA of the cluster (CUTLASS PipelineTmaAsync with multicast).
#include <cstdint>

namespace mc {

constexpr int kStages = 2;
constexpr int kTileFloats = 2048;                   // 8 KiB per stage
constexpr int kHalfFloats = kTileFloats / 2;        // 4 KiB per CTA slice
constexpr int kTiles = 8;
constexpr int kConsumerWarps = 4;

__device__ __forceinline__ uint32_t u32(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ uint32_t ctarank() {
  uint32_t r;
  asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}
__device__ __forceinline__ void cluster_sync_all() {
  asm volatile("barrier.cluster.arrive.release;\n"
               "barrier.cluster.wait.acquire;" ::: "memory");
}
__device__ __forceinline__ void init(uint64_t* b, uint32_t n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(u32(b)), "r"(n) : "memory");
}
__device__ __forceinline__ void arrive_local(uint64_t* b) {
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];" :: "r"(u32(b)) : "memory");
}
__device__ __forceinline__ void arrive_remote(uint64_t* b, uint32_t cta) {
  asm volatile(
      "{\n"
      ".reg .b32 ra;\n"
      "mapa.shared::cluster.u32 ra, %0, %1;\n"
      "mbarrier.arrive.release.cluster.shared::cluster.b64 _, [ra];\n"
      "}\n" :: "r"(u32(b)), "r"(cta) : "memory");
}
__device__ __forceinline__ void arrive_tx(uint64_t* b, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(u32(b)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void wait_phase(uint64_t* b, uint32_t ph) {
  asm volatile(
      "{\n"
      ".reg .pred ready;\n"
      "SPIN:\n"
      "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 ready, [%0], %1;\n"
      "@!ready bra.uni SPIN;\n"
      "}\n" :: "r"(u32(b)), "r"(ph) : "memory");
}
// Copies `bytes` from global into the same CTA-relative smem offset of every
// CTA in `mask`, signalling each destination CTA's mbarrier at offset `b`.
__device__ __forceinline__ void multicast_load(void* dst, const void* src, uint32_t bytes,
                                               uint64_t* b, uint16_t mask) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
      " [%0], [%1], %2, [%3], %4;"
      :: "r"(u32(dst)), "l"(src), "r"(bytes), "r"(u32(b)), "h"(mask) : "memory");
}

}  // namespace mc

using namespace mc;

// Launch: grid = 2*G CTAs, cluster 2x1x1, block = 160 threads (warp 0 =
// producer, warps 1..4 = consumers), no dynamic smem (2 x 8 KiB stages).
// Both CTAs of a cluster stream the same 8 tiles (e.g. a shared B operand) and
// dot them with their own vector x. Producer of rank r waits on its local
// empty[s], arms its full[s] for the whole 8 KiB, and multicasts slice r
// (floats 1024r .. 1024r+1023) of the tile into stage s of both CTAs.
// Consumer thread c (0..127) reads floats 16c .. 16c+15 of the stage.
// BUG: empty[s] counts only the 4 local consumer warps and consumers arrive
// only on their own CTA's empty[s]. Rank 0's producer therefore does not wait
// for rank 1's consumers: its multicast of tile k+2 (slice 0) into rank 1's
// stage s races with rank 1's consumer threads 0..63 still reading tile k there.
extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(160)
mcast_empty_race(const float* __restrict__ tiles, const float* __restrict__ x,
                 float* __restrict__ out) {
  __shared__ alignas(128) float stage[kStages][kTileFloats];
  __shared__ uint64_t full[kStages], empty[kStages];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const uint32_t rank = ctarank();

  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      init(&full[s], 1);
      init(&empty[s], kConsumerWarps);
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  cluster_sync_all();   // peers' barriers initialised before any multicast / remote arrive

  const float* src = tiles + (size_t)(blockIdx.x / 2) * kTiles * kTileFloats;
  if (warp == 0) {
    if (lane == 0) {
      for (int k = 0; k < kTiles; ++k) {
        const int s = k % kStages;
        wait_phase(&empty[s], ((k / kStages) & 1) ^ 1);
        arrive_tx(&full[s], kTileFloats * sizeof(float));
        multicast_load(&stage[s][rank * kHalfFloats], src + (size_t)k * kTileFloats + rank * kHalfFloats,
                       kHalfFloats * sizeof(float), &full[s], (uint16_t)0x3);
      }
    }
  } else {
    const int c = threadIdx.x - 32;
    float xv[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) xv[i] = x[((size_t)blockIdx.x * 128 + c) * 16 + i];
    float acc = 0.f;
    for (int k = 0; k < kTiles; ++k) {
      const int s = k % kStages;
      wait_phase(&full[s], (k / kStages) & 1);
#pragma unroll
      for (int i = 0; i < 16; ++i) acc = fmaf(stage[s][16 * c + i], xv[i], acc);
      __syncwarp();
      if (lane == 0) arrive_local(&empty[s]);
    }
    out[(size_t)blockIdx.x * 128 + c] = acc;
  }
  cluster_sync_all();   // no CTA exits while its peer may still signal or fill it
}

// Launch: as mcast_empty_race. Fixed: empty[s] expects the consumer warps of
// both CTAs (8 arrivals) and every consumer warp releases the stage in its own
// CTA and in the peer CTA (remote mbarrier.arrive through mapa).
extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(160)
mcast_empty_ok(const float* __restrict__ tiles, const float* __restrict__ x,
               float* __restrict__ out) {
  __shared__ alignas(128) float stage[kStages][kTileFloats];
  __shared__ uint64_t full[kStages], empty[kStages];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const uint32_t rank = ctarank();

  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      init(&full[s], 1);
      init(&empty[s], 2 * kConsumerWarps);
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  cluster_sync_all();

  const float* src = tiles + (size_t)(blockIdx.x / 2) * kTiles * kTileFloats;
  if (warp == 0) {
    if (lane == 0) {
      for (int k = 0; k < kTiles; ++k) {
        const int s = k % kStages;
        wait_phase(&empty[s], ((k / kStages) & 1) ^ 1);
        arrive_tx(&full[s], kTileFloats * sizeof(float));
        multicast_load(&stage[s][rank * kHalfFloats], src + (size_t)k * kTileFloats + rank * kHalfFloats,
                       kHalfFloats * sizeof(float), &full[s], (uint16_t)0x3);
      }
    }
  } else {
    const int c = threadIdx.x - 32;
    float xv[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) xv[i] = x[((size_t)blockIdx.x * 128 + c) * 16 + i];
    float acc = 0.f;
    for (int k = 0; k < kTiles; ++k) {
      const int s = k % kStages;
      wait_phase(&full[s], (k / kStages) & 1);
#pragma unroll
      for (int i = 0; i < 16; ++i) acc = fmaf(stage[s][16 * c + i], xv[i], acc);
      __syncwarp();
      if (lane == 0) {
        arrive_local(&empty[s]);
        arrive_remote(&empty[s], rank ^ 1u);
      }
    }
    out[(size_t)blockIdx.x * 128 + c] = acc;
  }
  cluster_sync_all();
}
