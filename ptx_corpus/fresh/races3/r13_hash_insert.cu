// Shared open-addressing hash table of 64-bit keys: insert with atomicCAS + atomic counts, then probe lookups. blockDim = 128.
#define HS 256
#define EMPTY_KEY 0xffffffffffffffffull
__device__ __forceinline__ unsigned hash64(unsigned long long k)
{
    k ^= k >> 33; k *= 0xff51afd7ed558ccdull; k ^= k >> 33;
    return (unsigned)k & (HS - 1);
}
template <bool FIX>
__device__ __forceinline__ void hash_body(const unsigned long long* __restrict__ keys,
                                          const unsigned long long* __restrict__ queries, int* __restrict__ result)
{
    __shared__ unsigned long long hkeys[HS];
    __shared__ int hcnt[HS];
    int t = threadIdx.x;
    for (int s = t; s < HS; s += 128) { hkeys[s] = EMPTY_KEY; hcnt[s] = 0; }
    __syncthreads();
    unsigned long long k = keys[blockIdx.x * 128 + t];
    unsigned h = hash64(k);
    while (true) {
        unsigned long long prev = atomicCAS(&hkeys[h], EMPTY_KEY, k);
        if (prev == EMPTY_KEY || prev == k) { atomicAdd(&hcnt[h], 1); break; }
        h = (h + 1) & (HS - 1);
    }
    if (FIX) __syncthreads();
    unsigned long long q = queries[blockIdx.x * 128 + t];
    unsigned g = hash64(q);
    int found = 0;
    for (int probe = 0; probe < HS; probe++) {
        unsigned long long kk = hkeys[g];
        if (kk == q) { found = hcnt[g]; break; }
        if (kk == EMPTY_KEY) break;
        g = (g + 1) & (HS - 1);
    }
    result[blockIdx.x * 128 + t] = found;
}
extern "C" __global__ void __launch_bounds__(128) hash_insert_race(const unsigned long long* keys, const unsigned long long* queries, int* result)
{ hash_body<false>(keys, queries, result); }
extern "C" __global__ void __launch_bounds__(128) hash_insert_ok(const unsigned long long* keys, const unsigned long long* queries, int* result)
{ hash_body<true>(keys, queries, result); }
