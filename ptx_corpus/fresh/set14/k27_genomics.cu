// Domain: bioinformatics / sequence analysis
// sw_antidiagonal_smem   - Smith-Waterman local alignment, one block per pair, anti-diagonal wavefront in shared memory
// nw_banded_local        - banded Needleman-Wunsch score, one thread per pair, two 33-entry band rows in local arrays (fully unrolled)
// kmer_count_2bit        - 2-bit packed k-mer (k<=31) extraction with canonical form and hash-table counting (uint64)
// hamming_popc_u32       - all-against-one Hamming distances of packed binary fingerprints with __popc

extern "C" __global__ void sw_antidiagonal_smem(const char *__restrict__ qs, const char *__restrict__ ts,
                                                const int *__restrict__ qoff, const int *__restrict__ toff,
                                                int *__restrict__ best, int match, int mismatch, int gap)
{
    // blockDim.x >= query length (<= 1024); three rolling anti-diagonals of H
    __shared__ int Hd[3][1025];
    __shared__ char q[1024];
    int p = blockIdx.x;
    int q0 = qoff[p], qlen = qoff[p + 1] - q0;
    int t0 = toff[p], tlen = toff[p + 1] - t0;
    int i = threadIdx.x;  // row index (query position)
    if (i < qlen) q[i] = qs[q0 + i];
    for (int k = i; k < 1025; k += blockDim.x) { Hd[0][k] = 0; Hd[1][k] = 0; Hd[2][k] = 0; }
    __syncthreads();
    int mybest = 0;
    for (int d = 0; d < qlen + tlen - 1; ++d) {
        int cur = d % 3, prev = (d + 2) % 3, prev2 = (d + 1) % 3;
        int j = d - i;  // target position
        int h = 0;
        if (i < qlen && j >= 0 && j < tlen) {
            int diag = (i > 0 && j > 0) ? Hd[prev2][i - 1 + 1] : 0;
            int up = (i > 0) ? Hd[prev][i - 1 + 1] : 0;
            int left = (j > 0) ? Hd[prev][i + 1] : 0;
            int s = (q[i] == ts[t0 + j]) ? match : mismatch;
            h = max(0, max(diag + s, max(up - gap, left - gap)));
            mybest = max(mybest, h);
        }
        Hd[cur][i + 1] = h;
        __syncthreads();
    }
    for (int o = 16; o; o >>= 1) mybest = max(mybest, __shfl_xor_sync(0xffffffffu, mybest, o));
    if ((threadIdx.x & 31) == 0) atomicMax(&best[p], mybest);
}

#define BAND 16
extern "C" __global__ void nw_banded_local(const unsigned char *a, const unsigned char *b, const int *len,
                                           int *score, int npairs, int maxlen, int gap_open)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npairs) return;
    int prev[2 * BAND + 1], cur[2 * BAND + 1];
    int n = len[p];
    const unsigned char *A = a + (size_t)p * maxlen, *B = b + (size_t)p * maxlen;
    for (int k = 0; k <= 2 * BAND; ++k) prev[k] = (k >= BAND) ? -(k - BAND) * gap_open : -100000;
    for (int i = 1; i <= n; ++i) {
        unsigned char ai = A[i - 1];
        for (int k = 0; k <= 2 * BAND; ++k) {
            int j = i + k - BAND;
            int v = -100000;
            if (j >= 0 && j <= n) {
                if (j == 0) v = -i * gap_open;
                else {
                    int diag = prev[k] + (ai == B[j - 1] ? 2 : -1);
                    int up = (k + 1 <= 2 * BAND) ? prev[k + 1] - gap_open : -100000;
                    int left = (k > 0) ? cur[k - 1] - gap_open : -100000;
                    v = max(diag, max(up, left));
                }
            }
            cur[k] = v;
        }
        for (int k = 0; k <= 2 * BAND; ++k) prev[k] = cur[k];
    }
    score[p] = prev[BAND];
}

__device__ __forceinline__ unsigned long long revcomp2bit(unsigned long long x, int k)
{
    x = ~x;
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
    x = ((x >> 8) & 0x00FF00FF00FF00FFull) | ((x & 0x00FF00FF00FF00FFull) << 8);
    x = ((x >> 16) & 0x0000FFFF0000FFFFull) | ((x & 0x0000FFFF0000FFFFull) << 16);
    x = (x >> 32) | (x << 32);
    return x >> (64 - 2 * k);
}

extern "C" __global__ void kmer_count_2bit(const unsigned char *seq, int n, int k, unsigned long long *tkeys,
                                           unsigned *tcount, unsigned tmask)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + k > n) return;
    unsigned long long code = 0;
    for (int j = 0; j < k; ++j) {
        unsigned char c = seq[i + j];
        unsigned v = (c == 'A') ? 0 : (c == 'C') ? 1 : (c == 'G') ? 2 : (c == 'T') ? 3 : 4;
        if (v == 4) return;
        code = (code << 2) | v;
    }
    unsigned long long rc = revcomp2bit(code, k);
    unsigned long long key = code < rc ? code : rc;
    unsigned long long h = key * 0x9E3779B97F4A7C15ull;
    unsigned s = (unsigned)(h >> 32) & tmask;
    for (unsigned probe = 0; probe <= tmask; ++probe) {
        unsigned long long prev = atomicCAS(&tkeys[s], ~0ull, key);
        if (prev == ~0ull || prev == key) { atomicAdd(&tcount[s], 1u); return; }
        s = (s + 1) & tmask;
    }
}

extern "C" __global__ void hamming_popc_u32(const unsigned *__restrict__ db, const unsigned *__restrict__ query,
                                            unsigned short *__restrict__ dist, int nitems, int words)
{
    extern __shared__ unsigned sq[];
    for (int w = threadIdx.x; w < words; w += blockDim.x) sq[w] = query[w];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nitems) return;
    int d = 0;
    for (int w = 0; w < words; ++w) d += __popc(__ldg(&db[(size_t)w * nitems + i]) ^ sq[w]);
    dist[i] = (unsigned short)d;
}
