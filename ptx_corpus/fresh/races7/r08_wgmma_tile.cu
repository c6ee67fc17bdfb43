// arch: sm_90a
// wgmma.mma_async with both operands in shared memory, tiles written by the
// threads themselves (no TMA). Operand layout: K-major, no swizzle, 8x8 bf16
// "core matrices" (8 rows x 16 bytes, 128 contiguous bytes).
//   element (r, k) of a tile with K = 64 lives at
//   ((r / 8) * 8 + k / 8) * 64 + (r % 8) * 8 + k % 8
// so the leading byte offset (next core matrix along K) is 128 B and the
// stride byte offset (next 8 rows) is 1024 B.
#include <cuda_bf16.h>
#include <cstdint>

namespace gm {

__device__ __forceinline__ uint32_t saddr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ uint64_t desc(const void* smem_tile, uint32_t lbo, uint32_t sbo) {
  const uint32_t a = saddr(smem_tile);
  uint64_t d = 0;
  d |= (uint64_t)((a & 0x3FFFF) >> 4);
  d |= (uint64_t)((lbo & 0x3FFFF) >> 4) << 16;
  d |= (uint64_t)((sbo & 0x3FFFF) >> 4) << 32;
  // base offset 0, layout type 0 (no swizzle) in bits 62..63
  return d;
}

__device__ __forceinline__ int core_off(int r, int k) {   // K = 64
  return ((r >> 3) * 8 + (k >> 3)) * 64 + (r & 7) * 8 + (k & 7);
}

__device__ __forceinline__ void fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int N> __device__ __forceinline__ void wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;" :: "n"(N) : "memory");
}
__device__ __forceinline__ void fence_proxy_async() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

// D(64x64,f32) += A(64x16,bf16,smem) * B(16x64,bf16,smem); both K-major.
__device__ __forceinline__ void mma_m64n64k16(float (&d)[32], uint64_t da, uint64_t db) {
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
      : "l"(da), "l"(db), "r"(1)
      : "memory");
}

}  // namespace gm

constexpr int BM = 128, BN = 64, BK = 64;

// Launch: grid = (N/64, M/128), block = 256 threads (2 warpgroups), no dynamic
// smem (sA 16 KiB + sB 8 KiB). K = 64. C(128x64 block) = A(128x64) * B(64x64)^T,
// A row-major MxK, B row-major NxK (i.e. K-major), C row-major fp32.
// The 256 threads cooperatively copy A and B into the core-matrix layout in
// 16-byte chunks (chunk c = tid + 256*j, j < 6; c < 1024 -> A row c/8,
// otherwise B row (c-1024)/8, K-columns 8*(c%8) .. +7); then warpgroup g issues
// 4 wgmma k-steps on A rows 64g .. 64g+63 and all of B.
// BUG: the writers fence their stores to the async proxy but there is no CTA
// barrier before the wgmma: warpgroup 0's wgmma reads A rows 0..63 and B,
// part of which warpgroup 1 (threads 128..255) is still writing.
extern "C" __global__ void __launch_bounds__(256)
wgmma_nosync_race(const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
                  float* __restrict__ C, int ldc) {
  __shared__ alignas(1024) __nv_bfloat16 sA[BM * BK];
  __shared__ alignas(1024) __nv_bfloat16 sB[BN * BK];
  const int tid = threadIdx.x;
  const int g = tid / 128, warp = (tid / 32) % 4, lane = tid % 32;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;

#pragma unroll
  for (int j = 0; j < 6; ++j) {
    const int c = tid + 256 * j;
    if (c < BM * 8) {
      const int r = c >> 3, kc = c & 7;
      *reinterpret_cast<uint4*>(&sA[gm::core_off(r, kc * 8)]) =
          *reinterpret_cast<const uint4*>(&A[(size_t)(row0 + r) * BK + kc * 8]);
    } else {
      const int r = (c - BM * 8) >> 3, kc = c & 7;
      *reinterpret_cast<uint4*>(&sB[gm::core_off(r, kc * 8)]) =
          *reinterpret_cast<const uint4*>(&B[(size_t)(col0 + r) * BK + kc * 8]);
    }
  }
  gm::fence_proxy_async();

  float d[32];
#pragma unroll
  for (int i = 0; i < 32; ++i) d[i] = 0.f;
  gm::fence();
#pragma unroll
  for (int kk = 0; kk < BK / 16; ++kk) {
    const uint64_t da = gm::desc(&sA[gm::core_off(64 * g, 16 * kk)], 128, 1024);
    const uint64_t db = gm::desc(&sB[gm::core_off(0, 16 * kk)], 128, 1024);
    gm::mma_m64n64k16(d, da, db);
  }
  gm::commit();
  gm::wait<0>();

#pragma unroll
  for (int i = 0; i < 32; ++i) {
    const int r = 64 * g + 16 * warp + lane / 4 + 8 * ((i >> 1) & 1);
    const int cc = (i >> 2) * 8 + (lane % 4) * 2 + (i & 1);
    C[(size_t)(row0 + r) * ldc + col0 + cc] = d[i];
  }
}

// Launch: as wgmma_nosync_race. Fixed: fence.proxy.async by every writer,
// then __syncthreads(), then the wgmmas.
extern "C" __global__ void __launch_bounds__(256)
wgmma_nosync_ok(const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
                float* __restrict__ C, int ldc) {
  __shared__ alignas(1024) __nv_bfloat16 sA[BM * BK];
  __shared__ alignas(1024) __nv_bfloat16 sB[BN * BK];
  const int tid = threadIdx.x;
  const int g = tid / 128, warp = (tid / 32) % 4, lane = tid % 32;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;

#pragma unroll
  for (int j = 0; j < 6; ++j) {
    const int c = tid + 256 * j;
    if (c < BM * 8) {
      const int r = c >> 3, kc = c & 7;
      *reinterpret_cast<uint4*>(&sA[gm::core_off(r, kc * 8)]) =
          *reinterpret_cast<const uint4*>(&A[(size_t)(row0 + r) * BK + kc * 8]);
    } else {
      const int r = (c - BM * 8) >> 3, kc = c & 7;
      *reinterpret_cast<uint4*>(&sB[gm::core_off(r, kc * 8)]) =
          *reinterpret_cast<const uint4*>(&B[(size_t)(col0 + r) * BK + kc * 8]);
    }
  }
  gm::fence_proxy_async();
  __syncthreads();

  float d[32];
#pragma unroll
  for (int i = 0; i < 32; ++i) d[i] = 0.f;
  gm::fence();
#pragma unroll
  for (int kk = 0; kk < BK / 16; ++kk) {
    const uint64_t da = gm::desc(&sA[gm::core_off(64 * g, 16 * kk)], 128, 1024);
    const uint64_t db = gm::desc(&sB[gm::core_off(0, 16 * kk)], 128, 1024);
    gm::mma_m64n64k16(d, da, db);
  }
  gm::commit();
  gm::wait<0>();

#pragma unroll
  for (int i = 0; i < 32; ++i) {
    const int r = 64 * g + 16 * warp + lane / 4 + 8 * ((i >> 1) & 1);
    const int cc = (i >> 2) * 8 + (lane % 4) * 2 + (i & 1);
    C[(size_t)(row0 + r) * ldc + col0 + cc] = d[i];
  }
}
