// r26_barrier_split_jacobi.cu
// 1-D Jacobi relaxation (Laplace equation) on 256-point segments with fixed
// ends, ping-ponging between two shared arrays and synchronising with a
// cuda::barrier using split arrive()/wait(): each thread publishes its new
// value, arrives, computes its local residual while the others catch up, then
// waits before the next sweep.
//
// Launch (both kernels): blockDim = 256 (BLOCK); gridDim = n / 256;
//   `in` has n + 2 entries: segment b uses in[256b .. 256b+258), where
//   in[256b] and in[256b+257] are its fixed boundary values; iters >= 2.
#include <cuda/barrier>

#define BLOCK 256
using block_barrier = cuda::barrier<cuda::thread_scope_block>;

extern "C" __global__ void __launch_bounds__(BLOCK)
barrier_split_jacobi_race(const float* __restrict__ in, float* __restrict__ out,
                          float* __restrict__ resid, int iters)
{
    __shared__ float u[2][BLOCK + 2];
#pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ block_barrier bar;
    const int tid = threadIdx.x;
    const float* g = in + (size_t)blockIdx.x * BLOCK;

    if (tid == 0) init(&bar, BLOCK);
    u[0][tid + 1] = g[tid + 1];
    if (tid == 0) { u[0][0] = g[0]; u[1][0] = g[0]; }
    if (tid == BLOCK - 1) { u[0][BLOCK + 1] = g[BLOCK + 1]; u[1][BLOCK + 1] = g[BLOCK + 1]; }
    __syncthreads();

    int c = 0;
    float res = 0.f;
    for (int it = 0; it < iters; ++it) {
        const float v = 0.5f * (u[c][tid] + u[c][tid + 2]);
        block_barrier::arrival_token tok = bar.arrive();
        u[c ^ 1][tid + 1] = v;                      // published after arriving
        res = fabsf(v - u[c][tid + 1]);             // overlapped work: own point only
        bar.wait(std::move(tok));
        c ^= 1;
    }
    out[(size_t)blockIdx.x * BLOCK + tid] = u[c][tid + 1];
    atomicAdd(resid, res);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
barrier_split_jacobi_ok(const float* __restrict__ in, float* __restrict__ out,
                        float* __restrict__ resid, int iters)
{
    __shared__ float u[2][BLOCK + 2];
#pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ block_barrier bar;
    const int tid = threadIdx.x;
    const float* g = in + (size_t)blockIdx.x * BLOCK;

    if (tid == 0) init(&bar, BLOCK);
    u[0][tid + 1] = g[tid + 1];
    if (tid == 0) { u[0][0] = g[0]; u[1][0] = g[0]; }
    if (tid == BLOCK - 1) { u[0][BLOCK + 1] = g[BLOCK + 1]; u[1][BLOCK + 1] = g[BLOCK + 1]; }
    __syncthreads();

    // Between arrive() and wait() a thread touches shared memory only to read its
    // own point u[c][tid+1], which nobody writes during this sweep (writes go to
    // u[c^1]) and which only this thread rewrites, in the next sweep.
    int c = 0;
    float res = 0.f;
    for (int it = 0; it < iters; ++it) {
        const float v = 0.5f * (u[c][tid] + u[c][tid + 2]);
        u[c ^ 1][tid + 1] = v;                      // published before arriving
        block_barrier::arrival_token tok = bar.arrive();
        res = fabsf(v - u[c][tid + 1]);
        bar.wait(std::move(tok));
        c ^= 1;
    }
    out[(size_t)blockIdx.x * BLOCK + tid] = u[c][tid + 1];
    atomicAdd(resid, res);
}
