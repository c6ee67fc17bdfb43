// arch: sm_90a
// Epilogues that stage results in shared memory and write them out with
// bulk async copies shared -> global (cp.async.bulk.global.shared::cta).
// The bulk copy reads shared memory through the async proxy: threads' generic
// st.shared must be fenced (fence.proxy.async.shared::cta) and ordered by a
// barrier before the copy is issued, and the buffer must not be rewritten
// until cp.async.bulk.wait_group.read says the copy has finished reading it.
#include <cstdint>

struct BulkStore {
  static __device__ __forceinline__ uint32_t smem(const void* p) {
    return (uint32_t)__cvta_generic_to_shared(p);
  }
  static __device__ __forceinline__ void issue(void* gdst, const void* ssrc, uint32_t bytes) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                 :: "l"(gdst), "r"(smem(ssrc)), "r"(bytes) : "memory");
  }
  static __device__ __forceinline__ void commit() {
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
  }
  template <int N>
  static __device__ __forceinline__ void wait_read() {
    asm volatile("cp.async.bulk.wait_group.read %0;" :: "n"(N) : "memory");
  }
  template <int N>
  static __device__ __forceinline__ void wait_all() {
    asm volatile("cp.async.bulk.wait_group %0;" :: "n"(N) : "memory");
  }
  static __device__ __forceinline__ void fence_async_smem() {
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
};

constexpr int kOutTile = 2048;   // floats, 8 KiB

// Launch: grid = n / 2048 CTAs, block = 256 threads, no dynamic smem.
// out = relu(in * scale + bias), staged through smem, written by one bulk store.
// BUG: the threads' generic writes to `stage` are ordered by __syncthreads()
// but never fenced towards the async proxy (no fence.proxy.async), so the
// bulk copy's reads of `stage` are not ordered after them.
extern "C" __global__ void __launch_bounds__(256)
bulk_store_fence_race(const float* __restrict__ in, float* __restrict__ out,
                      float scale, float bias) {
  __shared__ alignas(128) float stage[kOutTile];
  const int tid = threadIdx.x;
  const size_t base = (size_t)blockIdx.x * kOutTile;

#pragma unroll
  for (int j = 0; j < kOutTile / 256; ++j) {
    const int i = tid + 256 * j;
    stage[i] = fmaxf(fmaf(in[base + i], scale, bias), 0.f);
  }
  __syncthreads();

  if (tid == 0) {
    BulkStore::issue(out + base, stage, kOutTile * sizeof(float));
    BulkStore::commit();
    BulkStore::wait_read<0>();
  }
}

// Launch: as bulk_store_fence_race. Fixed: every writer executes
// fence.proxy.async.shared::cta before the barrier.
extern "C" __global__ void __launch_bounds__(256)
bulk_store_fence_ok(const float* __restrict__ in, float* __restrict__ out,
                    float scale, float bias) {
  __shared__ alignas(128) float stage[kOutTile];
  const int tid = threadIdx.x;
  const size_t base = (size_t)blockIdx.x * kOutTile;

#pragma unroll
  for (int j = 0; j < kOutTile / 256; ++j) {
    const int i = tid + 256 * j;
    stage[i] = fmaxf(fmaf(in[base + i], scale, bias), 0.f);
  }
  BulkStore::fence_async_smem();
  __syncthreads();

  if (tid == 0) {
    BulkStore::issue(out + base, stage, kOutTile * sizeof(float));
    BulkStore::commit();
    BulkStore::wait_read<0>();
  }
}

// Output tile of 64 rows x 32 floats (128 B per row) of a row-major matrix with
// leading dimension ldc (floats, multiple of 4).
// Launch: grid = (N/32, M/64), block = 256 threads (8 warps), no dynamic smem.
// Element e = tid + 256*j (j < 8) of the tile is produced by thread tid, so
// row r is produced by warp r % 8. Warp 0 is the store warp: lane l bulk-stores
// rows l and l+32 (one 128-byte bulk copy per row).
// BUG: each thread fences its writes, but there is no CTA barrier between the
// other warps' writes and warp 0's bulk copies that read those rows.
extern "C" __global__ void __launch_bounds__(256)
bulk_store_nosync_race(const float* __restrict__ a, const float* __restrict__ b,
                       float* __restrict__ c, int ldc) {
  __shared__ alignas(128) float ctile[64][32];
  const int tid = threadIdx.x;
  const int row0 = blockIdx.y * 64, col0 = blockIdx.x * 32;

#pragma unroll
  for (int j = 0; j < 8; ++j) {
    const int e = tid + 256 * j;
    const int r = e >> 5, cc = e & 31;
    const size_t g = (size_t)(row0 + r) * ldc + col0 + cc;
    ctile[r][cc] = a[g] * b[g];
  }
  BulkStore::fence_async_smem();

  if (tid < 32) {
    const int lane = tid;
    BulkStore::issue(c + (size_t)(row0 + lane) * ldc + col0, &ctile[lane][0], 128);
    BulkStore::issue(c + (size_t)(row0 + lane + 32) * ldc + col0, &ctile[lane + 32][0], 128);
    BulkStore::commit();
    BulkStore::wait_read<0>();
  }
  __syncthreads();   // no thread leaves before the store warp has drained its reads
}

// Launch: as bulk_store_nosync_race. Fixed: __syncthreads() between the
// fenced writes and the store warp's bulk copies.
extern "C" __global__ void __launch_bounds__(256)
bulk_store_nosync_ok(const float* __restrict__ a, const float* __restrict__ b,
                     float* __restrict__ c, int ldc) {
  __shared__ alignas(128) float ctile[64][32];
  const int tid = threadIdx.x;
  const int row0 = blockIdx.y * 64, col0 = blockIdx.x * 32;

#pragma unroll
  for (int j = 0; j < 8; ++j) {
    const int e = tid + 256 * j;
    const int r = e >> 5, cc = e & 31;
    const size_t g = (size_t)(row0 + r) * ldc + col0 + cc;
    ctile[r][cc] = a[g] * b[g];
  }
  BulkStore::fence_async_smem();
  __syncthreads();

  if (tid < 32) {
    const int lane = tid;
    BulkStore::issue(c + (size_t)(row0 + lane) * ldc + col0, &ctile[lane][0], 128);
    BulkStore::issue(c + (size_t)(row0 + lane + 32) * ldc + col0, &ctile[lane + 32][0], 128);
    BulkStore::commit();
    BulkStore::wait_read<0>();
  }
  __syncthreads();
}

constexpr int kTilesPerBlock = 4;

// Launch: grid = n / (4*2048) CTAs, block = 128 threads, no dynamic smem.
// Persistent epilogue: one 8 KiB staging buffer is reused for 4 consecutive
// output tiles; thread 0 bulk-stores each tile and commits one bulk group.
// BUG: thread 0 never waits (cp.async.bulk.wait_group.read) for the previous
// tile's bulk store to finish reading `stage` before the barrier that lets all
// threads overwrite it with the next tile.
extern "C" __global__ void __launch_bounds__(128)
bulk_store_reuse_race(const float* __restrict__ x, float* __restrict__ y, float gain) {
  __shared__ alignas(128) float stage[kOutTile];
  const int tid = threadIdx.x;

  for (int t = 0; t < kTilesPerBlock; ++t) {
    const size_t base = ((size_t)blockIdx.x * kTilesPerBlock + t) * kOutTile;
    __syncthreads();                                 // previous tile's store issued
#pragma unroll 4
    for (int i = tid; i < kOutTile; i += 128) stage[i] = tanhf(x[base + i] * gain);
    BulkStore::fence_async_smem();
    __syncthreads();
    if (tid == 0) {
      BulkStore::issue(y + base, stage, kOutTile * sizeof(float));
      BulkStore::commit();
    }
  }
  if (tid == 0) BulkStore::wait_all<0>();
}

// Launch: as bulk_store_reuse_race. Fixed: thread 0 waits until all earlier
// bulk stores have finished reading shared memory before the barrier that
// releases the overwrite.
extern "C" __global__ void __launch_bounds__(128)
bulk_store_reuse_ok(const float* __restrict__ x, float* __restrict__ y, float gain) {
  __shared__ alignas(128) float stage[kOutTile];
  const int tid = threadIdx.x;

  for (int t = 0; t < kTilesPerBlock; ++t) {
    const size_t base = ((size_t)blockIdx.x * kTilesPerBlock + t) * kOutTile;
    if (tid == 0) BulkStore::wait_read<0>();
    __syncthreads();
#pragma unroll 4
    for (int i = tid; i < kOutTile; i += 128) stage[i] = tanhf(x[base + i] * gain);
    BulkStore::fence_async_smem();
    __syncthreads();
    if (tid == 0) {
      BulkStore::issue(y + base, stage, kOutTile * sizeof(float));
      BulkStore::commit();
    }
  }
  if (tid == 0) BulkStore::wait_all<0>();
}
