// arch: sm_90a
// Warp-specialised kernels whose producer writes shared memory with ordinary
// stores, and consumer warpgroups synchronising on named barriers.
#include <cstdint>

#define FI __device__ __forceinline__

FI uint32_t smem_ptr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
FI void mb_init(uint64_t* b, uint32_t n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(smem_ptr(b)), "r"(n) : "memory");
}
// default .release.cta semantics: orders this thread's prior accesses
FI void mb_arrive(uint64_t* b) {
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];" :: "r"(smem_ptr(b)) : "memory");
}
FI void mb_wait(uint64_t* b, uint32_t par) {
  uint32_t ready = 0;
  while (!ready) {
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(ready) : "r"(smem_ptr(b)), "r"(par) : "memory");
  }
}

// ---------------------------------------------------------------------------
// Pair 1: producer warp dequantises int8 -> fp32 into a 2-stage ring with
// ordinary st.shared; full[s] has ONE expected arrival (lane 0 of the producer).
constexpr int kStages = 2;
constexpr int kStageElems = 2048;   // 32 x 64 fp32
constexpr int kIters = 8;

// Launch: grid = number of 8-tile groups, block = 160 threads (warp 0 =
// producer, warps 1..4 = one consumer warpgroup), no dynamic smem.
// Producer lane l writes elements l + 32*j (j < 64) of the stage; consumer
// thread c (0..127) reads elements 16c .. 16c+15, written by lanes (16c .. 16c+15) % 32.
// full[s]: 1 arrival (producer lane 0); empty[s]: 128 arrivals (all consumers).
// BUG: lane 0 signals full[s] right after its own stores; there is no
// __syncwarp, so the other 31 producer lanes' stores to the stage are not
// ordered before the arrive that releases the consumers.
extern "C" __global__ void __launch_bounds__(160)
ws_dequant_race(const int8_t* __restrict__ q, const float* __restrict__ scales,
                float* __restrict__ out) {
  __shared__ alignas(16) float stage[kStages][kStageElems];
  __shared__ uint64_t full[kStages], empty[kStages];
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;

  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) { mb_init(&full[s], 1); mb_init(&empty[s], 128); }
  }
  __syncthreads();

  const size_t tile0 = (size_t)blockIdx.x * kIters;
  if (warp == 0) {
    for (int it = 0; it < kIters; ++it) {
      const int s = it % kStages;
      mb_wait(&empty[s], ((it / kStages) & 1) ^ 1);
      const int8_t* qt = q + (tile0 + it) * kStageElems;
      const float sc = scales[tile0 + it];
#pragma unroll 8
      for (int j = 0; j < kStageElems / 32; ++j)
        stage[s][lane + 32 * j] = sc * (float)qt[lane + 32 * j];
      if (lane == 0) mb_arrive(&full[s]);
    }
  } else {
    const int c = threadIdx.x - 32;
    float acc[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) acc[i] = 0.f;
    for (int it = 0; it < kIters; ++it) {
      const int s = it % kStages;
      mb_wait(&full[s], (it / kStages) & 1);
#pragma unroll
      for (int i = 0; i < 16; ++i) acc[i] += stage[s][16 * c + i];
      mb_arrive(&empty[s]);
    }
#pragma unroll
    for (int i = 0; i < 16; ++i) out[((size_t)blockIdx.x * 128 + c) * 16 + i] = acc[i];
  }
}

// Launch: as ws_dequant_race. Fixed: __syncwarp() after the producer warp's
// stores, before lane 0 arrives on full[s].
extern "C" __global__ void __launch_bounds__(160)
ws_dequant_ok(const int8_t* __restrict__ q, const float* __restrict__ scales,
              float* __restrict__ out) {
  __shared__ alignas(16) float stage[kStages][kStageElems];
  __shared__ uint64_t full[kStages], empty[kStages];
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;

  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) { mb_init(&full[s], 1); mb_init(&empty[s], 128); }
  }
  __syncthreads();

  const size_t tile0 = (size_t)blockIdx.x * kIters;
  if (warp == 0) {
    for (int it = 0; it < kIters; ++it) {
      const int s = it % kStages;
      mb_wait(&empty[s], ((it / kStages) & 1) ^ 1);
      const int8_t* qt = q + (tile0 + it) * kStageElems;
      const float sc = scales[tile0 + it];
#pragma unroll 8
      for (int j = 0; j < kStageElems / 32; ++j)
        stage[s][lane + 32 * j] = sc * (float)qt[lane + 32 * j];
      __syncwarp();
      if (lane == 0) mb_arrive(&full[s]);
    }
  } else {
    const int c = threadIdx.x - 32;
    float acc[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) acc[i] = 0.f;
    for (int it = 0; it < kIters; ++it) {
      const int s = it % kStages;
      mb_wait(&full[s], (it / kStages) & 1);
#pragma unroll
      for (int i = 0; i < 16; ++i) acc[i] += stage[s][16 * c + i];
      mb_arrive(&empty[s]);
    }
#pragma unroll
    for (int i = 0; i < 16; ++i) out[((size_t)blockIdx.x * 128 + c) * 16 + i] = acc[i];
  }
}

// ---------------------------------------------------------------------------
// Pair 2: two consumer warpgroups, each with its own named barrier (id 1 + wg),
// exchanging per-warp partial row maxima of a 64x64 score tile (FA-style softmax).
template <int kCount>
FI void named_sync(int id) {
  asm volatile("bar.sync %0, %1;" :: "r"(id), "n"(kCount) : "memory");
}

// Launch: grid = rows / 128, block = 256 threads (2 warpgroups; warpgroup g owns
// rows 64g .. 64g+63 of the CTA's 128x64 score block), no dynamic smem.
// Warp w of a warpgroup owns columns 16w .. 16w+15; lane l owns rows l and l+32.
// Each warp writes red[g][w][row] (its partial max), the warpgroup syncs on
// named barrier 1+g, then every thread reads red[g][0..3][row].
// BUG: the named barrier is given 64 threads instead of the warpgroup's 128.
// Barrier 1+g then completes as soon as any two warps of the warpgroup arrive,
// so warp 0 can read red[g][3][l] before warp 3 has written it.
extern "C" __global__ void __launch_bounds__(256)
nb_rowmax_race(const float* __restrict__ S, float* __restrict__ P, float scale) {
  __shared__ float red[2][4][64];
  const int g = threadIdx.x / 128, w = (threadIdx.x / 32) % 4, l = threadIdx.x % 32;
  const float* srow = S + ((size_t)blockIdx.x * 128 + 64 * g) * 64;
  float* prow = P + ((size_t)blockIdx.x * 128 + 64 * g) * 64;

  float v0[16], v1[16];
  float m0 = -INFINITY, m1 = -INFINITY;
#pragma unroll
  for (int j = 0; j < 16; ++j) {
    v0[j] = srow[(size_t)l * 64 + 16 * w + j] * scale;
    v1[j] = srow[(size_t)(l + 32) * 64 + 16 * w + j] * scale;
    m0 = fmaxf(m0, v0[j]);
    m1 = fmaxf(m1, v1[j]);
  }
  red[g][w][l] = m0;
  red[g][w][l + 32] = m1;
  named_sync<64>(1 + g);
  float r0 = fmaxf(fmaxf(red[g][0][l], red[g][1][l]), fmaxf(red[g][2][l], red[g][3][l]));
  float r1 = fmaxf(fmaxf(red[g][0][l + 32], red[g][1][l + 32]),
                   fmaxf(red[g][2][l + 32], red[g][3][l + 32]));
#pragma unroll
  for (int j = 0; j < 16; ++j) {
    prow[(size_t)l * 64 + 16 * w + j] = __expf(v0[j] - r0);
    prow[(size_t)(l + 32) * 64 + 16 * w + j] = __expf(v1[j] - r1);
  }
}

// Launch: as nb_rowmax_race. Fixed: the named barrier counts all 128 threads
// of the warpgroup.
extern "C" __global__ void __launch_bounds__(256)
nb_rowmax_ok(const float* __restrict__ S, float* __restrict__ P, float scale) {
  __shared__ float red[2][4][64];
  const int g = threadIdx.x / 128, w = (threadIdx.x / 32) % 4, l = threadIdx.x % 32;
  const float* srow = S + ((size_t)blockIdx.x * 128 + 64 * g) * 64;
  float* prow = P + ((size_t)blockIdx.x * 128 + 64 * g) * 64;

  float v0[16], v1[16];
  float m0 = -INFINITY, m1 = -INFINITY;
#pragma unroll
  for (int j = 0; j < 16; ++j) {
    v0[j] = srow[(size_t)l * 64 + 16 * w + j] * scale;
    v1[j] = srow[(size_t)(l + 32) * 64 + 16 * w + j] * scale;
    m0 = fmaxf(m0, v0[j]);
    m1 = fmaxf(m1, v1[j]);
  }
  red[g][w][l] = m0;
  red[g][w][l + 32] = m1;
  named_sync<128>(1 + g);
  float r0 = fmaxf(fmaxf(red[g][0][l], red[g][1][l]), fmaxf(red[g][2][l], red[g][3][l]));
  float r1 = fmaxf(fmaxf(red[g][0][l + 32], red[g][1][l + 32]),
                   fmaxf(red[g][2][l + 32], red[g][3][l + 32]));
#pragma unroll
  for (int j = 0; j < 16; ++j) {
    prow[(size_t)l * 64 + 16 * w + j] = __expf(v0[j] - r0);
    prow[(size_t)(l + 32) * 64 + 16 * w + j] = __expf(v1[j] - r1);
  }
}
