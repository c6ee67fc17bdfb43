// Domain: bioinformatics (sequence alignment, k-mer counting, encoding)
// sw_affine_perthread: Smith-Waterman local alignment with affine gaps (Gotoh), query <= 64, per-thread H/E rows in local arrays.
// nw_banded_regs: banded Needleman-Wunsch global alignment score, band of 33 diagonals kept in registers (fully unrolled).
// kmer_count_canonical: canonical 31-mer extraction with rolling 2-bit encoding, murmur finaliser, lock-free hash insert.
// myers_edit_distance: Myers bit-parallel edit distance between a <=64-base pattern and many texts (64-bit words).

#include <stdint.h>

#define SW_MAXQ 64

extern "C" __global__ void sw_affine_perthread(const uint8_t* __restrict__ query, int qlen,
                                               const uint8_t* __restrict__ db, const int* __restrict__ db_off,
                                               const int* __restrict__ db_len, const int8_t* __restrict__ subst,
                                               int gap_open, int gap_ext, int* __restrict__ scores, int nseq)
{
    // subst: 32x32 scoring matrix indexed by residue codes (0..31)
    __shared__ int8_t s_sub[32 * 32];
    __shared__ uint8_t s_q[SW_MAXQ];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) s_sub[i] = subst[i];
    for (int i = threadIdx.x; i < SW_MAXQ; i += blockDim.x) s_q[i] = i < qlen ? (query[i] & 31) : 0;
    __syncthreads();
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nseq) return;
    int m = min(qlen, SW_MAXQ);
    short H[SW_MAXQ + 1], E[SW_MAXQ + 1];
    for (int j = 0; j <= m; j++) { H[j] = 0; E[j] = 0; }
    const uint8_t* d = db + db_off[s];
    int n = db_len[s];
    int best = 0;
    for (int i = 1; i <= n; i++) {
        int c = d[i - 1] & 31;
        const int8_t* row = s_sub + c * 32;
        int diag = 0;   // H[i-1][0]
        int F = 0;
        int hleft = 0;  // H[i][0]
        for (int j = 1; j <= m; j++) {
            int hup = H[j];
            int e = max(E[j] - gap_ext, hup - gap_open);
            F = max(F - gap_ext, hleft - gap_open);
            int h = diag + row[s_q[j - 1]];
            h = max(max(h, 0), max(e, F));
            diag = hup;
            H[j] = (short)h;
            E[j] = (short)e;
            hleft = h;
            best = max(best, h);
        }
    }
    scores[s] = best;
}

#define NW_BAND 16
#define NW_W (2 * NW_BAND + 1)

extern "C" __global__ void nw_banded_regs(const uint8_t* __restrict__ A, const uint8_t* __restrict__ B,
                                          const int* __restrict__ off, const int* __restrict__ len,
                                          int match, int mismatch, int gap, int* __restrict__ scores, int npairs)
{
    // pair p aligns A[off[p]..] with B[off[p]..], both of length len[p]; cell (i, i+k-NW_BAND) stored at k
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npairs) return;
    const uint8_t* a = A + off[p];
    const uint8_t* b = B + off[p];
    int n = len[p];
    const int NEG = -(1 << 28);
    int prev[NW_W], cur[NW_W];
#pragma unroll
    for (int k = 0; k < NW_W; k++) {
        int j = k - NW_BAND;          // row 0: H[0][j] = j*gap for j >= 0
        prev[k] = (j >= 0 && j <= n) ? -j * gap : NEG;
    }
    for (int i = 1; i <= n; i++) {
        uint8_t ai = a[i - 1];
#pragma unroll
        for (int k = 0; k < NW_W; k++) {
            int j = i + k - NW_BAND;
            int v = NEG;
            if (j >= 0 && j <= n) {
                if (j == 0) v = -i * gap;
                else {
                    // diag: (i-1, j-1) -> same k in prev; up: (i-1, j) -> k+1 in prev; left: (i, j-1) -> k-1 in cur
                    int dg = prev[k] + (ai == b[j - 1] ? match : -mismatch);
                    int up = (k + 1 < NW_W) ? prev[k + 1] - gap : NEG;
                    int lf = (k > 0) ? cur[k - 1] - gap : NEG;
                    v = max(dg, max(up, lf));
                }
            }
            cur[k] = v;
        }
#pragma unroll
        for (int k = 0; k < NW_W; k++) prev[k] = cur[k];
    }
    scores[p] = prev[NW_BAND];
}

__device__ __forceinline__ uint64_t mix64(uint64_t k)
{
    k ^= k >> 33; k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
}

extern "C" __global__ void kmer_count_canonical(const char* __restrict__ reads, const int* __restrict__ read_off,
                                                const int* __restrict__ read_len, int nreads,
                                                unsigned long long* __restrict__ table_keys,
                                                unsigned int* __restrict__ table_counts, unsigned long long table_mask)
{
    const int K = 31;
    const uint64_t kmask = (1ULL << (2 * K)) - 1;
    const unsigned long long EMPTY = ~0ULL;
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nreads) return;
    const char* s = reads + read_off[r];
    int L = read_len[r];
    uint64_t fwd = 0, rev = 0;
    int valid = 0;
    for (int i = 0; i < L; i++) {
        char c = s[i];
        int code = (c == 'A' || c == 'a') ? 0 : (c == 'C' || c == 'c') ? 1 : (c == 'G' || c == 'g') ? 2 : (c == 'T' || c == 't') ? 3 : -1;
        if (code < 0) { valid = 0; fwd = rev = 0; continue; }
        fwd = ((fwd << 2) | (uint64_t)code) & kmask;
        rev = (rev >> 2) | ((uint64_t)(3 - code) << (2 * (K - 1)));
        if (++valid < K) continue;
        uint64_t canon = fwd < rev ? fwd : rev;
        unsigned long long slot = mix64(canon) & table_mask;
        for (unsigned long long probe = 0; probe <= table_mask; probe++) {
            unsigned long long prevk = atomicCAS(&table_keys[slot], EMPTY, (unsigned long long)canon);
            if (prevk == EMPTY || prevk == canon) { atomicAdd(&table_counts[slot], 1u); break; }
            slot = (slot + 1) & table_mask;
        }
    }
}

extern "C" __global__ void myers_edit_distance(const uint8_t* __restrict__ pattern, int m,
                                               const uint8_t* __restrict__ texts, const int* __restrict__ toff,
                                               const int* __restrict__ tlen, int* __restrict__ dist, int ntexts)
{
    __shared__ unsigned long long peq[4];
    if (threadIdx.x < 4) {
        unsigned long long v = 0;
        for (int i = 0; i < m && i < 64; i++)
            if ((pattern[i] & 3) == threadIdx.x) v |= 1ULL << i;
        peq[threadIdx.x] = v;
    }
    __syncthreads();
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= ntexts) return;
    m = min(m, 64);
    uint64_t Pv = ~0ULL, Mv = 0, high = 1ULL << (m - 1);
    int score = m;
    const uint8_t* s = texts + toff[t];
    int n = tlen[t];
    for (int j = 0; j < n; j++) {
        uint64_t Eq = peq[s[j] & 3];
        uint64_t Xv = Eq | Mv;
        uint64_t Xh = (((Eq & Pv) + Pv) ^ Pv) | Eq;
        uint64_t Ph = Mv | ~(Xh | Pv);
        uint64_t Mh = Pv & Xh;
        if (Ph & high) score++;
        else if (Mh & high) score--;
        Ph <<= 1;
        Mh <<= 1;
        Ph |= 1;    // global (edit distance) boundary: D[0][j] = j
        Pv = Mh | ~(Xv | Ph);
        Mv = Ph & Xv;
    }
    dist[t] = score;
}
