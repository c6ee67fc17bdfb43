// arch: sm_90a
// Double-buffered loads with the CUDA pipeline primitives
// (__pipeline_memcpy_async / __pipeline_commit / __pipeline_wait_prior).
#include <cuda_pipeline.h>
#include <cstdint>

constexpr int TR = 64, TC = 32;           // tile: 64 rows x 32 fp32 (8 KiB)
constexpr int NT = 8;                     // tiles per CTA (stacked along rows)

// Copy tile `k` of this CTA into `dst`: 512 16-byte chunks, 2 per thread
// (chunk c = tid + 256*j -> row c/8, columns 4*(c%8) .. +3).
__device__ __forceinline__ void fetch(float (*dst)[TC], const float* src, int k, int tid) {
  for (int j = 0; j < 2; ++j) {
    const int c = tid + 256 * j;
    const int r = c >> 3, c4 = (c & 7) << 2;
    __pipeline_memcpy_async(&dst[r][c4], src + ((size_t)k * TR + r) * TC + c4, 16);
  }
}

// Launch: grid = number of 8-tile groups, block = 256 threads, no dynamic smem
// (2 x 8 KiB). Column statistics: thread t accumulates column t % 32 over rows
// 8*(t/32) .. +7 of every tile, reading values other threads copied.
// Iteration k: prefetch tile k+1 into buf[(k+1)&1], commit, wait_prior(1),
// __syncthreads(), read buf[k&1].
// BUG: no __syncthreads() after the reads. In iteration k+1 a fast thread
// issues the async copy of tile k+2 into buf[k&1] while slower threads are
// still reading tile k from it (e.g. thread 0 copies into buf[0][0][0..3]
// while thread 1 still reads buf[0][0][1]).
extern "C" __global__ void __launch_bounds__(256)
pipe_prim_race(const float* __restrict__ in, float* __restrict__ colsum, float* __restrict__ colsq) {
  __shared__ alignas(16) float buf[2][TR][TC];
  const int tid = threadIdx.x;
  const float* src = in + (size_t)blockIdx.x * NT * TR * TC;
  const int col = tid & 31, r0 = (tid >> 5) * 8;

  fetch(buf[0], src, 0, tid);
  __pipeline_commit();

  float s = 0.f, q = 0.f;
  for (int k = 0; k < NT; ++k) {
    if (k + 1 < NT) fetch(buf[(k + 1) & 1], src, k + 1, tid);
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
#pragma unroll
    for (int r = 0; r < 8; ++r) {
      const float x = buf[k & 1][r0 + r][col];
      s += x;
      q = fmaf(x, x, q);
    }
  }
  colsum[blockIdx.x * 256 + tid] = s;
  colsq[blockIdx.x * 256 + tid] = q;
}

// Launch: as pipe_prim_race. Fixed: __syncthreads() after the reads of
// buf[k&1], before the next iteration's prefetch can overwrite it.
extern "C" __global__ void __launch_bounds__(256)
pipe_prim_ok(const float* __restrict__ in, float* __restrict__ colsum, float* __restrict__ colsq) {
  __shared__ alignas(16) float buf[2][TR][TC];
  const int tid = threadIdx.x;
  const float* src = in + (size_t)blockIdx.x * NT * TR * TC;
  const int col = tid & 31, r0 = (tid >> 5) * 8;

  fetch(buf[0], src, 0, tid);
  __pipeline_commit();

  float s = 0.f, q = 0.f;
  for (int k = 0; k < NT; ++k) {
    if (k + 1 < NT) fetch(buf[(k + 1) & 1], src, k + 1, tid);
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
#pragma unroll
    for (int r = 0; r < 8; ++r) {
      const float x = buf[k & 1][r0 + r][col];
      s += x;
      q = fmaf(x, x, q);
    }
    __syncthreads();
  }
  colsum[blockIdx.x * 256 + tid] = s;
  colsq[blockIdx.x * 256 + tid] = q;
}
