// Group-by-count of 32-bit keys with a per-block open-addressing hash table in
// shared memory (linear probing). Each block emits its table; a later pass
// merges the per-block tables. Key 0xffffffff is reserved as EMPTY and each
// block must see at most TSIZE distinct keys.
// Launch: blockDim.x = 256, any gridDim.x; out_* hold gridDim.x * 512 entries.
#include <cuda_runtime.h>

#define BLOCK 256
#define TSIZE 512
#define EMPTY 0xffffffffu

static __device__ __forceinline__ unsigned slot_of(unsigned key)
{
    return (key * 2654435761u) >> (32 - 9);   // 9 bits -> [0, 512)
}

extern "C" __global__ void __launch_bounds__(BLOCK)
hash_count_race(const unsigned* __restrict__ keys, unsigned* __restrict__ out_keys,
                unsigned* __restrict__ out_counts, int n)
{
    __shared__ unsigned s_keys[TSIZE];
    __shared__ unsigned s_cnt[TSIZE];
    const int tid = threadIdx.x;
    for (int s = tid; s < TSIZE; s += BLOCK) { s_keys[s] = EMPTY; s_cnt[s] = 0; }
    __syncthreads();

    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK) {
        const unsigned key = keys[i];
        unsigned h = slot_of(key);
        for (;;) {
            const unsigned cur = s_keys[h];      // cheap probe before paying for a CAS
            if (cur == key) { atomicAdd(&s_cnt[h], 1u); break; }
            if (cur == EMPTY) {
                const unsigned prev = atomicCAS(&s_keys[h], EMPTY, key);
                if (prev == EMPTY || prev == key) { atomicAdd(&s_cnt[h], 1u); break; }
            }
            h = (h + 1) & (TSIZE - 1);
        }
    }
    __syncthreads();

    for (int s = tid; s < TSIZE; s += BLOCK) {
        out_keys[(size_t)blockIdx.x * TSIZE + s]   = s_keys[s];
        out_counts[(size_t)blockIdx.x * TSIZE + s] = s_cnt[s];
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
hash_count_ok(const unsigned* __restrict__ keys, unsigned* __restrict__ out_keys,
              unsigned* __restrict__ out_counts, int n)
{
    __shared__ unsigned s_keys[TSIZE];
    __shared__ unsigned s_cnt[TSIZE];
    const int tid = threadIdx.x;
    for (int s = tid; s < TSIZE; s += BLOCK) { s_keys[s] = EMPTY; s_cnt[s] = 0; }
    __syncthreads();

    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK) {
        const unsigned key = keys[i];
        unsigned h = slot_of(key);
        for (;;) {
            const unsigned prev = atomicCAS(&s_keys[h], EMPTY, key);
            if (prev == EMPTY || prev == key) { atomicAdd(&s_cnt[h], 1u); break; }
            h = (h + 1) & (TSIZE - 1);
        }
    }
    __syncthreads();

    for (int s = tid; s < TSIZE; s += BLOCK) {
        out_keys[(size_t)blockIdx.x * TSIZE + s]   = s_keys[s];
        out_counts[(size_t)blockIdx.x * TSIZE + s] = s_cnt[s];
    }
}
