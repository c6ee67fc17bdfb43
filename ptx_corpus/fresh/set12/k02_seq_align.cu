// Bioinformatics: pairwise alignment scoring (Smith-Waterman with affine gaps),
// k-mer counting and banded Needleman-Wunsch.
#include <cuda_runtime.h>
#include <stdint.h>

#define MAXQ 128

__device__ __forceinline__ int sub_score(uint8_t a, uint8_t b)
{
    return (a == b) ? 2 : -1;
}

// One thread aligns one short query (<= MAXQ) against one reference window.
// The DP column lives in per-thread local arrays indexed by the query position.
extern "C" __global__ void sw_affine_local(const uint8_t* __restrict__ queries,
                                           const int* __restrict__ qlen,
                                           const uint8_t* __restrict__ refs,
                                           const int* __restrict__ rlen, int ref_stride,
                                           int gap_open, int gap_ext,
                                           int* __restrict__ best_score,
                                           int2* __restrict__ best_pos)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int m = min(qlen[t], MAXQ);
    int n = rlen[t];
    const uint8_t* q = queries + (size_t)t * MAXQ;
    const uint8_t* r = refs + (size_t)t * ref_stride;

    int H[MAXQ + 1];
    int E[MAXQ + 1];
    for (int i = 0; i <= m; ++i) { H[i] = 0; E[i] = 0; }

    int best = 0, bi = 0, bj = 0;
    for (int j = 1; j <= n; ++j) {
        uint8_t rc = r[j - 1];
        int diag = 0, F = 0;
        for (int i = 1; i <= m; ++i) {
            int up = H[i];
            int e = max(E[i] - gap_ext, up - gap_open);
            F = max(F - gap_ext, H[i - 1] - gap_open);
            int h = diag + sub_score(q[i - 1], rc);
            h = max(max(h, e), max(F, 0));
            diag = up;
            E[i] = e;
            H[i] = h;
            if (h > best) { best = h; bi = i; bj = j; }
        }
    }
    best_score[t] = best;
    best_pos[t] = make_int2(bi, bj);
}

// 2-bit encode and count canonical k-mers (k <= 31) with a global hash table.
extern "C" __global__ void kmer_count(const char* __restrict__ seq, long long len, int k,
                                      unsigned long long* __restrict__ keys,
                                      unsigned int* __restrict__ counts,
                                      unsigned long long table_mask)
{
    long long pos = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (pos + k > len) return;
    unsigned long long fwd = 0, rev = 0;
    bool ok = true;
    for (int i = 0; i < k; ++i) {
        char c = seq[pos + i];
        unsigned long long code;
        switch (c) {
            case 'A': case 'a': code = 0; break;
            case 'C': case 'c': code = 1; break;
            case 'G': case 'g': code = 2; break;
            case 'T': case 't': code = 3; break;
            default: code = 0; ok = false;
        }
        fwd = (fwd << 2) | code;
        rev |= (3ull - code) << (2 * i);
    }
    if (!ok) return;
    unsigned long long key = fwd < rev ? fwd : rev;
    unsigned long long h = key * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    unsigned long long slot = h & table_mask;
    const unsigned long long EMPTY = ~0ull;
    for (unsigned long long probe = 0; probe <= table_mask; ++probe) {
        unsigned long long prev = atomicCAS(&keys[slot], EMPTY, key);
        if (prev == EMPTY || prev == key) {
            atomicAdd(&counts[slot], 1u);
            return;
        }
        slot = (slot + probe + 1) & table_mask;
    }
}

// Banded global alignment, one warp per pair. Each lane owns one diagonal
// cell of the band and neighbours are exchanged through shuffles.
extern "C" __global__ void banded_nw_warp(const uint8_t* __restrict__ a,
                                          const uint8_t* __restrict__ b,
                                          int len, int npairs,
                                          int* __restrict__ score)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= npairs) return;
    const uint8_t* sa = a + (size_t)warp * len;
    const uint8_t* sb = b + (size_t)warp * len;
    const int GAP = -2;
    const int NEG = -1 << 28;
    int off = lane - 16;              // band offset j - i
    int hprev = (off == 0) ? 0 : ((off > 0) ? off * GAP : NEG);
    for (int i = 1; i <= len; ++i) {
        int j = i + off;
        int up = __shfl_down_sync(0xffffffffu, hprev, 1);   // (i-1, j) has offset off+1
        if (lane == 31) up = NEG;
        int diag = hprev;                                    // (i-1, j-1)
        int h = NEG;
        if (j >= 1 && j <= len) {
            int s = (sa[i - 1] == sb[j - 1]) ? 1 : -1;
            h = max(diag + s, up + GAP);
        } else if (j == 0) {
            h = i * GAP;
        }
        // left neighbour (i, j-1) has offset off-1 in the same row: sequential scan
        for (int d = 1; d < 32; ++d) {
            int left = __shfl_up_sync(0xffffffffu, h, 1);
            if (lane >= 1 && j >= 1 && j <= len) h = max(h, left + GAP);
        }
        hprev = h;
    }
    if (lane == 16) score[warp] = hprev;
}
