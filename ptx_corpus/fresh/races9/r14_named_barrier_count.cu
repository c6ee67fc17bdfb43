// Warp-specialised streaming kernel: warps 0-1 (64 threads) are producers that
// copy 512-float tiles into shared memory, warps 2-3 (64 threads) are consumers
// that fold each tile into per-thread weighted column sums. Hand-off uses two
// named barriers: FULL (producers arrive, consumers wait) and EMPTY
// (consumers arrive, producers wait).
// Launch: blockDim.x = 128 exactly (4 warps), gridDim.x = number of streams.
#include <cuda_runtime.h>

#define NPROD 64
#define NCONS 64
#define TILE  512
#define BAR_FULL  1
#define BAR_EMPTY 2

static __device__ __forceinline__ void named_sync(int id, int nthreads)
{
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(nthreads) : "memory");
}
static __device__ __forceinline__ void named_arrive(int id, int nthreads)
{
    asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(nthreads) : "memory");
}

extern "C" __global__ void __launch_bounds__(NPROD + NCONS)
ws_colsum_race(const float* __restrict__ in, const float* __restrict__ w,
               float* __restrict__ out, int ntiles)
{
    __shared__ float buf[TILE];
    const int tid = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * ntiles * TILE;
    const int bar_threads = NCONS + 32;   // consumers + producer warp

    if (tid < NPROD) {
        for (int t = 0; t < ntiles; ++t) {
            if (t > 0) named_sync(BAR_EMPTY, bar_threads);
            for (int i = tid; i < TILE; i += NPROD) buf[i] = src[(size_t)t * TILE + i];
            named_arrive(BAR_FULL, bar_threads);
        }
    } else {
        const int c = tid - NPROD;
        float acc = 0.0f;
        for (int t = 0; t < ntiles; ++t) {
            named_sync(BAR_FULL, bar_threads);
#pragma unroll
            for (int j = 0; j < TILE / NCONS; ++j) acc += buf[c + j * NCONS] * w[j];
            if (t + 1 < ntiles) named_arrive(BAR_EMPTY, bar_threads);
        }
        out[(size_t)blockIdx.x * NCONS + c] = acc;
    }
}

extern "C" __global__ void __launch_bounds__(NPROD + NCONS)
ws_colsum_ok(const float* __restrict__ in, const float* __restrict__ w,
             float* __restrict__ out, int ntiles)
{
    __shared__ float buf[TILE];
    const int tid = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * ntiles * TILE;
    const int bar_threads = NCONS + NPROD;   // both producer warps + both consumer warps

    if (tid < NPROD) {
        for (int t = 0; t < ntiles; ++t) {
            if (t > 0) named_sync(BAR_EMPTY, bar_threads);
            for (int i = tid; i < TILE; i += NPROD) buf[i] = src[(size_t)t * TILE + i];
            named_arrive(BAR_FULL, bar_threads);
        }
    } else {
        const int c = tid - NPROD;
        float acc = 0.0f;
        for (int t = 0; t < ntiles; ++t) {
            named_sync(BAR_FULL, bar_threads);
#pragma unroll
            for (int j = 0; j < TILE / NCONS; ++j) acc += buf[c + j * NCONS] * w[j];
            if (t + 1 < ntiles) named_arrive(BAR_EMPTY, bar_threads);
        }
        out[(size_t)blockIdx.x * NCONS + c] = acc;
    }
}
