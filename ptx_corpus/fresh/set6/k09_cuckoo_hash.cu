// Cuckoo hashing with packed 64-bit (key:32 | value:32) slots, a warp-
// cooperative bucketed lookup, and a cuckoo filter membership query.
#include <stdint.h>

#define CK_EMPTY 0xFFFFFFFFFFFFFFFFull
#define CK_NUM_FUNCS 3
#define CK_MAX_ITERS 64

__device__ __forceinline__ unsigned int ck_hash(unsigned int key, unsigned int seed)
{
    unsigned int h = key ^ seed;
    h = (h ^ 61u) ^ (h >> 16);
    h *= 9u;
    h ^= h >> 4;
    h *= 0x27d4eb2du;
    h ^= h >> 15;
    return h;
}

__constant__ unsigned int c_ck_seeds[CK_NUM_FUNCS] = {0x9e3779b9u, 0x7f4a7c15u, 0x94d049bbu};

// Classic cuckoo insertion with atomicExch eviction chains. Each key starts
// in its first table; evicted entries move to their next hash function.
extern "C" __global__ void cuckoo_insert(const unsigned int* __restrict__ keys,
                                         const unsigned int* __restrict__ vals,
                                         int n,
                                         unsigned long long* __restrict__ table,
                                         unsigned int table_size,
                                         int* __restrict__ failed)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long entry = ((unsigned long long)keys[i] << 32) | vals[i];
    unsigned int k = keys[i];
    unsigned int loc = ck_hash(k, c_ck_seeds[0]) % table_size;
    for (int it = 0; it < CK_MAX_ITERS; ++it) {
        entry = atomicExch(&table[loc], entry);
        if (entry == CK_EMPTY) return;
        k = (unsigned int)(entry >> 32);
        // find which function placed the evicted key here, move to the next
        unsigned int l0 = ck_hash(k, c_ck_seeds[0]) % table_size;
        unsigned int l1 = ck_hash(k, c_ck_seeds[1]) % table_size;
        unsigned int l2 = ck_hash(k, c_ck_seeds[2]) % table_size;
        if (loc == l0) loc = l1;
        else if (loc == l1) loc = l2;
        else loc = l0;
    }
    // chain too long: report so the host can rehash with new seeds
    atomicAdd(failed, 1);
}

// Bucketed cuckoo table: 2 candidate buckets of 32 slots each. One warp
// handles 32 queries in turn; every lane inspects one slot and the warp
// ballots for a match.
extern "C" __global__ void cuckoo_lookup_bucketed(const unsigned int* __restrict__ queries,
                                                  int n,
                                                  const unsigned long long* __restrict__ buckets,
                                                  unsigned int num_buckets,
                                                  unsigned int* __restrict__ out_vals,
                                                  unsigned int not_found)
{
    int lane = threadIdx.x & 31;
    int warp_base = ((blockIdx.x * blockDim.x + threadIdx.x) >> 5) * 32;
    int my_q = warp_base + lane;
    unsigned int my_key = my_q < n ? queries[my_q] : 0;
    unsigned int my_result = not_found;
    for (int j = 0; j < 32; ++j) {
        if (warp_base + j >= n) break;
        unsigned int key = __shfl_sync(0xffffffffu, my_key, j);
        unsigned int result = not_found;
#pragma unroll
        for (int f = 0; f < 2; ++f) {
            unsigned int b = ck_hash(key, c_ck_seeds[f]) % num_buckets;
            unsigned long long slot = buckets[(unsigned long long)b * 32 + lane];
            unsigned int hit = __ballot_sync(0xffffffffu, (unsigned int)(slot >> 32) == key && slot != CK_EMPTY);
            unsigned int empty = __ballot_sync(0xffffffffu, slot == CK_EMPTY);
            if (hit) {
                int src = __ffs(hit) - 1;
                result = __shfl_sync(0xffffffffu, (unsigned int)slot, src);
                break;
            }
            if (empty) break;    // bucket not full => key never overflowed
        }
        if (lane == j) my_result = result;
    }
    if (my_q < n) out_vals[my_q] = my_result;
}

// Cuckoo filter (Fan et al.): 4 fingerprints of 16 bits per bucket packed in
// a 64-bit word; alternate bucket = i1 ^ hash(fp).
extern "C" __global__ void cuckoo_filter_query(const unsigned long long* __restrict__ items,
                                               int n,
                                               const unsigned long long* __restrict__ filter,
                                               unsigned long long bucket_mask,
                                               unsigned char* __restrict__ maybe_present,
                                               unsigned int* __restrict__ positives)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int hit = 0;
    if (i < n) {
        unsigned long long x = items[i];
        // 64-bit mix (SplitMix64 finaliser)
        x += 0x9e3779b97f4a7c15ULL;
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
        x ^= x >> 31;
        unsigned int fp = (unsigned int)(x >> 48);
        if (fp == 0) fp = 1;       // 0 marks an empty slot
        unsigned long long i1 = x & bucket_mask;
        unsigned long long fh = (unsigned long long)fp * 0x5bd1e995ULL;
        unsigned long long i2 = (i1 ^ fh) & bucket_mask;
        unsigned long long w1 = filter[i1];
        unsigned long long w2 = filter[i2];
        // SWAR "has 16-bit lane equal to fp"
        unsigned long long rep = 0x0001000100010001ULL * fp;
        unsigned long long d1 = w1 ^ rep, d2 = w2 ^ rep;
        const unsigned long long lo = 0x0001000100010001ULL, hi = 0x8000800080008000ULL;
        unsigned long long z1 = (d1 - lo) & ~d1 & hi;
        unsigned long long z2 = (d2 - lo) & ~d2 & hi;
        hit = (z1 | z2) != 0;
        maybe_present[i] = (unsigned char)hit;
    }
    unsigned int b = __ballot_sync(0xffffffffu, hit);
    if ((threadIdx.x & 31) == 0 && b) atomicAdd(positives, __popc(b));
}
