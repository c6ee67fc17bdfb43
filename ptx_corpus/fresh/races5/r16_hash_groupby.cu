// Group-by SUM with a block-local open-addressing hash table in shared memory
// (linear probing, keys claimed with atomicCAS), flushed to a global per-key array.
#include <cuda_runtime.h>

#define BLOCK 256
#define SLOTS 1024
#define EMPTY_KEY (-1)

__device__ __forceinline__ unsigned hash_key(int k)
{
    unsigned h = (unsigned)k * 0x9E3779B1u;
    return h ^ (h >> 15);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
hash_groupby_race(const int* __restrict__ keys, const float* __restrict__ vals, int n,
                  float* __restrict__ group_sum)
{
    __shared__ int   s_keys[SLOTS];
    __shared__ float s_vals[SLOTS];
    const int tid = threadIdx.x;

    for (int i = tid; i < SLOTS; i += BLOCK) { s_keys[i] = EMPTY_KEY; s_vals[i] = 0.0f; }
    __syncthreads();

    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK) {
        int k = keys[i];
        float v = vals[i];
        unsigned h = hash_key(k) & (SLOTS - 1);
        bool done = false;
        for (int probe = 0; probe < SLOTS; ++probe) {
            int old = atomicCAS(&s_keys[h], EMPTY_KEY, k);
            if (old == EMPTY_KEY) { s_vals[h] = v; done = true; break; }
            if (old == k)         { atomicAdd(&s_vals[h], v); done = true; break; }
            h = (h + 1) & (SLOTS - 1);
        }
        if (!done) atomicAdd(&group_sum[k], v);
    }
    __syncthreads();

    for (int s = tid; s < SLOTS; s += BLOCK) {
        int k = s_keys[s];
        if (k != EMPTY_KEY)
            atomicAdd(&group_sum[k], s_vals[s]);
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
hash_groupby_ok(const int* __restrict__ keys, const float* __restrict__ vals, int n,
                float* __restrict__ group_sum)
{
    __shared__ int   s_keys[SLOTS];
    __shared__ float s_vals[SLOTS];
    const int tid = threadIdx.x;

    for (int i = tid; i < SLOTS; i += BLOCK) { s_keys[i] = EMPTY_KEY; s_vals[i] = 0.0f; }
    __syncthreads();

    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK) {
        int k = keys[i];
        float v = vals[i];
        unsigned h = hash_key(k) & (SLOTS - 1);
        bool done = false;
        for (int probe = 0; probe < SLOTS; ++probe) {
            int old = atomicCAS(&s_keys[h], EMPTY_KEY, k);
            if (old == EMPTY_KEY || old == k) { atomicAdd(&s_vals[h], v); done = true; break; }
            h = (h + 1) & (SLOTS - 1);
        }
        if (!done) atomicAdd(&group_sum[k], v);
    }
    __syncthreads();

    for (int s = tid; s < SLOTS; s += BLOCK) {
        int k = s_keys[s];
        if (k != EMPTY_KEY)
            atomicAdd(&group_sum[k], s_vals[s]);
    }
}
