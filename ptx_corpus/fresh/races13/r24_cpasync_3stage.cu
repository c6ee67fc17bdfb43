// Three-stage cp.async pipeline (triple buffering) streaming 256-float chunks through
// shared memory; each output needs the chunk element of two neighbouring threads.
// Uses the CUDA pipeline primitives (__pipeline_memcpy_async / commit / wait_prior).
// Launch (both kernels): blockDim = 256, gridDim = 256, nch = 64 chunks per block.
#include <cuda_pipeline.h>
#define CH 256
#define STAGES 3

// Variant that issues the next copy at the top of the iteration, before the barrier.
extern "C" __global__ void __launch_bounds__(CH)
smooth_pipe_race(const float* __restrict__ src, float* __restrict__ dst, int nch)
{
    __shared__ __align__(16) float s[STAGES][CH];
    int tid = threadIdx.x;
    const float* g = src + (size_t)blockIdx.x * nch * CH;
    float* o = dst + (size_t)blockIdx.x * nch * CH;

    for (int st = 0; st < STAGES - 1; ++st) {
        if (st < nch) __pipeline_memcpy_async(&s[st][tid], &g[st * CH + tid], sizeof(float));
        __pipeline_commit();
    }
    for (int c = 0; c < nch; ++c) {
        int n = c + STAGES - 1;                       // refills stage (c-1)%STAGES
        if (n < nch) __pipeline_memcpy_async(&s[n % STAGES][tid], &g[n * CH + tid], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(STAGES - 1);
        __syncthreads();
        const float* b = s[c % STAGES];
        o[c * CH + tid] = b[tid] + 0.5f * (b[(tid + CH - 1) % CH] + b[(tid + 1) % CH]);
    }
}

// CUTLASS-multistage order: wait, barrier, then refill the stage consumed last iteration.
extern "C" __global__ void __launch_bounds__(CH)
smooth_pipe_ok(const float* __restrict__ src, float* __restrict__ dst, int nch)
{
    __shared__ __align__(16) float s[STAGES][CH];
    int tid = threadIdx.x;
    const float* g = src + (size_t)blockIdx.x * nch * CH;
    float* o = dst + (size_t)blockIdx.x * nch * CH;

    for (int st = 0; st < STAGES - 1; ++st) {
        if (st < nch) __pipeline_memcpy_async(&s[st][tid], &g[st * CH + tid], sizeof(float));
        __pipeline_commit();
    }
    for (int c = 0; c < nch; ++c) {
        __pipeline_wait_prior(STAGES - 2);
        __syncthreads();
        int n = c + STAGES - 1;                       // stage (c-1)%STAGES: all reads of it precede this barrier
        if (n < nch) __pipeline_memcpy_async(&s[n % STAGES][tid], &g[n * CH + tid], sizeof(float));
        __pipeline_commit();
        const float* b = s[c % STAGES];
        o[c * CH + tid] = b[tid] + 0.5f * (b[(tid + CH - 1) % CH] + b[(tid + 1) % CH]);
    }
}
