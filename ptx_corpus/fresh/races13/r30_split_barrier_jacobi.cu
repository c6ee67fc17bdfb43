// 1-D Jacobi relaxation of a 256-point segment kept in shared memory, ping-pong
// buffers, synchronised with a split-phase cuda::barrier (arrive ... wait) so that
// some independent work overlaps the barrier.
// Launch (both kernels): blockDim = 256, gridDim = 1024 segments, iters = 100.
// in has gridDim*256 values, bnd has 2 boundary values per segment.
#include <cuda/barrier>
#define NPT 256
using block_barrier = cuda::barrier<cuda::thread_scope_block>;

#pragma nv_diag_suppress static_var_with_dynamic_init

// Variant that stores its new value after arriving ("to overlap the store with the barrier").
extern "C" __global__ void jacobi_split_race(const float* __restrict__ in, const float* __restrict__ bnd,
                                             float* __restrict__ out, float* __restrict__ resid, int iters)
{
    __shared__ float s_a[NPT + 2], s_b[NPT + 2];
    __shared__ block_barrier bar;
    int tid = threadIdx.x;
    if (tid == 0) {
        init(&bar, blockDim.x);
        s_a[0] = s_b[0] = bnd[2 * blockIdx.x];
        s_a[NPT + 1] = s_b[NPT + 1] = bnd[2 * blockIdx.x + 1];
    }
    s_a[tid + 1] = in[blockIdx.x * NPT + tid];
    __syncthreads();

    float* cur = s_a;
    float* nxt = s_b;
    float res = 0.f;
    for (int it = 0; it < iters; ++it) {
        float v = 0.5f * cur[tid + 1] + 0.25f * (cur[tid] + cur[tid + 2]);
        block_barrier::arrival_token tok = bar.arrive();
        nxt[tid + 1] = v;                          // written after arriving
        res += fabsf(v - cur[tid + 1]);
        bar.wait(std::move(tok));
        float* tmp = cur; cur = nxt; nxt = tmp;
    }
    out[blockIdx.x * NPT + tid] = cur[tid + 1];
    resid[blockIdx.x * NPT + tid] = res;
}

extern "C" __global__ void jacobi_split_ok(const float* __restrict__ in, const float* __restrict__ bnd,
                                           float* __restrict__ out, float* __restrict__ resid, int iters)
{
    __shared__ float s_a[NPT + 2], s_b[NPT + 2];
    __shared__ block_barrier bar;
    int tid = threadIdx.x;
    if (tid == 0) {
        init(&bar, blockDim.x);
        s_a[0] = s_b[0] = bnd[2 * blockIdx.x];
        s_a[NPT + 1] = s_b[NPT + 1] = bnd[2 * blockIdx.x + 1];
    }
    s_a[tid + 1] = in[blockIdx.x * NPT + tid];
    __syncthreads();

    float* cur = s_a;
    float* nxt = s_b;
    float res = 0.f;
    for (int it = 0; it < iters; ++it) {
        float v = 0.5f * cur[tid + 1] + 0.25f * (cur[tid] + cur[tid + 2]);
        nxt[tid + 1] = v;
        block_barrier::arrival_token tok = bar.arrive();
        res += fabsf(v - cur[tid + 1]);            // own slot of cur: only this thread rewrites it
        bar.wait(std::move(tok));
        float* tmp = cur; cur = nxt; nxt = tmp;
    }
    out[blockIdx.x * NPT + tid] = cur[tid + 1];
    resid[blockIdx.x * NPT + tid] = res;
}
