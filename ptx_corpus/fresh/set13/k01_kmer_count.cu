// k01_kmer_count.cu
// Bioinformatics: k-mer extraction and counting from 2-bit packed DNA reads.
//  - kmer_encode_reads:     packs ASCII bases into 2-bit codes (tiny kernel)
//  - kmer_count_hash:       canonical 31-mers (64-bit) inserted into an open-addressing table
//  - kmer_local_spectrum:   per-thread 4^4 tetranucleotide spectrum kept in a thread-local
//                           array indexed by data-dependent k-mer codes, then flushed
//  - kmer_minimizer:        sliding-window minimizers with a small circular buffer
#include <stdint.h>

__device__ __forceinline__ uint32_t base2bit(char c)
{
    switch (c) {
    case 'A': case 'a': return 0u;
    case 'C': case 'c': return 1u;
    case 'G': case 'g': return 2u;
    default:            return 3u;
    }
}

__device__ __forceinline__ uint64_t mix64(uint64_t k)
{
    k ^= k >> 33; k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
}

extern "C" __global__ void kmer_encode_reads(const char* __restrict__ seq, uint8_t* __restrict__ codes, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) codes[i] = (uint8_t)base2bit(seq[i]);
}

extern "C" __global__ void kmer_count_hash(const uint8_t* __restrict__ codes, const int* __restrict__ readOffsets,
                                           int numReads, unsigned long long* tableKeys, unsigned int* tableCounts,
                                           unsigned int tableMask)
{
    const int K = 31;
    const uint64_t kmask = (1ULL << (2 * K)) - 1ULL;
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= numReads) return;
    int beg = readOffsets[r], end = readOffsets[r + 1];
    uint64_t fw = 0, rc = 0;
    int valid = 0;
    for (int p = beg; p < end; ++p) {
        uint64_t c = codes[p];
        fw = ((fw << 2) | c) & kmask;
        rc = (rc >> 2) | ((3ULL - c) << (2 * (K - 1)));
        if (++valid < K) continue;
        uint64_t canon = fw < rc ? fw : rc;
        uint64_t h = mix64(canon) & tableMask;
        for (unsigned probe = 0; probe <= tableMask; ++probe) {
            unsigned long long prev = atomicCAS(&tableKeys[h], 0xFFFFFFFFFFFFFFFFULL, (unsigned long long)canon);
            if (prev == 0xFFFFFFFFFFFFFFFFULL || prev == canon) {
                atomicAdd(&tableCounts[h], 1u);
                break;
            }
            h = (h + probe + 1) & tableMask;
        }
    }
}

extern "C" __global__ void kmer_local_spectrum(const uint8_t* __restrict__ codes, int n, int chunk,
                                               unsigned int* __restrict__ globalSpectrum)
{
    unsigned int spec[256];
#pragma unroll 8
    for (int i = 0; i < 256; ++i) spec[i] = 0u;
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int beg = tid * chunk;
    int end = min(beg + chunk + 3, n);
    unsigned int w = 0;
    for (int p = beg; p < end; ++p) {
        w = ((w << 2) | codes[p]) & 0xFFu;
        if (p - beg >= 3) spec[w]++;
    }
    for (int i = 0; i < 256; ++i)
        if (spec[i]) atomicAdd(&globalSpectrum[i], spec[i]);
}

extern "C" __global__ void kmer_minimizer(const uint8_t* __restrict__ codes, const int* __restrict__ readOffsets,
                                          int numReads, int w, unsigned int* __restrict__ minimizers,
                                          int* __restrict__ counts)
{
    const int K = 15;
    const uint32_t kmask = (1u << (2 * K)) - 1u;
    uint32_t ring[32];
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= numReads) return;
    int beg = readOffsets[r], end = readOffsets[r + 1];
    uint32_t fw = 0, last = 0xFFFFFFFFu;
    int nout = 0;
    int ww = min(w, 32);
    for (int p = beg; p < end; ++p) {
        fw = ((fw << 2) | codes[p]) & kmask;
        int idx = p - beg;
        if (idx < K - 1) continue;
        uint32_t h = (uint32_t)mix64(fw);
        ring[(idx - K + 1) % ww] = h;
        if (idx - K + 2 >= ww) {
            uint32_t m = 0xFFFFFFFFu;
            for (int j = 0; j < ww; ++j) m = min(m, ring[j]);
            if (m != last) {
                minimizers[beg + nout] = m;
                ++nout;
                last = m;
            }
        }
    }
    counts[r] = nout;
}
