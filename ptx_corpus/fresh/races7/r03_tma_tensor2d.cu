// arch: sm_90a
// 2D tensor TMA (cp.async.bulk.tensor.2d) with a __grid_constant__ CUtensorMap.
// Host side (not shown): cuTensorMapEncodeTiled on a row-major bf16 matrix,
// globalDim = {W, H}, boxDim = {64, 64}, CU_TENSOR_MAP_SWIZZLE_NONE,
// CU_TENSOR_MAP_INTERLEAVE_NONE. One box = 64x64 bf16 = 8 KiB.
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_bf16.h>
#include <cstdint>

namespace tma2d {

constexpr int kBox = 64;
constexpr uint32_t kBoxBytes = kBox * kBox * sizeof(__nv_bfloat16);

__device__ __forceinline__ uint32_t s2u(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void init(uint64_t* b, int count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n"
               "fence.mbarrier_init.release.cluster;\n"
               :: "r"(s2u(b)), "r"(count) : "memory");
}

__device__ __forceinline__ void expect_tx(uint64_t* b, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
               :: "r"(s2u(b)), "r"(bytes) : "memory");
}

__device__ __forceinline__ void wait(uint64_t* b, int phase) {
  uint32_t ok = 0;
  do {
    asm volatile("{ .reg .pred q;\n"
                 "  mbarrier.try_wait.parity.shared::cta.b64 q, [%1], %2;\n"
                 "  selp.b32 %0, 1, 0, q; }\n"
                 : "=r"(ok) : "r"(s2u(b)), "r"(phase) : "memory");
  } while (!ok);
}

__device__ __forceinline__ void load_box(void* dst, const CUtensorMap* map, int x, int y, uint64_t* b) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3}], [%4];"
      :: "r"(s2u(dst)), "l"(reinterpret_cast<uint64_t>(map)), "r"(x), "r"(y), "r"(s2u(b))
      : "memory");
}

__device__ __forceinline__ void prefetch_desc(const CUtensorMap* map) {
  asm volatile("prefetch.tensormap [%0];" :: "l"(reinterpret_cast<uint64_t>(map)) : "memory");
}

}  // namespace tma2d

// Launch: grid = (W/64, H/64), block = 128 threads (one warpgroup), no dynamic smem.
// Thread 0 loads box (x = 64*blockIdx.x, y = 64*blockIdx.y) and waits for it;
// all threads then write the transposed tile as float: out[(x+c)*H + y+r] = tile[r][c].
// BUG: only the issuing thread waits on the mbarrier; threads 1..127 read the
// tile with nothing ordering them after the TMA write.
extern "C" __global__ void __launch_bounds__(128)
tma2d_tile_race(const __grid_constant__ CUtensorMap tmap, float* __restrict__ out, int H) {
  __shared__ alignas(128) __nv_bfloat16 tile[tma2d::kBox][tma2d::kBox];
  __shared__ uint64_t full;
  const int tid = threadIdx.x;
  const int x0 = blockIdx.x * tma2d::kBox, y0 = blockIdx.y * tma2d::kBox;

  if (tid == 0) {
    tma2d::prefetch_desc(&tmap);
    tma2d::init(&full, 1);
  }
  __syncthreads();

  if (tid == 0) {
    tma2d::expect_tx(&full, tma2d::kBoxBytes);
    tma2d::load_box(&tile[0][0], &tmap, x0, y0, &full);
    tma2d::wait(&full, 0);
  }

  // 128 threads: thread handles column c = tid & 63, rows r = (tid >> 6) + 2k.
  const int c = tid & 63;
  for (int r = tid >> 6; r < tma2d::kBox; r += 2) {
    out[(size_t)(x0 + c) * H + (y0 + r)] = __bfloat162float(tile[r][c]);
  }
}

// Launch: as tma2d_tile_race. Fixed: __syncthreads() after thread 0's wait
// propagates the completed phase to the whole CTA.
extern "C" __global__ void __launch_bounds__(128)
tma2d_tile_ok(const __grid_constant__ CUtensorMap tmap, float* __restrict__ out, int H) {
  __shared__ alignas(128) __nv_bfloat16 tile[tma2d::kBox][tma2d::kBox];
  __shared__ uint64_t full;
  const int tid = threadIdx.x;
  const int x0 = blockIdx.x * tma2d::kBox, y0 = blockIdx.y * tma2d::kBox;

  if (tid == 0) {
    tma2d::prefetch_desc(&tmap);
    tma2d::init(&full, 1);
  }
  __syncthreads();

  if (tid == 0) {
    tma2d::expect_tx(&full, tma2d::kBoxBytes);
    tma2d::load_box(&tile[0][0], &tmap, x0, y0, &full);
    tma2d::wait(&full, 0);
  }
  __syncthreads();

  const int c = tid & 63;
  for (int r = tid >> 6; r < tma2d::kBox; r += 2) {
    out[(size_t)(x0 + c) * H + (y0 + r)] = __bfloat162float(tile[r][c]);
  }
}

constexpr int kStages = 2;
constexpr int kKTiles = 8;          // W = 512 columns per 64-row strip

// Launch: grid = H/64 CTAs (one 64-row strip of a 64-row x 512-col bf16 matrix each),
// block = 128 threads, no dynamic smem (2 x 8 KiB stages).
// Double-buffered TMA: thread 0 prefetches boxes kt and kt+1, consumers wait on
// full[kt&1] with parity (kt>>1)&1, then thread 0 refills the stage with box kt+2.
// Thread t sums row t>>1, columns (t&1)*32 .. +31 of every box.
// BUG: no CTA barrier between the consumers' reads of stage s and thread 0
// issuing the TMA that overwrites stage s (missing "empty" synchronisation).
extern "C" __global__ void __launch_bounds__(128)
tma2d_ring_race(const __grid_constant__ CUtensorMap tmap, float* __restrict__ rowsum) {
  __shared__ alignas(128) __nv_bfloat16 stage[kStages][tma2d::kBox][tma2d::kBox];
  __shared__ uint64_t full[kStages];
  const int tid = threadIdx.x;
  const int y0 = blockIdx.x * tma2d::kBox;

  if (tid == 0) {
    for (int s = 0; s < kStages; ++s) tma2d::init(&full[s], 1);
  }
  __syncthreads();
  if (tid == 0) {
    for (int s = 0; s < kStages; ++s) {
      tma2d::expect_tx(&full[s], tma2d::kBoxBytes);
      tma2d::load_box(&stage[s][0][0], &tmap, s * tma2d::kBox, y0, &full[s]);
    }
  }

  const int r = tid >> 1, c0 = (tid & 1) * 32;
  float acc = 0.f;
  for (int kt = 0; kt < kKTiles; ++kt) {
    const int s = kt & 1;
    tma2d::wait(&full[s], (kt >> 1) & 1);
#pragma unroll
    for (int c = 0; c < 32; ++c) acc += __bfloat162float(stage[s][r][c0 + c]);

    if (tid == 0 && kt + kStages < kKTiles) {
      tma2d::expect_tx(&full[s], tma2d::kBoxBytes);
      tma2d::load_box(&stage[s][0][0], &tmap, (kt + kStages) * tma2d::kBox, y0, &full[s]);
    }
  }
  acc += __shfl_xor_sync(0xffffffffu, acc, 1);
  if ((tid & 1) == 0) rowsum[y0 + r] = acc;
}

// Launch: as tma2d_ring_race. Fixed: __syncthreads() after the consumers'
// reads of stage s, before thread 0 refills it.
extern "C" __global__ void __launch_bounds__(128)
tma2d_ring_ok(const __grid_constant__ CUtensorMap tmap, float* __restrict__ rowsum) {
  __shared__ alignas(128) __nv_bfloat16 stage[kStages][tma2d::kBox][tma2d::kBox];
  __shared__ uint64_t full[kStages];
  const int tid = threadIdx.x;
  const int y0 = blockIdx.x * tma2d::kBox;

  if (tid == 0) {
    for (int s = 0; s < kStages; ++s) tma2d::init(&full[s], 1);
  }
  __syncthreads();
  if (tid == 0) {
    for (int s = 0; s < kStages; ++s) {
      tma2d::expect_tx(&full[s], tma2d::kBoxBytes);
      tma2d::load_box(&stage[s][0][0], &tmap, s * tma2d::kBox, y0, &full[s]);
    }
  }

  const int r = tid >> 1, c0 = (tid & 1) * 32;
  float acc = 0.f;
  for (int kt = 0; kt < kKTiles; ++kt) {
    const int s = kt & 1;
    tma2d::wait(&full[s], (kt >> 1) & 1);
#pragma unroll
    for (int c = 0; c < 32; ++c) acc += __bfloat162float(stage[s][r][c0 + c]);
    __syncthreads();

    if (tid == 0 && kt + kStages < kKTiles) {
      tma2d::expect_tx(&full[s], tma2d::kBoxBytes);
      tma2d::load_box(&stage[s][0][0], &tmap, (kt + kStages) * tma2d::kBox, y0, &full[s]);
    }
  }
  acc += __shfl_xor_sync(0xffffffffu, acc, 1);
  if ((tid & 1) == 0) rowsum[y0 + r] = acc;
}
