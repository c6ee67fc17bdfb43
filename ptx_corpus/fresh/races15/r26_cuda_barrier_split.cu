// arch: sm_80
// r26_cuda_barrier_split.cu
// Iterated periodic smoothing with a split-phase block barrier
// (cuda::barrier<thread_scope_block>, arrive() / wait(token)).  Each
// iteration publishes one value per thread into buffer it&1, arrives,
// does some work that is meant to be independent of the other threads,
// waits, and then reads the two neighbours.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (n/256,1,1),
//   n = 1<<20, nit = 16.  No dynamic shared memory.

#include <cuda/barrier>

#pragma nv_diag_suppress static_var_with_dynamic_init

#define R26_B 256
using r26_barrier = cuda::barrier<cuda::thread_scope_block>;

extern "C" __global__ void __launch_bounds__(R26_B)
split_barrier_smooth_race(const float* __restrict__ in, float* __restrict__ out, int nit)
{
    __shared__ float s[2][R26_B];
    __shared__ r26_barrier bar;
    const int tid = threadIdx.x;
    const int g = blockIdx.x * R26_B + tid;
    if (tid == 0) init(&bar, blockDim.x);
    __syncthreads();

    float x = in[g];
    float acc = 0.0f;
    for (int it = 0; it < nit; ++it) {
        const int b = it & 1;
        s[b][tid] = x;
        r26_barrier::arrival_token tok = bar.arrive();
        const float self = 0.5f * s[b][tid ^ 1];
        bar.wait(std::move(tok));
        x = self + 0.25f * (s[b][(tid + R26_B - 1) & (R26_B - 1)] + s[b][(tid + 1) & (R26_B - 1)]);
        acc += x;
    }
    out[g] = acc;
}

extern "C" __global__ void __launch_bounds__(R26_B)
split_barrier_smooth_ok(const float* __restrict__ in, float* __restrict__ out, int nit)
{
    __shared__ float s[2][R26_B];
    __shared__ r26_barrier bar;
    const int tid = threadIdx.x;
    const int g = blockIdx.x * R26_B + tid;
    if (tid == 0) init(&bar, blockDim.x);
    __syncthreads();

    float x = in[g];
    float acc = 0.0f;
    for (int it = 0; it < nit; ++it) {
        const int b = it & 1;
        s[b][tid] = x;
        r26_barrier::arrival_token tok = bar.arrive();
        const float self = 0.5f * s[b][tid];
        bar.wait(std::move(tok));
        x = self + 0.25f * (s[b][(tid + R26_B - 1) & (R26_B - 1)] + s[b][(tid + 1) & (R26_B - 1)]);
        acc += x;
    }
    out[g] = acc;
}
