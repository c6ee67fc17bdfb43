// arch: sm_90a
// Persistent-style loops over bulk-copied tiles: mbarrier phase/parity and
// transaction-count bookkeeping.
#include <cstdint>

#define DEVI __device__ __forceinline__

DEVI uint32_t sm_addr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

DEVI void bar_init(uint64_t& b, uint32_t n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(sm_addr(&b)), "r"(n) : "memory");
}

DEVI void bar_expect(uint64_t& b, uint32_t tx) {
  asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;"
               :: "r"(sm_addr(&b)), "r"(tx) : "memory");
}

// Returns true once the phase with parity `ph` has completed.
DEVI bool bar_try(uint64_t& b, uint32_t ph) {
  uint32_t done;
  asm volatile(
      "{\n"
      "  .reg .pred p;\n"
      "  mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 p, [%1], %2;\n"
      "  selp.u32 %0, 1, 0, p;\n"
      "}\n"
      : "=r"(done) : "r"(sm_addr(&b)), "r"(ph) : "memory");
  return done != 0;
}

DEVI void bar_wait(uint64_t& b, uint32_t ph) {
  while (!bar_try(b, ph)) { }
}

DEVI void tma_1d(void* s, const void* g, uint32_t bytes, uint64_t& b) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
      :: "r"(sm_addr(s)), "l"(g), "r"(bytes), "r"(sm_addr(&b)) : "memory");
}

constexpr int kChunk = 2048;                 // floats per tile (8 KiB)
constexpr int kTilesPerCta = 8;              // each CTA streams 8 consecutive tiles

// Launch: grid = n / (8*2048) CTAs, block = 128 threads, no dynamic smem.
// Single smem buffer, refilled kTilesPerCta times; thread 0 is the producer.
// Each thread accumulates a strided sum of squares over the tiles.
// BUG: the wait always uses parity 0. From tile 1 on, parity 0 names the
// already-completed phase 0, so try_wait succeeds at once and the threads read
// `buf` while the bulk copy of the current tile is still writing it.
extern "C" __global__ void __launch_bounds__(128)
bulk_parity_race(const float* __restrict__ src, float* __restrict__ partial) {
  __shared__ alignas(16) float buf[kChunk];
  __shared__ uint64_t full;
  const int t = threadIdx.x;
  const float* base = src + (size_t)blockIdx.x * kTilesPerCta * kChunk;

  if (t == 0) bar_init(full, 1);
  __syncthreads();

  float acc = 0.f;
  for (int it = 0; it < kTilesPerCta; ++it) {
    if (t == 0) {
      bar_expect(full, kChunk * sizeof(float));
      tma_1d(buf, base + (size_t)it * kChunk, kChunk * sizeof(float), full);
    }
    bar_wait(full, 0);
#pragma unroll
    for (int j = 0; j < kChunk / 128; ++j) {
      float v = buf[(t * 5 + j * 128) & (kChunk - 1)];
      acc = fmaf(v, v, acc);
    }
    __syncthreads();                         // all reads of buf done before the next refill
  }
  partial[blockIdx.x * 128 + t] = acc;
}

// Launch: as bulk_parity_race. Fixed: tile `it` completes phase `it`, so the
// consumers wait on parity (it & 1).
extern "C" __global__ void __launch_bounds__(128)
bulk_parity_ok(const float* __restrict__ src, float* __restrict__ partial) {
  __shared__ alignas(16) float buf[kChunk];
  __shared__ uint64_t full;
  const int t = threadIdx.x;
  const float* base = src + (size_t)blockIdx.x * kTilesPerCta * kChunk;

  if (t == 0) bar_init(full, 1);
  __syncthreads();

  float acc = 0.f;
  for (int it = 0; it < kTilesPerCta; ++it) {
    if (t == 0) {
      bar_expect(full, kChunk * sizeof(float));
      tma_1d(buf, base + (size_t)it * kChunk, kChunk * sizeof(float), full);
    }
    bar_wait(full, it & 1);
#pragma unroll
    for (int j = 0; j < kChunk / 128; ++j) {
      float v = buf[(t * 5 + j * 128) & (kChunk - 1)];
      acc = fmaf(v, v, acc);
    }
    __syncthreads();
  }
  partial[blockIdx.x * 128 + t] = acc;
}

// 64x64 float tile (16 KiB) fetched as two 8 KiB row-halves (rows 0..31 and
// rows 32..63 live in two different global arrays, e.g. two K-splits).
constexpr int kRows = 64, kCols = 64;
constexpr uint32_t kHalfBytes = (kRows / 2) * kCols * sizeof(float);

// Launch: grid = number of 64x64 tiles, block = 128 threads, no dynamic smem.
// Thread 0 arms the mbarrier and issues two bulk copies (top half, bottom half)
// on it; each thread then computes a column sum of two columns over all 64 rows.
// BUG: expect_tx announces only one half (8 KiB) although 16 KiB are in flight.
// Phase 0 completes as soon as 8 KiB have landed, so the threads read rows of
// the half whose bulk copy is still writing.
extern "C" __global__ void __launch_bounds__(128)
bulk_txcount_race(const float* __restrict__ top, const float* __restrict__ bot,
                  float* __restrict__ colsum) {
  __shared__ alignas(128) float tile[kRows][kCols];
  __shared__ uint64_t full;
  const int t = threadIdx.x;

  if (t == 0) bar_init(full, 1);
  __syncthreads();

  if (t == 0) {
    bar_expect(full, kHalfBytes);
    tma_1d(&tile[0][0], top + (size_t)blockIdx.x * (kRows / 2) * kCols, kHalfBytes, full);
    tma_1d(&tile[kRows / 2][0], bot + (size_t)blockIdx.x * (kRows / 2) * kCols, kHalfBytes, full);
  }
  bar_wait(full, 0);

  const int c = t & 63, r0 = (t >> 6) * 32;
  float s = 0.f;
#pragma unroll 8
  for (int r = 0; r < 32; ++r) s += tile[(r0 + r + c) & 63][c];
  colsum[blockIdx.x * 128 + t] = s;
}

// Launch: as bulk_txcount_race. Fixed: expect_tx covers both copies (16 KiB).
extern "C" __global__ void __launch_bounds__(128)
bulk_txcount_ok(const float* __restrict__ top, const float* __restrict__ bot,
                float* __restrict__ colsum) {
  __shared__ alignas(128) float tile[kRows][kCols];
  __shared__ uint64_t full;
  const int t = threadIdx.x;

  if (t == 0) bar_init(full, 1);
  __syncthreads();

  if (t == 0) {
    bar_expect(full, 2 * kHalfBytes);
    tma_1d(&tile[0][0], top + (size_t)blockIdx.x * (kRows / 2) * kCols, kHalfBytes, full);
    tma_1d(&tile[kRows / 2][0], bot + (size_t)blockIdx.x * (kRows / 2) * kCols, kHalfBytes, full);
  }
  bar_wait(full, 0);

  const int c = t & 63, r0 = (t >> 6) * 32;
  float s = 0.f;
#pragma unroll 8
  for (int r = 0; r < 32; ++r) s += tile[(r0 + r + c) & 63][c];
  colsum[blockIdx.x * 128 + t] = s;
}
