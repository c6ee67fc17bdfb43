// arch: sm_90a
// Single-warpgroup GEMM main loops built on wgmma.mma_async with operands in
// shared memory that the threads refill every K-tile. A pending wgmma keeps
// reading its shared-memory operands until wgmma.wait_group retires it.
#include <cuda_bf16.h>
#include <cstdint>

#define DEV static __device__ __forceinline__

DEV uint32_t to_smem(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

// Matrix descriptor: no swizzle, K-major core matrices.
DEV uint64_t make_smem_desc(const void* p, uint32_t lbo_bytes, uint32_t sbo_bytes) {
  uint64_t addr = (to_smem(p) & 0x3FFFF) >> 4;
  uint64_t lbo = (lbo_bytes & 0x3FFFF) >> 4;
  uint64_t sbo = (sbo_bytes & 0x3FFFF) >> 4;
  return addr | (lbo << 16) | (sbo << 32);
}

DEV void warpgroup_arrive() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }
DEV void warpgroup_commit() { asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory"); }
template <int N> DEV void warpgroup_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" :: "n"(N) : "memory");
}
DEV void fence_view_async_shared() { asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory"); }

DEV void wgmma_64x64x16(float (&d)[32], uint64_t a, uint64_t b) {
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "setp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
      "%32, %33, p, 1, 1, 0, 0;\n"
      "}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
      : "l"(a), "l"(b), "r"(1)
      : "memory");
}

DEV void wgmma_64x32x16(float (&d)[16], uint64_t a, uint64_t b) {
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "setp.ne.b32 p, %18, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15}, "
      "%16, %17, p, 1, 1, 0, 0;\n"
      "}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15])
      : "l"(a), "l"(b), "r"(1)
      : "memory");
}

// ---------------------------------------------------------------------------
// Pair 1: single-buffered, BK = 32. Core-matrix layout for K = 32:
//   (r, k) -> ((r/8)*4 + k/8)*64 + (r%8)*8 + k%8 ; LBO = 128 B, SBO = 512 B.
namespace p1 {
constexpr int BM = 64, BN = 64, BK = 32, K = 256, KT = K / BK;
DEV int off(int r, int k) { return ((r >> 3) * 4 + (k >> 3)) * 64 + (r & 7) * 8 + (k & 7); }
DEV void load_tiles(__nv_bfloat16* sA, __nv_bfloat16* sB, const __nv_bfloat16* A,
                    const __nv_bfloat16* B, int row0, int col0, int kt, int tid) {
  // 64x32 A + 64x32 B = 512 16-byte chunks, 4 per thread
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const int c = tid + 128 * j;
    const int r = (c & 255) >> 2, kc = c & 3;
    const bool isA = c < 256;
    const __nv_bfloat16* g = isA ? A + (size_t)(row0 + r) * K : B + (size_t)(col0 + r) * K;
    __nv_bfloat16* s = isA ? sA : sB;
    *reinterpret_cast<uint4*>(&s[off(r, kc * 8)]) =
        *reinterpret_cast<const uint4*>(g + kt * BK + kc * 8);
  }
}
}  // namespace p1

// Launch: grid = (N/64, M/64), block = 128 threads (one warpgroup), no dynamic
// smem (sA, sB 4 KiB each). K = 256 (8 K-tiles of 32). A row-major MxK, B
// row-major NxK, C row-major fp32 with leading dimension ldc.
// Per K-tile: threads store the tile, fence.proxy.async, __syncthreads, then
// wgmma.fence + 2 wgmma (k16 steps) + commit_group.
// BUG: no wgmma.wait_group before the barrier that ends the K-tile. In the
// next K-tile every thread overwrites sA/sB (e.g. thread 0 writes
// sA[off(0,0..7)]) while the previous tile's wgmma may still be reading them.
extern "C" __global__ void __launch_bounds__(128)
wgmma_wait_race(const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
                float* __restrict__ C, int ldc) {
  __shared__ alignas(128) __nv_bfloat16 sA[p1::BM * p1::BK];
  __shared__ alignas(128) __nv_bfloat16 sB[p1::BN * p1::BK];
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  const int row0 = blockIdx.y * p1::BM, col0 = blockIdx.x * p1::BN;

  float acc[32];
#pragma unroll
  for (int i = 0; i < 32; ++i) acc[i] = 0.f;

  for (int kt = 0; kt < p1::KT; ++kt) {
    p1::load_tiles(sA, sB, A, B, row0, col0, kt, tid);
    fence_view_async_shared();
    __syncthreads();
    warpgroup_arrive();
#pragma unroll
    for (int kk = 0; kk < p1::BK / 16; ++kk)
      wgmma_64x64x16(acc, make_smem_desc(&sA[p1::off(0, 16 * kk)], 128, 512),
                     make_smem_desc(&sB[p1::off(0, 16 * kk)], 128, 512));
    warpgroup_commit();
    __syncthreads();
  }
  warpgroup_wait<0>();

#pragma unroll
  for (int i = 0; i < 32; ++i) {
    const int r = 16 * warp + lane / 4 + 8 * ((i >> 1) & 1);
    const int c = (i >> 2) * 8 + (lane % 4) * 2 + (i & 1);
    C[(size_t)(row0 + r) * ldc + col0 + c] = acc[i];
  }
}

// Launch: as wgmma_wait_race. Fixed: wgmma.wait_group 0 retires the K-tile's
// wgmmas before the barrier after which sA/sB are overwritten.
extern "C" __global__ void __launch_bounds__(128)
wgmma_wait_ok(const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
              float* __restrict__ C, int ldc) {
  __shared__ alignas(128) __nv_bfloat16 sA[p1::BM * p1::BK];
  __shared__ alignas(128) __nv_bfloat16 sB[p1::BN * p1::BK];
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  const int row0 = blockIdx.y * p1::BM, col0 = blockIdx.x * p1::BN;

  float acc[32];
#pragma unroll
  for (int i = 0; i < 32; ++i) acc[i] = 0.f;

  for (int kt = 0; kt < p1::KT; ++kt) {
    p1::load_tiles(sA, sB, A, B, row0, col0, kt, tid);
    fence_view_async_shared();
    __syncthreads();
    warpgroup_arrive();
#pragma unroll
    for (int kk = 0; kk < p1::BK / 16; ++kk)
      wgmma_64x64x16(acc, make_smem_desc(&sA[p1::off(0, 16 * kk)], 128, 512),
                     make_smem_desc(&sB[p1::off(0, 16 * kk)], 128, 512));
    warpgroup_commit();
    warpgroup_wait<0>();
    __syncthreads();
  }
  warpgroup_wait<0>();

#pragma unroll
  for (int i = 0; i < 32; ++i) {
    const int r = 16 * warp + lane / 4 + 8 * ((i >> 1) & 1);
    const int c = (i >> 2) * 8 + (lane % 4) * 2 + (i & 1);
    C[(size_t)(row0 + r) * ldc + col0 + c] = acc[i];
  }
}

// ---------------------------------------------------------------------------
// Pair 2: double-buffered, BK = 64, tile 64x32 (m64n32k16).
// Core-matrix layout for K = 64: (r, k) -> ((r/8)*8 + k/8)*64 + (r%8)*8 + k%8,
// LBO = 128 B, SBO = 1024 B.
namespace p2 {
constexpr int BM = 64, BN = 32, BK = 64, K = 512, KT = K / BK;
DEV int off(int r, int k) { return ((r >> 3) * 8 + (k >> 3)) * 64 + (r & 7) * 8 + (k & 7); }
struct Smem {
  alignas(128) __nv_bfloat16 a[2][BM * BK];   // 2 x 8 KiB
  alignas(128) __nv_bfloat16 b[2][BN * BK];   // 2 x 4 KiB
};
DEV void load_stage(Smem& sm, int buf, const __nv_bfloat16* A, const __nv_bfloat16* B,
                    int row0, int col0, int kt, int tid) {
  // 512 A chunks + 256 B chunks = 6 per thread
#pragma unroll
  for (int j = 0; j < 6; ++j) {
    const int c = tid + 128 * j;
    if (c < BM * 8) {
      const int r = c >> 3, kc = c & 7;
      *reinterpret_cast<uint4*>(&sm.a[buf][off(r, kc * 8)]) =
          *reinterpret_cast<const uint4*>(A + (size_t)(row0 + r) * K + kt * BK + kc * 8);
    } else {
      const int r = (c - BM * 8) >> 3, kc = c & 7;
      *reinterpret_cast<uint4*>(&sm.b[buf][off(r, kc * 8)]) =
          *reinterpret_cast<const uint4*>(B + (size_t)(col0 + r) * K + kt * BK + kc * 8);
    }
  }
}
}  // namespace p2

// Launch: grid = (N/32, M/64), block = 128 threads (one warpgroup), no dynamic
// smem (24 KiB static). K = 512 (8 K-tiles of 64), A row-major MxK, B row-major
// NxK, C row-major fp32 (ldc). K-tile kt lives in buffer kt&1. Per K-tile:
// issue 4 wgmma on buffer kt&1 and commit; then wait, barrier, refill buffer
// (kt+1)&1 with K-tile kt+1, fence.proxy.async, barrier.
// BUG: wgmma.wait_group 2 leaves up to two groups pending. At kt = 1 the group
// of K-tile 0 (reading buffer 0) may still be in flight when the threads
// overwrite buffer 0 with K-tile 2 (e.g. thread 0 writes a[0][off(0,0..7)]).
extern "C" __global__ void __launch_bounds__(128)
wgmma_waitcount_race(const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
                     float* __restrict__ C, int ldc) {
  __shared__ p2::Smem sm;
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  const int row0 = blockIdx.y * p2::BM, col0 = blockIdx.x * p2::BN;

  float acc[16];
#pragma unroll
  for (int i = 0; i < 16; ++i) acc[i] = 0.f;

  p2::load_stage(sm, 0, A, B, row0, col0, 0, tid);
  fence_view_async_shared();
  __syncthreads();

  for (int kt = 0; kt < p2::KT; ++kt) {
    const int s = kt & 1;
    warpgroup_arrive();
#pragma unroll
    for (int kk = 0; kk < p2::BK / 16; ++kk)
      wgmma_64x32x16(acc, make_smem_desc(&sm.a[s][p2::off(0, 16 * kk)], 128, 1024),
                     make_smem_desc(&sm.b[s][p2::off(0, 16 * kk)], 128, 1024));
    warpgroup_commit();
    if (kt + 1 < p2::KT) {
      warpgroup_wait<2>();
      __syncthreads();
      p2::load_stage(sm, s ^ 1, A, B, row0, col0, kt + 1, tid);
      fence_view_async_shared();
      __syncthreads();
    }
  }
  warpgroup_wait<0>();

#pragma unroll
  for (int i = 0; i < 16; ++i) {
    const int r = 16 * warp + lane / 4 + 8 * ((i >> 1) & 1);
    const int c = (i >> 2) * 8 + (lane % 4) * 2 + (i & 1);
    C[(size_t)(row0 + r) * ldc + col0 + c] = acc[i];
  }
}

// Launch: as wgmma_waitcount_race. Fixed: wgmma.wait_group 1 retires the group
// that read buffer (kt+1)&1 (K-tile kt-1) before it is refilled, leaving only
// the current K-tile's group in flight.
extern "C" __global__ void __launch_bounds__(128)
wgmma_waitcount_ok(const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
                   float* __restrict__ C, int ldc) {
  __shared__ p2::Smem sm;
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  const int row0 = blockIdx.y * p2::BM, col0 = blockIdx.x * p2::BN;

  float acc[16];
#pragma unroll
  for (int i = 0; i < 16; ++i) acc[i] = 0.f;

  p2::load_stage(sm, 0, A, B, row0, col0, 0, tid);
  fence_view_async_shared();
  __syncthreads();

  for (int kt = 0; kt < p2::KT; ++kt) {
    const int s = kt & 1;
    warpgroup_arrive();
#pragma unroll
    for (int kk = 0; kk < p2::BK / 16; ++kk)
      wgmma_64x32x16(acc, make_smem_desc(&sm.a[s][p2::off(0, 16 * kk)], 128, 1024),
                     make_smem_desc(&sm.b[s][p2::off(0, 16 * kk)], 128, 1024));
    warpgroup_commit();
    if (kt + 1 < p2::KT) {
      warpgroup_wait<1>();
      __syncthreads();
      p2::load_stage(sm, s ^ 1, A, B, row0, col0, kt + 1, tid);
      fence_view_async_shared();
      __syncthreads();
    }
  }
  warpgroup_wait<0>();

#pragma unroll
  for (int i = 0; i < 16; ++i) {
    const int r = 16 * warp + lane / 4 + 8 * ((i >> 1) & 1);
    const int c = (i >> 2) * 8 + (lane % 4) * 2 + (i & 1);
    C[(size_t)(row0 + r) * ldc + col0 + c] = acc[i];
  }
}
