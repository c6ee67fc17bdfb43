// Max-inner-product key search for head_dim = 24: each thread owns one query and
// scans a block of 64 keys staged in shared memory as float4 chunks (6 per key).
// Threads start at different keys, so chunk positions are permuted per row to
// spread the float4 accesses over the banks.
// Launch: blockDim.x = 128, gridDim = (nq / 128, nkeys / 64).
#include <cuda_runtime.h>
#include <math.h>

#define HD 24
#define CH (HD / 4)
#define NKEYS 64
#define BLOCK 128

static __device__ __forceinline__ float dot4(float4 a, float4 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
qk_argmax_race(const float4* __restrict__ Q, const float4* __restrict__ K,
               float* __restrict__ best, int* __restrict__ best_idx)
{
    __shared__ float4 Ks[NKEYS * CH];
    const int tid = threadIdx.x;
    const float4* kblk = K + (size_t)blockIdx.y * NKEYS * CH;

    for (int i = tid; i < NKEYS * CH; i += BLOCK) {
        const int r = i / CH, c = i % CH;
        Ks[r * CH + (c ^ r) % CH] = kblk[i];
    }

    const int qi = blockIdx.x * BLOCK + tid;
    float4 q[CH];
#pragma unroll
    for (int c = 0; c < CH; ++c) q[c] = Q[(size_t)qi * CH + c];
    __syncthreads();

    float bmax = -INFINITY;
    int bidx = 0;
    for (int step = 0; step < NKEYS; ++step) {
        const int r = (step + tid) & (NKEYS - 1);
        float d = 0.0f;
#pragma unroll
        for (int c = 0; c < CH; ++c) d += dot4(q[c], Ks[r * CH + (c ^ r) % CH]);
        if (d > bmax || (d == bmax && r < bidx)) { bmax = d; bidx = r; }
    }
    const size_t o = (size_t)blockIdx.y * gridDim.x * BLOCK + qi;
    best[o] = bmax;
    best_idx[o] = blockIdx.y * NKEYS + bidx;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
qk_argmax_ok(const float4* __restrict__ Q, const float4* __restrict__ K,
             float* __restrict__ best, int* __restrict__ best_idx)
{
    __shared__ float4 Ks[NKEYS * CH];
    const int tid = threadIdx.x;
    const float4* kblk = K + (size_t)blockIdx.y * NKEYS * CH;

    for (int i = tid; i < NKEYS * CH; i += BLOCK) {
        const int r = i / CH, c = i % CH;
        Ks[r * CH + (c + r) % CH] = kblk[i];
    }

    const int qi = blockIdx.x * BLOCK + tid;
    float4 q[CH];
#pragma unroll
    for (int c = 0; c < CH; ++c) q[c] = Q[(size_t)qi * CH + c];
    __syncthreads();

    float bmax = -INFINITY;
    int bidx = 0;
    for (int step = 0; step < NKEYS; ++step) {
        const int r = (step + tid) & (NKEYS - 1);
        float d = 0.0f;
#pragma unroll
        for (int c = 0; c < CH; ++c) d += dot4(q[c], Ks[r * CH + (c + r) % CH]);
        if (d > bmax || (d == bmax && r < bidx)) { bmax = d; bidx = r; }
    }
    const size_t o = (size_t)blockIdx.y * gridDim.x * BLOCK + qi;
    best[o] = bmax;
    best_idx[o] = blockIdx.y * NKEYS + bidx;
}
