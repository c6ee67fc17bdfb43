// Brute-force 1-nearest-neighbour search: one block per query point, threads stride over the
// reference points, warp-level argmin with shuffles, then a block-level argmin in shared memory.
// Assumed launch: 1-D, blockDim.x == 256, gridDim.x == nquery; nref >= 0.
#include <stdint.h>

#define NN_THREADS 256
#define NN_FULL 0xffffffffu

static __device__ __forceinline__ void nn_warp_argmin(float& d, int& idx)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        const float od = __shfl_xor_sync(NN_FULL, d, o);
        const int oi = __shfl_xor_sync(NN_FULL, idx, o);
        if (od < d || (od == d && oi < idx)) { d = od; idx = oi; }
    }
}

extern "C" __global__ void __launch_bounds__(NN_THREADS)
nearest_neighbor_race(const float4* __restrict__ query, const float4* __restrict__ ref, int nref,
                      int* __restrict__ nn_idx, float* __restrict__ nn_dist)
{
    if (blockDim.x != NN_THREADS) return;
    __shared__ float s_best_d;
    __shared__ int s_best_i;
    const int tid = threadIdx.x, lane = tid & 31;
    const float4 q = query[blockIdx.x];

    if (tid == 0) { s_best_d = INFINITY; s_best_i = -1; }
    __syncthreads();

    float bd = INFINITY;
    int bi = INT32_MAX;
    for (int j = tid; j < nref; j += NN_THREADS) {
        const float4 r = ref[j];
        const float dx = r.x - q.x, dy = r.y - q.y, dz = r.z - q.z;
        const float d = dx * dx + dy * dy + dz * dz;
        if (d < bd) { bd = d; bi = j; }
    }
    nn_warp_argmin(bd, bi);

    // lane 0 of every warp merges its candidate into the block result
    if (lane == 0 && bi != INT32_MAX) {
        if (bd < s_best_d || (bd == s_best_d && bi < s_best_i)) {
            s_best_d = bd;
            s_best_i = bi;
        }
    }
    __syncthreads();

    if (tid == 0) {
        nn_idx[blockIdx.x] = s_best_i;
        nn_dist[blockIdx.x] = sqrtf(s_best_d);
    }
}

extern "C" __global__ void __launch_bounds__(NN_THREADS)
nearest_neighbor_ok(const float4* __restrict__ query, const float4* __restrict__ ref, int nref,
                    int* __restrict__ nn_idx, float* __restrict__ nn_dist)
{
    if (blockDim.x != NN_THREADS) return;
    __shared__ unsigned long long s_best;     // (float bits of distance << 32) | index
    const int tid = threadIdx.x, lane = tid & 31;
    const float4 q = query[blockIdx.x];

    if (tid == 0) s_best = ~0ull;
    __syncthreads();

    float bd = INFINITY;
    int bi = INT32_MAX;
    for (int j = tid; j < nref; j += NN_THREADS) {
        const float4 r = ref[j];
        const float dx = r.x - q.x, dy = r.y - q.y, dz = r.z - q.z;
        const float d = dx * dx + dy * dy + dz * dz;
        if (d < bd) { bd = d; bi = j; }
    }
    nn_warp_argmin(bd, bi);

    if (lane == 0 && bi != INT32_MAX)
        atomicMin(&s_best, ((unsigned long long)__float_as_uint(bd) << 32) | (unsigned)bi);
    __syncthreads();

    if (tid == 0) {
        const unsigned long long b = s_best;
        nn_idx[blockIdx.x] = (b == ~0ull) ? -1 : (int)(unsigned)(b & 0xffffffffull);
        nn_dist[blockIdx.x] = (b == ~0ull) ? INFINITY : sqrtf(__uint_as_float((unsigned)(b >> 32)));
    }
}
