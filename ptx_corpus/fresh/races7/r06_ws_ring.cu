// arch: sm_90a
// Warp-specialised producer/consumer ring buffers fed by bulk (TMA) copies,
// with "full" and "empty" mbarriers per stage (CUTLASS PipelineTmaAsync style).
#include <cuda_bf16.h>
#include <cstdint>

namespace ws {

__device__ __forceinline__ uint32_t sa(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void mbar_init(uint64_t* b, uint32_t arrivals) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(sa(b)), "r"(arrivals) : "memory");
}
__device__ __forceinline__ void mbar_fence_init() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t* b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(sa(b)) : "memory");
}
__device__ __forceinline__ void mbar_arrive_tx(uint64_t* b, uint32_t tx) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(sa(b)), "r"(tx) : "memory");
}
__device__ __forceinline__ void mbar_wait(uint64_t* b, uint32_t parity) {
  asm volatile(
      "{\n"
      ".reg .pred done;\n"
      "retry:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1, 0x989680;\n"
      "@!done bra retry;\n"
      "}\n" :: "r"(sa(b)), "r"(parity) : "memory");
}
__device__ __forceinline__ void bulk_load(void* dst, const void* src, uint32_t bytes, uint64_t* b) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "r"(sa(dst)), "l"(src), "r"(bytes), "r"(sa(b)) : "memory");
}
__device__ __forceinline__ bool elect_one() {
  uint32_t is_leader;
  asm volatile(
      "{\n"
      ".reg .b32 leader;\n"
      ".reg .pred P;\n"
      "elect.sync leader|P, 0xffffffff;\n"
      "selp.b32 %0, 1, 0, P;\n"
      "}\n" : "=r"(is_leader));
  return is_leader != 0;
}
template <int N> __device__ __forceinline__ void regs_dealloc() {
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" :: "n"(N));
}
template <int N> __device__ __forceinline__ void regs_alloc() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" :: "n"(N));
}

}  // namespace ws

// ---------------------------------------------------------------------------
// Pair 1: 4-stage ring, one producer warpgroup + two consumer warpgroups.
constexpr int kStagesA = 4;
constexpr int kTileElemsA = 64 * 64;                                  // bf16
constexpr uint32_t kTileBytesA = kTileElemsA * sizeof(__nv_bfloat16); // 8 KiB
constexpr int kTilesA = 16;                                           // per CTA
constexpr int kConsumersA = 256;

// Launch: grid = number of 16-tile groups, block = 384 threads (3 warpgroups),
// no dynamic smem (4 x 8 KiB stages). Warpgroup 0 is the producer (setmaxnreg
// 40, one elected lane of warp 0 issues the bulk copies); warpgroups 1-2 are
// consumers (setmaxnreg 232). Tile k goes to stage k%4; full[s] has 1 arrival +
// tx bytes, empty[s] has 256 arrivals (every consumer thread after reading).
// Consumer thread c (0..255) reads elements 16c .. 16c+15 of each stage.
// BUG: the producer never waits on empty[s]: it re-fills stage s with tile k
// (k >= 4) while consumers may still be reading tile k-4 from that stage.
extern "C" __global__ void __launch_bounds__(384, 1)
ws_empty_race(const __nv_bfloat16* __restrict__ tiles, float* __restrict__ out) {
  __shared__ alignas(128) __nv_bfloat16 stage[kStagesA][kTileElemsA];
  __shared__ uint64_t full[kStagesA], empty[kStagesA];
  const int tid = threadIdx.x;
  const int wg = tid / 128;

  if (tid == 0) {
    for (int s = 0; s < kStagesA; ++s) {
      ws::mbar_init(&full[s], 1);
      ws::mbar_init(&empty[s], kConsumersA);
    }
    ws::mbar_fence_init();
  }
  __syncthreads();

  const __nv_bfloat16* src = tiles + (size_t)blockIdx.x * kTilesA * kTileElemsA;
  if (wg == 0) {
    ws::regs_dealloc<40>();
    if (tid < 32 && ws::elect_one()) {
      for (int k = 0; k < kTilesA; ++k) {
        const int s = k % kStagesA;
        ws::mbar_arrive_tx(&full[s], kTileBytesA);
        ws::bulk_load(stage[s], src + (size_t)k * kTileElemsA, kTileBytesA, &full[s]);
      }
    }
  } else {
    ws::regs_alloc<232>();
    const int c = tid - 128;
    float acc = 0.f;
    for (int k = 0; k < kTilesA; ++k) {
      const int s = k % kStagesA;
      const uint32_t round = k / kStagesA;
      ws::mbar_wait(&full[s], round & 1);
      const __nv_bfloat162* p = reinterpret_cast<const __nv_bfloat162*>(&stage[s][16 * c]);
#pragma unroll
      for (int j = 0; j < 8; ++j) {
        float2 v = __bfloat1622float2(p[j]);
        acc = fmaf(v.x, v.y, acc);
      }
      ws::mbar_arrive(&empty[s]);
    }
    out[(size_t)blockIdx.x * kConsumersA + c] = acc;
  }
}

// Launch: as ws_empty_race. Fixed: the producer waits on empty[s] with parity
// ((k/4) & 1) ^ 1 (passes immediately in round 0, then waits for the consumers'
// release of the previous round) before re-arming and re-filling stage s.
extern "C" __global__ void __launch_bounds__(384, 1)
ws_empty_ok(const __nv_bfloat16* __restrict__ tiles, float* __restrict__ out) {
  __shared__ alignas(128) __nv_bfloat16 stage[kStagesA][kTileElemsA];
  __shared__ uint64_t full[kStagesA], empty[kStagesA];
  const int tid = threadIdx.x;
  const int wg = tid / 128;

  if (tid == 0) {
    for (int s = 0; s < kStagesA; ++s) {
      ws::mbar_init(&full[s], 1);
      ws::mbar_init(&empty[s], kConsumersA);
    }
    ws::mbar_fence_init();
  }
  __syncthreads();

  const __nv_bfloat16* src = tiles + (size_t)blockIdx.x * kTilesA * kTileElemsA;
  if (wg == 0) {
    ws::regs_dealloc<40>();
    if (tid < 32 && ws::elect_one()) {
      for (int k = 0; k < kTilesA; ++k) {
        const int s = k % kStagesA;
        const uint32_t round = k / kStagesA;
        ws::mbar_wait(&empty[s], (round & 1) ^ 1);
        ws::mbar_arrive_tx(&full[s], kTileBytesA);
        ws::bulk_load(stage[s], src + (size_t)k * kTileElemsA, kTileBytesA, &full[s]);
      }
    }
  } else {
    ws::regs_alloc<232>();
    const int c = tid - 128;
    float acc = 0.f;
    for (int k = 0; k < kTilesA; ++k) {
      const int s = k % kStagesA;
      const uint32_t round = k / kStagesA;
      ws::mbar_wait(&full[s], round & 1);
      const __nv_bfloat162* p = reinterpret_cast<const __nv_bfloat162*>(&stage[s][16 * c]);
#pragma unroll
      for (int j = 0; j < 8; ++j) {
        float2 v = __bfloat1622float2(p[j]);
        acc = fmaf(v.x, v.y, acc);
      }
      ws::mbar_arrive(&empty[s]);
    }
    out[(size_t)blockIdx.x * kConsumersA + c] = acc;
  }
}

// ---------------------------------------------------------------------------
// Pair 2: 3-stage ring in dynamic smem, one producer warp + 4 consumer warps;
// consumers copy the stage into registers, release it, then do the math.
constexpr int kStagesB = 3;
constexpr int kTileFloatsB = 2048;                         // 8 KiB fp32
constexpr uint32_t kTileBytesB = kTileFloatsB * sizeof(float);
constexpr int kTilesB = 12;
constexpr int kConsumerWarpsB = 4;

// Launch: grid = number of 12-tile groups, block = 160 threads (warp 0 =
// producer, warps 1-4 = consumers), dynamic smem = 3*8192 + 64 bytes.
// empty[s] expects one arrival per consumer warp (lane 0 after __syncwarp).
// Consumer thread c (0..127) loads floats 16c .. 16c+15 of the stage as float4.
// BUG: the consumer warp releases the stage (lane 0 arrives on empty[s]) BEFORE
// its lanes have loaded the stage into registers, so the producer's next bulk
// copy into stage s can overwrite data those lanes are still reading.
extern "C" __global__ void __launch_bounds__(160)
ws_release_race(const float* __restrict__ tiles, float* __restrict__ out) {
  extern __shared__ __align__(128) uint8_t dsmem[];
  float* stage = reinterpret_cast<float*>(dsmem);
  uint64_t* full = reinterpret_cast<uint64_t*>(dsmem + kStagesB * kTileBytesB);
  uint64_t* empty = full + kStagesB;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;

  if (threadIdx.x == 0) {
    for (int s = 0; s < kStagesB; ++s) {
      ws::mbar_init(&full[s], 1);
      ws::mbar_init(&empty[s], kConsumerWarpsB);
    }
    ws::mbar_fence_init();
  }
  __syncthreads();

  const float* src = tiles + (size_t)blockIdx.x * kTilesB * kTileFloatsB;
  if (warp == 0) {
    if (ws::elect_one()) {
      for (int k = 0; k < kTilesB; ++k) {
        const int s = k % kStagesB;
        ws::mbar_wait(&empty[s], ((k / kStagesB) & 1) ^ 1);
        ws::mbar_arrive_tx(&full[s], kTileBytesB);
        ws::bulk_load(stage + s * kTileFloatsB, src + (size_t)k * kTileFloatsB, kTileBytesB, &full[s]);
      }
    }
    return;
  }

  const int c = threadIdx.x - 32;
  float m = -INFINITY, l = 0.f;
  for (int k = 0; k < kTilesB; ++k) {
    const int s = k % kStagesB;
    ws::mbar_wait(&full[s], (k / kStagesB) & 1);
    __syncwarp();
    if (lane == 0) ws::mbar_arrive(&empty[s]);
    const float4* p = reinterpret_cast<const float4*>(stage + s * kTileFloatsB + 16 * c);
    float4 r[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) r[j] = p[j];
    // online max / sum-exp over the fragment
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      float mx = fmaxf(fmaxf(r[j].x, r[j].y), fmaxf(r[j].z, r[j].w));
      float mn = fmaxf(m, mx);
      l = l * __expf(m - mn) + __expf(r[j].x - mn) + __expf(r[j].y - mn) +
          __expf(r[j].z - mn) + __expf(r[j].w - mn);
      m = mn;
    }
  }
  out[(size_t)blockIdx.x * 128 + c] = m + __logf(l);
}

// Launch: as ws_release_race. Fixed: the warp releases the stage only after all
// its lanes have loaded their fragment (loads; __syncwarp; lane 0 arrives).
extern "C" __global__ void __launch_bounds__(160)
ws_release_ok(const float* __restrict__ tiles, float* __restrict__ out) {
  extern __shared__ __align__(128) uint8_t dsmem[];
  float* stage = reinterpret_cast<float*>(dsmem);
  uint64_t* full = reinterpret_cast<uint64_t*>(dsmem + kStagesB * kTileBytesB);
  uint64_t* empty = full + kStagesB;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;

  if (threadIdx.x == 0) {
    for (int s = 0; s < kStagesB; ++s) {
      ws::mbar_init(&full[s], 1);
      ws::mbar_init(&empty[s], kConsumerWarpsB);
    }
    ws::mbar_fence_init();
  }
  __syncthreads();

  const float* src = tiles + (size_t)blockIdx.x * kTilesB * kTileFloatsB;
  if (warp == 0) {
    if (ws::elect_one()) {
      for (int k = 0; k < kTilesB; ++k) {
        const int s = k % kStagesB;
        ws::mbar_wait(&empty[s], ((k / kStagesB) & 1) ^ 1);
        ws::mbar_arrive_tx(&full[s], kTileBytesB);
        ws::bulk_load(stage + s * kTileFloatsB, src + (size_t)k * kTileFloatsB, kTileBytesB, &full[s]);
      }
    }
    return;
  }

  const int c = threadIdx.x - 32;
  float m = -INFINITY, l = 0.f;
  for (int k = 0; k < kTilesB; ++k) {
    const int s = k % kStagesB;
    ws::mbar_wait(&full[s], (k / kStagesB) & 1);
    const float4* p = reinterpret_cast<const float4*>(stage + s * kTileFloatsB + 16 * c);
    float4 r[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) r[j] = p[j];
    __syncwarp();
    if (lane == 0) ws::mbar_arrive(&empty[s]);
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      float mx = fmaxf(fmaxf(r[j].x, r[j].y), fmaxf(r[j].z, r[j].w));
      float mn = fmaxf(m, mx);
      l = l * __expf(m - mn) + __expf(r[j].x - mn) + __expf(r[j].y - mn) +
          __expf(r[j].z - mn) + __expf(r[j].w - mn);
      m = mn;
    }
  }
  out[(size_t)blockIdx.x * 128 + c] = m + __logf(l);
}
