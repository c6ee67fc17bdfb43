// arch: sm_90a
// Block-scoped cuda::pipeline (libcu++) with a 2-stage ring, the unified
// producer/consumer pattern from the CUDA programming guide: every thread both
// fills stages (producer_acquire / memcpy_async / producer_commit) and
// consumes them (consumer_wait / consumer_release).
#include <cooperative_groups.h>
#include <cuda/pipeline>
#include <cstdint>

namespace cg = cooperative_groups;

#pragma nv_diag_suppress static_var_with_dynamic_init

constexpr int kStages = 2;
constexpr int kChunk = 1024;    // floats per stage (4 KiB)
constexpr int kChunks = 8;      // chunks per CTA

// Launch: grid = n / (8*1024) CTAs, block = 256 threads, no dynamic smem.
// Thread t computes a 4-wide sliding dot product over chunk c:
// sum_j buf[c%2][(4t + j + 2) % 1024] * h[j], j < 4, accumulated over chunks.
// BUG: consumer_release() is called right after consumer_wait(), before the
// stage is read. A stage is handed back to the producers once all threads
// have released it, so a fast thread's producer_acquire for chunk c+2 succeeds
// and its memcpy_async overwrites buf[c%2] while slower threads are still
// reading chunk c from it.
extern "C" __global__ void __launch_bounds__(256)
cuda_pipe_release_race(const float* __restrict__ in, const float* __restrict__ h,
                       float* __restrict__ out) {
  __shared__ alignas(16) float buf[kStages][kChunk];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  const int t = block.thread_rank();
  const float* src = in + (size_t)blockIdx.x * kChunks * kChunk;
  const float h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3];

  float acc = 0.f;
  int fetch = 0;
  for (int c = 0; c < kChunks; ++c) {
    for (; fetch < kChunks && fetch < c + kStages; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetch % kStages], src + (size_t)fetch * kChunk,
                         cuda::aligned_size_t<16>(sizeof(float) * kChunk), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    pipe.consumer_release();
    const float* b = buf[c % kStages];
    const int i = 4 * t + 2;
    acc += b[i & (kChunk - 1)] * h0 + b[(i + 1) & (kChunk - 1)] * h1 +
           b[(i + 2) & (kChunk - 1)] * h2 + b[(i + 3) & (kChunk - 1)] * h3;
  }
  out[(size_t)blockIdx.x * 256 + t] = acc;
}

// Launch: as cuda_pipe_release_race. Fixed: consumer_release() after the
// stage has been read.
extern "C" __global__ void __launch_bounds__(256)
cuda_pipe_release_ok(const float* __restrict__ in, const float* __restrict__ h,
                     float* __restrict__ out) {
  __shared__ alignas(16) float buf[kStages][kChunk];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  const int t = block.thread_rank();
  const float* src = in + (size_t)blockIdx.x * kChunks * kChunk;
  const float h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3];

  float acc = 0.f;
  int fetch = 0;
  for (int c = 0; c < kChunks; ++c) {
    for (; fetch < kChunks && fetch < c + kStages; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetch % kStages], src + (size_t)fetch * kChunk,
                         cuda::aligned_size_t<16>(sizeof(float) * kChunk), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    const float* b = buf[c % kStages];
    const int i = 4 * t + 2;
    acc += b[i & (kChunk - 1)] * h0 + b[(i + 1) & (kChunk - 1)] * h1 +
           b[(i + 2) & (kChunk - 1)] * h2 + b[(i + 3) & (kChunk - 1)] * h3;
    pipe.consumer_release();
  }
  out[(size_t)blockIdx.x * 256 + t] = acc;
}
