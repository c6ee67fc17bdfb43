// arch: sm_90a
// Warp-specialised Hopper GEMM mainloop (CUTLASS "KernelTmaWarpSpecialized"
// shape): a producer warpgroup streams A/B K-tiles with 2D TMA into a 3-stage
// ring; a consumer warpgroup runs wgmma.mma_async directly on the stages and
// hands each stage back through an "empty" mbarrier.
// Host side (not shown): two CUtensorMaps built with cuTensorMapEncodeTiled,
//   A: bf16 row-major M x K, globalDim {K, M}, boxDim {64, 64}, SWIZZLE_128B
//   B: bf16 row-major N x K, globalDim {K, N}, boxDim {64, 64}, SWIZZLE_128B
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_bf16.h>
#include <cstdint>

namespace hopper {

constexpr int kStages = 3;
constexpr int kBM = 64, kBN = 64, kBK = 64;
constexpr int kK = 512;
constexpr int kKTiles = kK / kBK;                                  // 8
constexpr uint32_t kTileBytes = kBM * kBK * sizeof(__nv_bfloat16);  // 8 KiB
constexpr uint32_t kStageBytes = 2 * kTileBytes;                    // A + B

__device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t cnt) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(bar), "r"(cnt) : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint32_t bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(bar) : "memory");
}
__device__ __forceinline__ void mbar_arrive_tx(uint32_t bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_wait(uint32_t bar, uint32_t phase) {
  asm volatile(
      "{\n"
      ".reg .pred P1;\n"
      "WAIT:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n"
      "@!P1 bra WAIT;\n"
      "}\n" :: "r"(bar), "r"(phase) : "memory");
}
__device__ __forceinline__ void tma_load_2d(uint32_t dst, const CUtensorMap* map, uint32_t bar,
                                            int c0, int c1) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%3, %4}], [%2];"
      :: "r"(dst), "l"(reinterpret_cast<uint64_t>(map)), "r"(bar), "r"(c0), "r"(c1) : "memory");
}
__device__ __forceinline__ bool elect_sync() {
  uint32_t pred = 0;
  asm volatile(
      "{\n"
      ".reg .b32 %%rx;\n"
      ".reg .pred %%px;\n"
      "elect.sync %%rx|%%px, %1;\n"
      "@%%px mov.s32 %0, 1;\n"
      "}\n" : "+r"(pred) : "r"(0xffffffffu));
  return pred != 0;
}

// K-major operand, 128-byte swizzle: LBO unused (1), SBO = 1024 B (8 rows x 128 B).
__device__ __forceinline__ uint64_t desc_sw128(uint32_t smem_addr) {
  uint64_t d = 0;
  d |= (uint64_t)((smem_addr & 0x3FFFF) >> 4);
  d |= (uint64_t)1 << 16;
  d |= (uint64_t)(1024 >> 4) << 32;
  d |= (uint64_t)1 << 62;   // SWIZZLE_128B
  return d;
}

__device__ __forceinline__ void wgmma_m64n64k16(float (&d)[32], uint64_t da, uint64_t db) {
  asm volatile(
      "{\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
      "%32, %33, 1, 1, 1, 0, 0;\n"
      "}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
      : "l"(da), "l"(db)
      : "memory");
}

// Shared-memory carve-up (offsets from a 1024-byte aligned base):
//   [s*16K, s*16K+8K)  A stage s,  [s*16K+8K, (s+1)*16K)  B stage s,
//   then full[3], empty[3] mbarriers.
struct Layout {
  uint32_t base;
  __device__ uint32_t a(int s) const { return base + s * kStageBytes; }
  __device__ uint32_t b(int s) const { return base + s * kStageBytes + kTileBytes; }
  __device__ uint32_t full(int s) const { return base + kStages * kStageBytes + 8 * s; }
  __device__ uint32_t empty(int s) const { return base + kStages * kStageBytes + 8 * (kStages + s); }
};

}  // namespace hopper

using namespace hopper;

// Launch: grid = (N/64, M/64), block = 256 threads (warpgroup 0 = producer,
// warpgroup 1 = consumer), dynamic smem = 3*16384 + 1024 + 64 bytes.
// full[s]: 1 arrival (producer expect_tx 16 KiB); empty[s]: 1 arrival (consumer
// thread 128). K = 512 -> 8 K-tiles; K-tile kt uses stage kt%3, phase (kt/3)&1.
// BUG: the consumer releases stage s (arrive on empty[s]) right after
// wgmma.commit_group, without wgmma.wait_group. The producer then issues the
// TMA for K-tile kt+3 into stage s while the wgmmas of K-tile kt are still
// reading A/B of stage s.
extern "C" __global__ void __launch_bounds__(256, 1)
wgmma_tma_release_race(const __grid_constant__ CUtensorMap tmA,
                       const __grid_constant__ CUtensorMap tmB,
                       float* __restrict__ C, int ldc) {
  extern __shared__ uint8_t smem_raw[];
  Layout L{(static_cast<uint32_t>(__cvta_generic_to_shared(smem_raw)) + 1023u) & ~1023u};
  const int tid = threadIdx.x;
  const int m0 = blockIdx.y * kBM, n0 = blockIdx.x * kBN;

  if (tid == 0) {
    for (int s = 0; s < kStages; ++s) { mbar_init(L.full(s), 1); mbar_init(L.empty(s), 1); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();

  if (tid < 128) {                                   // producer warpgroup
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
    if (tid < 32 && elect_sync()) {
      for (int kt = 0; kt < kKTiles; ++kt) {
        const int s = kt % kStages;
        mbar_wait(L.empty(s), ((kt / kStages) & 1) ^ 1);
        mbar_arrive_tx(L.full(s), kStageBytes);
        tma_load_2d(L.a(s), &tmA, L.full(s), kt * kBK, m0);
        tma_load_2d(L.b(s), &tmB, L.full(s), kt * kBK, n0);
      }
    }
  } else {                                           // consumer warpgroup
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
    const int t = tid - 128, warp = t / 32, lane = t % 32;
    float acc[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) acc[i] = 0.f;

    for (int kt = 0; kt < kKTiles; ++kt) {
      const int s = kt % kStages;
      mbar_wait(L.full(s), (kt / kStages) & 1);
      asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
      for (int kk = 0; kk < kBK / 16; ++kk)   // +32 bytes per k16 step inside the swizzle atom
        wgmma_m64n64k16(acc, desc_sw128(L.a(s) + 32 * kk), desc_sw128(L.b(s) + 32 * kk));
      asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
      if (t == 0) mbar_arrive(L.empty(s));
    }
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");

#pragma unroll
    for (int i = 0; i < 32; ++i) {
      const int r = 16 * warp + lane / 4 + 8 * ((i >> 1) & 1);
      const int c = (i >> 2) * 8 + (lane % 4) * 2 + (i & 1);
      C[(size_t)(m0 + r) * ldc + n0 + c] = acc[i];
    }
  }
}

// Launch: as wgmma_tma_release_race. Fixed: wgmma.wait_group 0 (the stage's
// wgmmas have finished reading it) before the consumer arrives on empty[s].
extern "C" __global__ void __launch_bounds__(256, 1)
wgmma_tma_release_ok(const __grid_constant__ CUtensorMap tmA,
                     const __grid_constant__ CUtensorMap tmB,
                     float* __restrict__ C, int ldc) {
  extern __shared__ uint8_t smem_raw[];
  Layout L{(static_cast<uint32_t>(__cvta_generic_to_shared(smem_raw)) + 1023u) & ~1023u};
  const int tid = threadIdx.x;
  const int m0 = blockIdx.y * kBM, n0 = blockIdx.x * kBN;

  if (tid == 0) {
    for (int s = 0; s < kStages; ++s) { mbar_init(L.full(s), 1); mbar_init(L.empty(s), 1); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();

  if (tid < 128) {                                   // producer warpgroup
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
    if (tid < 32 && elect_sync()) {
      for (int kt = 0; kt < kKTiles; ++kt) {
        const int s = kt % kStages;
        mbar_wait(L.empty(s), ((kt / kStages) & 1) ^ 1);
        mbar_arrive_tx(L.full(s), kStageBytes);
        tma_load_2d(L.a(s), &tmA, L.full(s), kt * kBK, m0);
        tma_load_2d(L.b(s), &tmB, L.full(s), kt * kBK, n0);
      }
    }
  } else {                                           // consumer warpgroup
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
    const int t = tid - 128, warp = t / 32, lane = t % 32;
    float acc[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) acc[i] = 0.f;

    for (int kt = 0; kt < kKTiles; ++kt) {
      const int s = kt % kStages;
      mbar_wait(L.full(s), (kt / kStages) & 1);
      asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
      for (int kk = 0; kk < kBK / 16; ++kk)
        wgmma_m64n64k16(acc, desc_sw128(L.a(s) + 32 * kk), desc_sw128(L.b(s) + 32 * kk));
      asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
      asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
      if (t == 0) mbar_arrive(L.empty(s));
    }
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");

#pragma unroll
    for (int i = 0; i < 32; ++i) {
      const int r = 16 * warp + lane / 4 + 8 * ((i >> 1) & 1);
      const int c = (i >> 2) * 8 + (lane % 4) * 2 + (i & 1);
      C[(size_t)(m0 + r) * ldc + n0 + c] = acc[i];
    }
  }
}
