// arch: sm_90a
// sm_80-style multi-stage pipelines written with inline cp.async PTX:
// cp.async.{ca,cg}.shared.global + cp.async.commit_group + cp.async.wait_group N.
// cp.async.wait_group only covers the calling thread's own copies; a CTA
// barrier is needed before reading data copied by other threads.
#include <cstdint>

#define CP_ASYNC_CG16(dst_smem, src_gmem) \
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(dst_smem), "l"(src_gmem) : "memory")
#define CP_ASYNC_CA8(dst_smem, src_gmem) \
  asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" :: "r"(dst_smem), "l"(src_gmem) : "memory")
#define CP_ASYNC_COMMIT() asm volatile("cp.async.commit_group;\n" ::: "memory")
#define CP_ASYNC_WAIT(n) asm volatile("cp.async.wait_group %0;\n" :: "n"(n) : "memory")

static __device__ __forceinline__ uint32_t smem_cast(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// ---------------------------------------------------------------------------
// Pair 1: 3-stage GEMV pipeline, y = A * v for a 64-row strip, K = 512.
namespace gemv {
constexpr int kStages = 3;
constexpr int kRows = 64, kBK = 32, kK = 512, kKT = kK / kBK;   // 16 K-tiles
// Stage = 64 x 32 fp32 = 512 16-byte chunks; chunk c -> row c/8, cols 4*(c%8)..+3.
__device__ __forceinline__ void issue(float (*st)[kBK], const float* A, int row0, int kt, int tid) {
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const int c = tid + 128 * j;
    const int r = c >> 3, c4 = (c & 7) * 4;
    CP_ASYNC_CG16(smem_cast(&st[r][c4]), A + (size_t)(row0 + r) * kK + kt * kBK + c4);
  }
}
}  // namespace gemv

// Launch: grid = M/64, block = 128 threads, no dynamic smem (3 x 8 KiB).
// Prologue issues K-tiles 0 and 1 (one commit group each). Iteration kt waits,
// syncs, prefetches K-tile kt+2 into stage (kt+2)%3 (always committing a group,
// possibly empty), then thread t computes row t/2, columns 16*(t&1)..+15 of
// stage kt%3 — i.e. chunks copied by threads 8*(t/2)+4*(t&1) .. +3 (mod 128).
// BUG: cp.async.wait_group 2 while 2 younger groups are outstanding leaves the
// group of K-tile kt itself in flight. E.g. at kt = 0 thread 0 reads
// stage[0][0][4..7] while thread 1's cp.async into it may not have landed.
extern "C" __global__ void __launch_bounds__(128)
cpasync_waitcount_race(const float* __restrict__ A, const float* __restrict__ v,
                       float* __restrict__ y) {
  using namespace gemv;
  __shared__ alignas(16) float st[kStages][kRows][kBK];
  const int tid = threadIdx.x;
  const int row0 = blockIdx.x * kRows;

  issue(st[0], A, row0, 0, tid); CP_ASYNC_COMMIT();
  issue(st[1], A, row0, 1, tid); CP_ASYNC_COMMIT();

  const int r = tid >> 1, c0 = (tid & 1) * 16;
  float acc = 0.f;
  for (int kt = 0; kt < kKT; ++kt) {
    CP_ASYNC_WAIT(2);
    __syncthreads();
    if (kt + 2 < kKT) issue(st[(kt + 2) % kStages], A, row0, kt + 2, tid);
    CP_ASYNC_COMMIT();
    const float* row = st[kt % kStages][r];
#pragma unroll
    for (int c = 0; c < 16; ++c) acc = fmaf(row[c0 + c], __ldg(&v[kt * kBK + c0 + c]), acc);
  }
  acc += __shfl_xor_sync(0xffffffffu, acc, 1);
  if ((tid & 1) == 0) y[row0 + r] = acc;
}

// Launch: as cpasync_waitcount_race. Fixed: cp.async.wait_group 1 (= stages-2):
// only the group of K-tile kt+1 may remain in flight, K-tile kt has landed
// for every thread before the __syncthreads.
extern "C" __global__ void __launch_bounds__(128)
cpasync_waitcount_ok(const float* __restrict__ A, const float* __restrict__ v,
                     float* __restrict__ y) {
  using namespace gemv;
  __shared__ alignas(16) float st[kStages][kRows][kBK];
  const int tid = threadIdx.x;
  const int row0 = blockIdx.x * kRows;

  issue(st[0], A, row0, 0, tid); CP_ASYNC_COMMIT();
  issue(st[1], A, row0, 1, tid); CP_ASYNC_COMMIT();

  const int r = tid >> 1, c0 = (tid & 1) * 16;
  float acc = 0.f;
  for (int kt = 0; kt < kKT; ++kt) {
    CP_ASYNC_WAIT(1);
    __syncthreads();
    if (kt + 2 < kKT) issue(st[(kt + 2) % kStages], A, row0, kt + 2, tid);
    CP_ASYNC_COMMIT();
    const float* row = st[kt % kStages][r];
#pragma unroll
    for (int c = 0; c < 16; ++c) acc = fmaf(row[c0 + c], __ldg(&v[kt * kBK + c0 + c]), acc);
  }
  acc += __shfl_xor_sync(0xffffffffu, acc, 1);
  if ((tid & 1) == 0) y[row0 + r] = acc;
}

// ---------------------------------------------------------------------------
// Pair 2: double-buffered 5-tap filter over a long signal, 8-byte cp.async.ca.
constexpr int kSeg = 2048;        // floats per segment (8 KiB)
constexpr int kSegs = 8;          // segments per CTA

// Launch: grid = n / (8*2048) CTAs, block = 256 threads, no dynamic smem.
// Thread t copies float pairs 2*(t + 256*j), j < 4, of every segment (8-byte
// cp.async.ca). Per iteration: prefetch segment i+1 into buf[(i+1)&1], wait
// for segment i's group, then out[p] = sum_k w[k]*buf[i&1][(p+k) % 2048] for
// p = t + 256*q, then __syncthreads() before the next prefetch.
// BUG: no __syncthreads() between cp.async.wait_group and the filter reads:
// thread 0 reads buf[0][1..4], copied by threads 0, 1 and 2, whose copies are
// only known complete to themselves.
extern "C" __global__ void __launch_bounds__(256)
cpasync_nosync_race(const float* __restrict__ sig, const float* __restrict__ w5,
                    float* __restrict__ out) {
  __shared__ alignas(16) float buf[2][kSeg];
  const int t = threadIdx.x;
  const float* base = sig + (size_t)blockIdx.x * kSegs * kSeg;
  float w[5];
#pragma unroll
  for (int k = 0; k < 5; ++k) w[k] = w5[k];

#pragma unroll
  for (int j = 0; j < 4; ++j) CP_ASYNC_CA8(smem_cast(&buf[0][2 * (t + 256 * j)]), base + 2 * (t + 256 * j));
  CP_ASYNC_COMMIT();

  for (int i = 0; i < kSegs; ++i) {
    if (i + 1 < kSegs) {
      const float* nxt = base + (size_t)(i + 1) * kSeg;
#pragma unroll
      for (int j = 0; j < 4; ++j)
        CP_ASYNC_CA8(smem_cast(&buf[(i + 1) & 1][2 * (t + 256 * j)]), nxt + 2 * (t + 256 * j));
      CP_ASYNC_COMMIT();
      CP_ASYNC_WAIT(1);
    } else {
      CP_ASYNC_WAIT(0);
    }
    const float* b = buf[i & 1];
#pragma unroll
    for (int q = 0; q < kSeg / 256; ++q) {
      const int p = t + 256 * q;
      float s = 0.f;
#pragma unroll
      for (int k = 0; k < 5; ++k) s = fmaf(w[k], b[(p + k) & (kSeg - 1)], s);
      out[(size_t)blockIdx.x * kSegs * kSeg + (size_t)i * kSeg + p] = s;
    }
    __syncthreads();
  }
}

// Launch: as cpasync_nosync_race. Fixed: __syncthreads() after the wait, so
// every thread's copies of segment i are complete before anyone reads them.
extern "C" __global__ void __launch_bounds__(256)
cpasync_nosync_ok(const float* __restrict__ sig, const float* __restrict__ w5,
                  float* __restrict__ out) {
  __shared__ alignas(16) float buf[2][kSeg];
  const int t = threadIdx.x;
  const float* base = sig + (size_t)blockIdx.x * kSegs * kSeg;
  float w[5];
#pragma unroll
  for (int k = 0; k < 5; ++k) w[k] = w5[k];

#pragma unroll
  for (int j = 0; j < 4; ++j) CP_ASYNC_CA8(smem_cast(&buf[0][2 * (t + 256 * j)]), base + 2 * (t + 256 * j));
  CP_ASYNC_COMMIT();

  for (int i = 0; i < kSegs; ++i) {
    if (i + 1 < kSegs) {
      const float* nxt = base + (size_t)(i + 1) * kSeg;
#pragma unroll
      for (int j = 0; j < 4; ++j)
        CP_ASYNC_CA8(smem_cast(&buf[(i + 1) & 1][2 * (t + 256 * j)]), nxt + 2 * (t + 256 * j));
      CP_ASYNC_COMMIT();
      CP_ASYNC_WAIT(1);
    } else {
      CP_ASYNC_WAIT(0);
    }
    __syncthreads();
    const float* b = buf[i & 1];
#pragma unroll
    for (int q = 0; q < kSeg / 256; ++q) {
      const int p = t + 256 * q;
      float s = 0.f;
#pragma unroll
      for (int k = 0; k < 5; ++k) s = fmaf(w[k], b[(p + k) & (kSeg - 1)], s);
      out[(size_t)blockIdx.x * kSegs * kSeg + (size_t)i * kSeg + p] = s;
    }
    __syncthreads();
  }
}
