// arch: sm_90a
// libcu++ asynchronous copies: cuda::memcpy_async(group, ..., cuda::barrier&).
// On sm_90 with 16-byte aligned shapes these lower to bulk copies whose
// completion is tracked by the barrier's transaction count.
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cstdint>

namespace cg = cooperative_groups;
using block_barrier = cuda::barrier<cuda::thread_scope_block>;

#pragma nv_diag_suppress static_var_with_dynamic_init

constexpr int kElems = 2048;  // floats per CTA tile (8 KiB)

// Launch: grid = n / 2048 CTAs, block = 256 threads, no dynamic smem.
// The whole block issues one collective memcpy_async of its tile, then computes
// out[i] = tile[i] + tile[(i + 1) % 2048].
// BUG: the compute loop reads `tile` before bar.arrive_and_wait(); the wait
// was placed after the loop, so the reads overlap the asynchronous copy.
extern "C" __global__ void __launch_bounds__(256)
mcpy_barrier_race(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ alignas(16) float tile[kElems];
  __shared__ block_barrier bar;
  auto block = cg::this_thread_block();

  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();

  const float* src = in + (size_t)blockIdx.x * kElems;
  cuda::memcpy_async(block, tile, src, cuda::aligned_size_t<16>(sizeof(float) * kElems), bar);

  float* dst = out + (size_t)blockIdx.x * kElems;
  for (int i = block.thread_rank(); i < kElems; i += block.size())
    dst[i] = tile[i] + tile[(i + 1) & (kElems - 1)];

  bar.arrive_and_wait();
}

// Launch: as mcpy_barrier_race. Fixed: arrive_and_wait() before the reads.
extern "C" __global__ void __launch_bounds__(256)
mcpy_barrier_ok(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ alignas(16) float tile[kElems];
  __shared__ block_barrier bar;
  auto block = cg::this_thread_block();

  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();

  const float* src = in + (size_t)blockIdx.x * kElems;
  cuda::memcpy_async(block, tile, src, cuda::aligned_size_t<16>(sizeof(float) * kElems), bar);

  bar.arrive_and_wait();

  float* dst = out + (size_t)blockIdx.x * kElems;
  for (int i = block.thread_rank(); i < kElems; i += block.size())
    dst[i] = tile[i] + tile[(i + 1) & (kElems - 1)];
}

constexpr int kChunk = 1024;   // floats per stage (4 KiB)
constexpr int kChunks = 8;     // chunks streamed per CTA

// Launch: grid = n / (8*1024) CTAs, block = 256 threads, no dynamic smem.
// Two-stage ring: buf[s] filled by memcpy_async tracked by bar[s]. In iteration
// k the block prefetches chunk k+1 into buf[(k+1)&1], waits on bar[k&1] and
// reduces buf[k&1] (thread t reads elements 4t+1 .. 4t+4, wrapping).
// BUG: no block-wide sync at the end of iteration k, so in iteration k+1 a
// fast thread issues the prefetch of chunk k+2 into buf[k&1] while slower
// threads are still reading buf[k&1] for chunk k. (bar[k&1]'s phase only
// says everyone *arrived* before reading it.)
extern "C" __global__ void __launch_bounds__(256)
mcpy_double_race(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ alignas(16) float buf[2][kChunk];
  __shared__ block_barrier bar[2];
  auto block = cg::this_thread_block();
  const int t = block.thread_rank();

  if (t == 0) {
    init(&bar[0], block.size());
    init(&bar[1], block.size());
  }
  block.sync();

  const float* src = in + (size_t)blockIdx.x * kChunks * kChunk;
  cuda::memcpy_async(block, buf[0], src, cuda::aligned_size_t<16>(sizeof(float) * kChunk), bar[0]);

  float acc = 0.f;
  for (int k = 0; k < kChunks; ++k) {
    const int s = k & 1;
    if (k + 1 < kChunks)
      cuda::memcpy_async(block, buf[s ^ 1], src + (size_t)(k + 1) * kChunk,
                         cuda::aligned_size_t<16>(sizeof(float) * kChunk), bar[s ^ 1]);
    bar[s].arrive_and_wait();
#pragma unroll
    for (int j = 1; j <= 4; ++j) acc += buf[s][(4 * t + j) & (kChunk - 1)];
  }
  out[(size_t)blockIdx.x * 256 + t] = acc;
}

// Launch: as mcpy_double_race. Fixed: block.sync() after the reads of buf[s]
// so the stage is only refilled once every thread is done with it.
extern "C" __global__ void __launch_bounds__(256)
mcpy_double_ok(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ alignas(16) float buf[2][kChunk];
  __shared__ block_barrier bar[2];
  auto block = cg::this_thread_block();
  const int t = block.thread_rank();

  if (t == 0) {
    init(&bar[0], block.size());
    init(&bar[1], block.size());
  }
  block.sync();

  const float* src = in + (size_t)blockIdx.x * kChunks * kChunk;
  cuda::memcpy_async(block, buf[0], src, cuda::aligned_size_t<16>(sizeof(float) * kChunk), bar[0]);

  float acc = 0.f;
  for (int k = 0; k < kChunks; ++k) {
    const int s = k & 1;
    if (k + 1 < kChunks)
      cuda::memcpy_async(block, buf[s ^ 1], src + (size_t)(k + 1) * kChunk,
                         cuda::aligned_size_t<16>(sizeof(float) * kChunk), bar[s ^ 1]);
    bar[s].arrive_and_wait();
#pragma unroll
    for (int j = 1; j <= 4; ++j) acc += buf[s][(4 * t + j) & (kChunk - 1)];
    block.sync();
  }
  out[(size_t)blockIdx.x * 256 + t] = acc;
}
