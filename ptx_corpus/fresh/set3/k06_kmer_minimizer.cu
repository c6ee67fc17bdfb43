// k-mer extraction, canonical hashing and minimizer sketching for DNA reads.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint64_t hash64(uint64_t key, uint64_t mask)
{
    key = (~key + (key << 21)) & mask;
    key = key ^ (key >> 24);
    key = ((key + (key << 3)) + (key << 8)) & mask;
    key = key ^ (key >> 14);
    key = ((key + (key << 2)) + (key << 4)) & mask;
    key = key ^ (key >> 28);
    key = (key + (key << 31)) & mask;
    return key;
}

__device__ __forceinline__ int nt2bits(char c)
{
    switch (c) { case 'A': case 'a': return 0; case 'C': case 'c': return 1;
                 case 'G': case 'g': return 2; case 'T': case 't': return 3; default: return 4; }
}

// Canonical k-mer counting into an open-addressing hash table with 64-bit keys.
extern "C" __global__ void kmer_count_canonical(const char* __restrict__ seq, long long n, int k,
                                                unsigned long long* __restrict__ keys,
                                                unsigned int* __restrict__ counts, unsigned int table_mask)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i + k > n) return;
    uint64_t fw = 0, rc = 0;
    int shift = 2 * (k - 1);
    for (int j = 0; j < k; ++j) {
        int c = nt2bits(seq[i + j]);
        if (c > 3) return;
        fw = (fw << 2) | c;
        rc = (rc >> 2) | ((uint64_t)(3 - c) << shift);
    }
    uint64_t mask = (k == 32) ? ~0ull : ((1ull << (2 * k)) - 1);
    uint64_t canon = fw < rc ? fw : rc;
    uint64_t h = hash64(canon, mask);
    unsigned int slot = (unsigned int)h & table_mask;
    for (int probe = 0; probe < 64; ++probe) {
        unsigned long long prev = atomicCAS(keys + slot, ~0ull, (unsigned long long)canon);
        if (prev == ~0ull || prev == canon) { atomicAdd(counts + slot, 1u); return; }
        slot = (slot + probe + 1) & table_mask;
    }
}

// (w,k)-minimizers: each thread handles one window of w consecutive k-mers using a ring buffer.
extern "C" __global__ void __launch_bounds__(256)
minimizer_windows(const uint8_t* __restrict__ packed, long long n_kmers, int k, int w,
                  unsigned long long* __restrict__ out_hash, long long* __restrict__ out_pos)
{
    long long win = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (win + w > n_kmers) return;
    uint64_t mask = (1ull << (2 * k)) - 1;
    uint64_t ring[32];
    uint64_t fw = 0;
    long long base = win;
    for (int j = 0; j < k - 1; ++j) fw = (fw << 2) | packed[base + j];
    uint64_t best = ~0ull; long long bpos = -1;
    for (int t = 0; t < w && t < 32; ++t) {
        fw = ((fw << 2) | packed[base + t + k - 1]) & mask;
        ring[t] = hash64(fw, mask);
    }
    for (int t = 0; t < w && t < 32; ++t) {
        if (ring[t] < best) { best = ring[t]; bpos = base + t; }
    }
    out_hash[win] = best;
    out_pos[win] = bpos;
}
