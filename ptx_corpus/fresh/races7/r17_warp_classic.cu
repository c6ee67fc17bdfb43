// arch: sm_90a
// Classic shared-memory patterns in a modern style: warp-synchronous tile
// transposes (independent thread scheduling: lanes of a warp are NOT implicitly
// synchronised, __syncwarp is required) and back-to-back block reductions.
#include <cstdint>

template <typename T>
__device__ __forceinline__ T warp_allreduce_sum(T v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

constexpr int kWarps = 4;
constexpr int kTilesPerWarp = 4;

// Launch: grid = n / (4 warps * 4 tiles * 1024) CTAs, block = 128 threads,
// no dynamic smem. Each warp transposes 4 consecutive 32x32 fp32 tiles through
// its private padded smem tile: lane l writes column l (tile[i][l], i < 32),
// then reads row l (tile[l][i]) and writes out[i][l] = in[l][i].
// BUG: no __syncwarp() between the column writes and the row reads: lane 0
// reads tile[w][0][1], which lane 1 writes, with nothing ordering the two.
// (The __syncwarp() at the end of the loop only protects the next overwrite.)
extern "C" __global__ void __launch_bounds__(128)
warp_transpose_race(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float tile[kWarps][32][33];
  const int w = threadIdx.x >> 5, lane = threadIdx.x & 31;

  for (int k = 0; k < kTilesPerWarp; ++k) {
    const size_t base = (((size_t)blockIdx.x * kWarps + w) * kTilesPerWarp + k) * 1024;
#pragma unroll 8
    for (int i = 0; i < 32; ++i) tile[w][i][lane] = __ldg(&in[base + i * 32 + lane]);
#pragma unroll 8
    for (int i = 0; i < 32; ++i) out[base + i * 32 + lane] = tile[w][lane][i];
    __syncwarp();
  }
}

// Launch: as warp_transpose_race. Fixed: __syncwarp() between the writes and
// the reads of the warp's tile.
extern "C" __global__ void __launch_bounds__(128)
warp_transpose_ok(const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float tile[kWarps][32][33];
  const int w = threadIdx.x >> 5, lane = threadIdx.x & 31;

  for (int k = 0; k < kTilesPerWarp; ++k) {
    const size_t base = (((size_t)blockIdx.x * kWarps + w) * kTilesPerWarp + k) * 1024;
#pragma unroll 8
    for (int i = 0; i < 32; ++i) tile[w][i][lane] = __ldg(&in[base + i * 32 + lane]);
    __syncwarp();
#pragma unroll 8
    for (int i = 0; i < 32; ++i) out[base + i * 32 + lane] = tile[w][lane][i];
    __syncwarp();
  }
}

constexpr int kCols = 1024;       // LayerNorm row length
constexpr int kThreads = 256;     // 4 elements per thread

// Launch: grid = number of rows, block = 256 threads (8 warps), no dynamic smem.
// LayerNorm of one 1024-wide row per CTA: block sum -> mean, then block sum of
// squared deviations -> variance. Both reductions use the same red[8] slots:
// lane 0 of warp w writes red[w], barrier, every thread reads red[0..7].
// BUG: no barrier between the reads of red[] for the mean and the writes of
// red[] for the variance: lane 0 of warp 3 can write red[3] (second reduction)
// while lane 7 of warp 5 is still reading red[3] (first reduction).
extern "C" __global__ void __launch_bounds__(kThreads)
layernorm_reuse_race(const float* __restrict__ x, const float* __restrict__ gamma,
                     const float* __restrict__ beta, float* __restrict__ y, float eps) {
  __shared__ float red[kThreads / 32];
  const int t = threadIdx.x, warp = t >> 5, lane = t & 31;
  const float4 v = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * kCols)[t];

  float s = warp_allreduce_sum(v.x + v.y + v.z + v.w);
  if (lane == 0) red[warp] = s;
  __syncthreads();
  float tot = 0.f;
#pragma unroll
  for (int i = 0; i < kThreads / 32; ++i) tot += red[i];
  const float mean = tot * (1.f / kCols);

  const float dx = v.x - mean, dy = v.y - mean, dz = v.z - mean, dw = v.w - mean;
  float q = warp_allreduce_sum(dx * dx + dy * dy + dz * dz + dw * dw);
  if (lane == 0) red[warp] = q;
  __syncthreads();
  float var = 0.f;
#pragma unroll
  for (int i = 0; i < kThreads / 32; ++i) var += red[i];
  const float rstd = rsqrtf(var * (1.f / kCols) + eps);

  const float4 g = reinterpret_cast<const float4*>(gamma)[t];
  const float4 b = reinterpret_cast<const float4*>(beta)[t];
  reinterpret_cast<float4*>(y + (size_t)blockIdx.x * kCols)[t] =
      make_float4(dx * rstd * g.x + b.x, dy * rstd * g.y + b.y, dz * rstd * g.z + b.z, dw * rstd * g.w + b.w);
}

// Launch: as layernorm_reuse_race. Fixed: __syncthreads() after the mean has
// been read from red[], before red[] is overwritten.
extern "C" __global__ void __launch_bounds__(kThreads)
layernorm_reuse_ok(const float* __restrict__ x, const float* __restrict__ gamma,
                   const float* __restrict__ beta, float* __restrict__ y, float eps) {
  __shared__ float red[kThreads / 32];
  const int t = threadIdx.x, warp = t >> 5, lane = t & 31;
  const float4 v = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * kCols)[t];

  float s = warp_allreduce_sum(v.x + v.y + v.z + v.w);
  if (lane == 0) red[warp] = s;
  __syncthreads();
  float tot = 0.f;
#pragma unroll
  for (int i = 0; i < kThreads / 32; ++i) tot += red[i];
  const float mean = tot * (1.f / kCols);
  __syncthreads();

  const float dx = v.x - mean, dy = v.y - mean, dz = v.z - mean, dw = v.w - mean;
  float q = warp_allreduce_sum(dx * dx + dy * dy + dz * dz + dw * dw);
  if (lane == 0) red[warp] = q;
  __syncthreads();
  float var = 0.f;
#pragma unroll
  for (int i = 0; i < kThreads / 32; ++i) var += red[i];
  const float rstd = rsqrtf(var * (1.f / kCols) + eps);

  const float4 g = reinterpret_cast<const float4*>(gamma)[t];
  const float4 b = reinterpret_cast<const float4*>(beta)[t];
  reinterpret_cast<float4*>(y + (size_t)blockIdx.x * kCols)[t] =
      make_float4(dx * rstd * g.x + b.x, dy * rstd * g.y + b.y, dz * rstd * g.z + b.z, dw * rstd * g.w + b.w);
}
