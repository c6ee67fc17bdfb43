// Warp-specialised producer/consumer pipeline with a 2-stage shared-memory ring.
// Warp 0 streams 64-float tiles of a signal into shared memory; warps 1-2 (64 threads)
// consume them (2-tap FIR over each tile, circular inside the tile).
// Named barriers: FULL[s] = 1+s (producer arrives, consumers sync),
//                 EMPTY[s] = 3+s (consumers arrive, producer syncs), 96 threads each.
#include <cuda_runtime.h>

#define TILE      64
#define NTHREADS  96
#define BAR_FULL  1
#define BAR_EMPTY 3

__device__ __forceinline__ void nb_sync(int id, int cnt)
{
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(cnt) : "memory");
}
__device__ __forceinline__ void nb_arrive(int id, int cnt)
{
    asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(cnt) : "memory");
}

extern "C" __global__ void __launch_bounds__(NTHREADS)
warp_specialized_race(const float* __restrict__ sig, int ntiles, float w0, float w1,
                      float* __restrict__ out)
{
    __shared__ float s_buf[2][TILE];
    const int tid = threadIdx.x;
    const int warp = tid >> 5, lane = tid & 31;
    const float* src = sig + (size_t)blockIdx.x * ntiles * TILE;

    if (warp == 0) {
        for (int it = 0; it < ntiles; ++it) {
            const int st = it & 1;
            if (it >= 2)
                nb_sync(BAR_EMPTY + st, NTHREADS);
            s_buf[st][lane]      = src[it * TILE + lane];
            s_buf[st][lane + 32] = src[it * TILE + lane + 32];
            nb_arrive(BAR_FULL + st, NTHREADS);
        }
    } else {
        const int j = tid - 32;
        float acc = 0.0f;
        for (int it = 0; it < ntiles; ++it) {
            const int st = it & 1;
            nb_sync(BAR_FULL + st, NTHREADS);
            float a = s_buf[st][j];
            if (it + 2 < ntiles)
                nb_arrive(BAR_EMPTY + st, NTHREADS);
            float b = s_buf[st][(j + 1) & (TILE - 1)];
            acc = fmaf(w0, a, fmaf(w1, b, acc));
        }
        out[(size_t)blockIdx.x * TILE + j] = acc;
    }
}

extern "C" __global__ void __launch_bounds__(NTHREADS)
warp_specialized_ok(const float* __restrict__ sig, int ntiles, float w0, float w1,
                    float* __restrict__ out)
{
    __shared__ float s_buf[2][TILE];
    const int tid = threadIdx.x;
    const int warp = tid >> 5, lane = tid & 31;
    const float* src = sig + (size_t)blockIdx.x * ntiles * TILE;

    if (warp == 0) {
        for (int it = 0; it < ntiles; ++it) {
            const int st = it & 1;
            if (it >= 2)
                nb_sync(BAR_EMPTY + st, NTHREADS);
            s_buf[st][lane]      = src[it * TILE + lane];
            s_buf[st][lane + 32] = src[it * TILE + lane + 32];
            nb_arrive(BAR_FULL + st, NTHREADS);
        }
    } else {
        const int j = tid - 32;
        float acc = 0.0f;
        for (int it = 0; it < ntiles; ++it) {
            const int st = it & 1;
            nb_sync(BAR_FULL + st, NTHREADS);
            float a = s_buf[st][j];
            float b = s_buf[st][(j + 1) & (TILE - 1)];
            if (it + 2 < ntiles)
                nb_arrive(BAR_EMPTY + st, NTHREADS);
            acc = fmaf(w0, a, fmaf(w1, b, acc));
        }
        out[(size_t)blockIdx.x * TILE + j] = acc;
    }
}
