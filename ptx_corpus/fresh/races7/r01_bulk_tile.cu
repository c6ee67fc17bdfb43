// arch: sm_90a
// One-shot 1D bulk (TMA) copies global -> shared, completion tracked by an mbarrier.
#include <cstdint>

namespace {

constexpr int kTileElems = 4096;                       // 16 KiB of float per CTA
constexpr uint32_t kTileBytes = kTileElems * sizeof(float);

__device__ __forceinline__ uint32_t cvta_smem(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void mbar_init(uint64_t* bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(cvta_smem(bar)), "r"(count) : "memory");
}

__device__ __forceinline__ void fence_mbar_init() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

__device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t* bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
               :: "r"(cvta_smem(bar)), "r"(bytes) : "memory");
}

__device__ __forceinline__ void mbar_wait(uint64_t* bar, uint32_t parity) {
  asm volatile(
      "{\n\t"
      ".reg .pred P1;\n\t"
      "LAB_WAIT:\n\t"
      "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n\t"
      "@P1 bra DONE;\n\t"
      "bra LAB_WAIT;\n\t"
      "DONE:\n\t"
      "}" :: "r"(cvta_smem(bar)), "r"(parity) : "memory");
}

__device__ __forceinline__ void bulk_g2s(void* dst, const void* src, uint32_t bytes, uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
      :: "r"(cvta_smem(dst)), "l"(src), "r"(bytes), "r"(cvta_smem(bar)) : "memory");
}

}  // namespace

// Launch: grid = n / 4096 CTAs, block = 256 threads (1D), no dynamic shared memory.
// Thread 0 issues one 16 KiB bulk copy of the CTA's tile into `tile`; every thread
// then computes out[i] = tile[i] * alpha + tile[i ^ 1] (reads elements other
// threads will also read; all of them are written by the bulk copy).
// BUG: nobody waits on the mbarrier before the tile is read.
extern "C" __global__ void __launch_bounds__(256)
bulk_tile_race(const float* __restrict__ in, float* __restrict__ out, float alpha) {
  __shared__ alignas(128) float tile[kTileElems];
  __shared__ uint64_t full;

  const int tid = threadIdx.x;
  if (tid == 0) {
    mbar_init(&full, 1);
    fence_mbar_init();
  }
  __syncthreads();

  if (tid == 0) {
    mbar_arrive_expect_tx(&full, kTileBytes);
    bulk_g2s(tile, in + (size_t)blockIdx.x * kTileElems, kTileBytes, &full);
  }

#pragma unroll 4
  for (int i = tid; i < kTileElems; i += 256) {
    out[(size_t)blockIdx.x * kTileElems + i] = tile[i] * alpha + tile[i ^ 1];
  }
  // Keep the CTA (and its shared memory) alive until the copy has landed.
  mbar_wait(&full, 0);
}

// Launch: as bulk_tile_race. Fixed: every thread waits for phase 0 of `full`
// (the bulk copy's complete_tx) before reading the tile.
extern "C" __global__ void __launch_bounds__(256)
bulk_tile_ok(const float* __restrict__ in, float* __restrict__ out, float alpha) {
  __shared__ alignas(128) float tile[kTileElems];
  __shared__ uint64_t full;

  const int tid = threadIdx.x;
  if (tid == 0) {
    mbar_init(&full, 1);
    fence_mbar_init();
  }
  __syncthreads();

  if (tid == 0) {
    mbar_arrive_expect_tx(&full, kTileBytes);
    bulk_g2s(tile, in + (size_t)blockIdx.x * kTileElems, kTileBytes, &full);
  }
  mbar_wait(&full, 0);

#pragma unroll 4
  for (int i = tid; i < kTileElems; i += 256) {
    out[(size_t)blockIdx.x * kTileElems + i] = tile[i] * alpha + tile[i ^ 1];
  }
}

// Launch: grid = n / 4096 CTAs, block = 256 threads, no dynamic shared memory.
// Warp 0 / lane 0 is the producer: it initialises the mbarrier and issues the copy.
// All 256 threads then wait on the mbarrier and scale the tile.
// BUG: no __syncthreads() between thread 0's mbarrier.init and the other
// threads' mbarrier.try_wait on the same 8-byte shared object.
extern "C" __global__ void __launch_bounds__(256)
bulk_init_race(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ alignas(128) float tile[kTileElems];
  __shared__ uint64_t full;

  const int tid = threadIdx.x;
  if (tid == 0) {
    mbar_init(&full, 1);
    fence_mbar_init();
    mbar_arrive_expect_tx(&full, kTileBytes);
    bulk_g2s(tile, in + (size_t)blockIdx.x * kTileElems, kTileBytes, &full);
  }

  mbar_wait(&full, 0);
  float* dst = out + (size_t)blockIdx.x * kTileElems;
  for (int i = tid; i < kTileElems; i += 256) dst[i] = 0.5f * tile[kTileElems - 1 - i];
}

// Launch: as bulk_init_race. Fixed: a CTA barrier publishes the initialised
// mbarrier before any other thread polls it.
extern "C" __global__ void __launch_bounds__(256)
bulk_init_ok(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ alignas(128) float tile[kTileElems];
  __shared__ uint64_t full;

  const int tid = threadIdx.x;
  if (tid == 0) {
    mbar_init(&full, 1);
    fence_mbar_init();
  }
  __syncthreads();
  if (tid == 0) {
    mbar_arrive_expect_tx(&full, kTileBytes);
    bulk_g2s(tile, in + (size_t)blockIdx.x * kTileElems, kTileBytes, &full);
  }

  mbar_wait(&full, 0);
  float* dst = out + (size_t)blockIdx.x * kTileElems;
  for (int i = tid; i < kTileElems; i += 256) dst[i] = 0.5f * tile[kTileElems - 1 - i];
}
