// FM-index (DNA alphabet) for short-read alignment:
//  * exact backward search of many reads (per-thread), occ via 2-bit packed
//    BWT blocks with 64-bit popcount
//  * locate: LF-walk to the nearest sampled suffix-array position
//  * suffix-array construction helper: prefix-doubling key generation
#include <stdint.h>

// Occ block layout (interleaved for one cache line per query):
//   counts[4] (uint32) at the start of every 128-character block,
//   followed by 4 x 64-bit words holding 128 2-bit symbols.
struct OccBlock {
    unsigned int cnt[4];
    unsigned long long bits[4];
};

__device__ __forceinline__ unsigned int fm_count_sym(unsigned long long w, unsigned int sym, int nchars)
{
    // turn each 2-bit symbol equal to `sym` into a 1 in the low bit of its pair
    const unsigned long long lo = 0x5555555555555555ULL;
    unsigned long long pattern = lo * sym;           // sym replicated in every pair
    unsigned long long x = ~(w ^ pattern);           // 11 where equal
    unsigned long long eq = x & (x >> 1) & lo;
    if (nchars < 32) eq &= (1ull << (2 * nchars)) - 1ull;
    return __popcll(eq);
}

__device__ __forceinline__ unsigned long long fm_occ(const OccBlock* __restrict__ occ, unsigned int sym,
                                                     unsigned long long pos, unsigned long long dollar_pos)
{
    // number of `sym` in BWT[0, pos)
    unsigned long long blk = pos >> 7;
    int off = (int)(pos & 127);
    const OccBlock& b = occ[blk];
    unsigned long long c = b.cnt[sym];
#pragma unroll
    for (int w = 0; w < 4; ++w) {
        int n = off - 32 * w;            // characters of this word still before pos
        if (n <= 0) break;
        c += fm_count_sym(b.bits[w], sym, min(n, 32));
    }
    // the '$' is stored as symbol 0 ('A'); correct for it
    if (sym == 0 && dollar_pos < pos && (dollar_pos >> 7) == blk) c -= 1;
    return c;
}

extern "C" __global__ void fm_backward_search(const unsigned char* __restrict__ reads,   // 2-bit codes, one byte each; 4 = N
                                              const int* __restrict__ read_offsets,
                                              int num_reads,
                                              const OccBlock* __restrict__ occ,
                                              const unsigned long long* __restrict__ C,  // [5] cumulative counts
                                              unsigned long long text_len,
                                              unsigned long long dollar_pos,
                                              unsigned long long* __restrict__ sa_lo,
                                              unsigned long long* __restrict__ sa_hi,
                                              int* __restrict__ matched_len)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= num_reads) return;
    int b = read_offsets[r], e = read_offsets[r + 1];
    unsigned long long lo = 0, hi = text_len + 1;
    unsigned long long c0 = C[0], c1 = C[1], c2 = C[2], c3 = C[3];
    int len = 0;
    for (int i = e - 1; i >= b; --i) {
        unsigned int sym = reads[i];
        if (sym > 3) break;                  // ambiguous base terminates exact search
        unsigned long long cs = sym == 0 ? c0 : sym == 1 ? c1 : sym == 2 ? c2 : c3;
        unsigned long long nlo = cs + fm_occ(occ, sym, lo, dollar_pos) + 1;
        unsigned long long nhi = cs + fm_occ(occ, sym, hi, dollar_pos) + 1;
        if (nlo >= nhi) break;
        lo = nlo; hi = nhi;
        ++len;
    }
    sa_lo[r] = lo;
    sa_hi[r] = hi;
    matched_len[r] = len;
}

// Suffix array sampled every `sa_rate` text positions, stored as a bitmap
// of sampled BWT rows plus a rank-indexed value array.
extern "C" __global__ void fm_locate(const unsigned long long* __restrict__ rows,   // BWT rows to locate
                                     int num_rows,
                                     const OccBlock* __restrict__ occ,
                                     const unsigned long long* __restrict__ C,
                                     const unsigned char* __restrict__ bwt_sym,    // decoded BWT symbol per row
                                     unsigned long long dollar_pos,
                                     const unsigned long long* __restrict__ sampled_bits,
                                     const unsigned int* __restrict__ sampled_rank,  // rank per 64-bit word
                                     const unsigned long long* __restrict__ sa_values,
                                     int max_steps,
                                     unsigned long long* __restrict__ positions)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= num_rows) return;
    unsigned long long row = rows[q];
    unsigned long long steps = 0;
    for (int s = 0; s < max_steps; ++s) {
        unsigned long long w = sampled_bits[row >> 6];
        unsigned int bit = (unsigned int)(row & 63);
        if ((w >> bit) & 1ull) {
            unsigned long long rank = sampled_rank[row >> 6] + __popcll(w & ((1ull << bit) - 1ull));
            positions[q] = sa_values[rank] + steps;
            return;
        }
        if (row == dollar_pos) {   // reached the start of the text
            positions[q] = steps;
            return;
        }
        unsigned int sym = bwt_sym[row];
        row = C[sym] + fm_occ(occ, sym, row, dollar_pos) + 1;
        ++steps;
    }
    positions[q] = ~0ull;
}

// Prefix doubling (Manber-Myers on GPU): key[i] = (rank[i] << 32) | rank[i + h]
// with rank = 0 past the end; sa_idx is the current suffix order. After the
// keys are sorted a segmented scan recomputes ranks.
extern "C" __global__ void sa_prefix_doubling_keys(const unsigned int* __restrict__ rank,
                                                   const unsigned int* __restrict__ sa_idx,
                                                   long long n, long long h,
                                                   unsigned long long* __restrict__ keys,
                                                   unsigned int* __restrict__ vals,
                                                   unsigned long long* __restrict__ num_unsorted)
{
    long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int unsorted = 0;
    if (k < n) {
        unsigned int i = sa_idx[k];
        unsigned int r1 = rank[i];
        unsigned int r2 = (i + h < (unsigned long long)n) ? rank[i + h] + 1u : 0u;
        keys[k] = ((unsigned long long)r1 << 32) | r2;
        vals[k] = i;
        // a suffix is still unsorted if its rank bucket has size > 1
        unsigned int rn = (k + 1 < n) ? rank[sa_idx[k + 1]] : 0xFFFFFFFFu;
        unsigned int rp = (k > 0) ? rank[sa_idx[k - 1]] : 0xFFFFFFFFu;
        unsorted = (rn == r1 || rp == r1);
    }
    unsigned int b = __ballot_sync(0xffffffffu, unsorted);
    if ((threadIdx.x & 31) == 0 && b) atomicAdd(num_unsorted, (unsigned long long)__popc(b));
}
