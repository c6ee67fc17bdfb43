// Domain: bioinformatics (Smith-Waterman local alignment, k-mer hashing on 2-bit encoded DNA, banded alignment, wavefront Needleman-Wunsch)

// sw_affine_intertask: inter-task Smith-Waterman with affine gaps (Gotoh), one database sequence per thread, query <= 128, H and E rows kept in run-time indexed thread-local arrays
extern "C" __global__ void sw_affine_intertask(const unsigned char* __restrict__ query, int qLen,
                                                     const unsigned char* __restrict__ db, const int* __restrict__ dbOff,
                                                     const signed char* __restrict__ subst, int* __restrict__ scores,
                                                     int nSeqs, int gapOpen, int gapExt)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nSeqs) return;
    short H[129], E[129];
    for (int j = 0; j <= qLen; ++j) { H[j] = 0; E[j] = 0; }
    int best = 0;
    const unsigned char* seq = db + dbOff[s];
    int len = dbOff[s + 1] - dbOff[s];
    for (int i = 1; i <= len; ++i) {
        int a = seq[i - 1];
        int diag = 0, F = 0, h = 0;
        for (int j = 1; j <= qLen; ++j) {
            int e = max(E[j] - gapExt, H[j] - gapOpen);
            F = max(F - gapExt, h - gapOpen);
            int hn = max(0, max(diag + subst[a * 24 + query[j - 1]], max(e, F)));
            diag = H[j];
            H[j] = (short)hn; E[j] = (short)e;
            h = hn;
            best = max(best, hn);
        }
    }
    scores[s] = best;
}

__device__ __forceinline__ unsigned long long revcomp2bit(unsigned long long x, int k)
{
    // complement (A<->T, C<->G in 00/11, 01/10 coding) then reverse 2-bit groups
    x = ~x;
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
    x = ((x >> 8) & 0x00FF00FF00FF00FFull) | ((x & 0x00FF00FF00FF00FFull) << 8);
    x = ((x >> 16) & 0x0000FFFF0000FFFFull) | ((x & 0x0000FFFF0000FFFFull) << 16);
    x = (x >> 32) | (x << 32);
    return x >> (64 - 2 * k);
}

// kmer31_canonical_count_hash: canonical 31-mers (64-bit 2-bit encoding, reverse complement) counted in an open-addressing table via 64-bit atomicCAS
extern "C" __global__ void kmer31_canonical_count_hash(const unsigned char* __restrict__ bases, long long n,
                                                       unsigned long long* __restrict__ keys, unsigned* __restrict__ counts,
                                                       unsigned long long tableMask)
{
    const int K = 31;
    const unsigned long long EMPTY = ~0ull;
    const unsigned long long kmask = (1ull << (2 * K)) - 1;
    for (long long pos = blockIdx.x * (long long)blockDim.x + threadIdx.x; pos + K <= n; pos += (long long)blockDim.x * gridDim.x) {
        unsigned long long fw = 0;
        bool ok = true;
#pragma unroll
        for (int i = 0; i < K; ++i) {
            unsigned char c = bases[pos + i];
            unsigned code = (c == 'A') ? 0u : (c == 'C') ? 1u : (c == 'G') ? 2u : (c == 'T') ? 3u : 4u;
            ok &= code < 4u;
            fw = (fw << 2) | (code & 3u);
        }
        if (!ok) continue;
        fw &= kmask;
        unsigned long long rc = revcomp2bit(fw, K);
        unsigned long long key = fw < rc ? fw : rc;
        unsigned long long h = key * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
        unsigned long long slot = h & tableMask;
        for (int probe = 0; probe < 64; ++probe) {
            unsigned long long prev = atomicCAS(&keys[slot], EMPTY, key);
            if (prev == EMPTY || prev == key) { atomicAdd(&counts[slot], 1u); break; }
            slot = (slot + probe + 1) & tableMask;
        }
    }
}

// banded_nw_band16_registers: global alignment restricted to a 16-wide diagonal band, band scores held in a register array (compile-time shifts)
template <int W>
__device__ __forceinline__ int banded_nw(const unsigned char* a, const unsigned char* b, int len, int match, int mismatch, int gap)
{
    int band[W];
#pragma unroll
    for (int k = 0; k < W; ++k) band[k] = abs(k - W / 2) * gap;   // boundary row: gap penalties away from the diagonal
    for (int i = 1; i <= len; ++i) {
        int nb[W];
        unsigned char ai = a[i - 1];
        unsigned char bj[W];
#pragma unroll
        for (int k = 0; k < W; ++k) {
            int j = i + k - W / 2;
            bj[k] = (j >= 1 && j <= len) ? b[j - 1] : 0xFF;
        }
#pragma unroll
        for (int k = 0; k < W; ++k) {
            int diag = band[k] + ((ai == bj[k]) ? match : mismatch);
            int up = (k + 1 < W) ? band[k + 1] + gap : -1000000;
            int left = (k > 0) ? nb[k - 1] + gap : -1000000;
            nb[k] = (bj[k] == 0xFF) ? -1000000 : max(diag, max(up, left));
        }
#pragma unroll
        for (int k = 0; k < W; ++k) band[k] = nb[k];
    }
    return band[W / 2];
}
extern "C" __global__ void banded_nw_band16_registers(const unsigned char* __restrict__ A, const unsigned char* __restrict__ B,
                                                      int* __restrict__ score, int nPairs, int len)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nPairs) return;
    score[p] = banded_nw<16>(A + (size_t)p * len, B + (size_t)p * len, len, 2, -3, -2);
}

// banded_nw_band32_lb: same banded alignment with a 32-wide band under __launch_bounds__(256,8)
extern "C" __global__ void __launch_bounds__(256, 8)
banded_nw_band32_lb(const unsigned char* __restrict__ A, const unsigned char* __restrict__ B, int* __restrict__ score, int nPairs, int len)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nPairs) return;
    score[p] = banded_nw<32>(A + (size_t)p * len, B + (size_t)p * len, len, 1, -1, -1);
}

// nw_wavefront_tile32_smem: Needleman-Wunsch scoring of a 32x32 tile per block by anti-diagonal wavefront in shared memory (linear gap)
extern "C" __global__ void nw_wavefront_tile32_smem(const unsigned char* __restrict__ A, const unsigned char* __restrict__ B,
                                                    const int* __restrict__ topRow, const int* __restrict__ leftCol,
                                                    int* __restrict__ bottomRow, int* __restrict__ rightCol, int gap)
{
    __shared__ int S[33][33];
    __shared__ unsigned char a[32], b[32];
    int t = threadIdx.x;   // 32 threads
    int tile = blockIdx.x;
    a[t] = A[tile * 32 + t]; b[t] = B[tile * 32 + t];
    S[0][t + 1] = topRow[tile * 33 + t + 1];
    S[t + 1][0] = leftCol[tile * 33 + t + 1];
    if (t == 0) S[0][0] = topRow[tile * 33];
    __syncthreads();
    for (int d = 0; d < 63; ++d) {
        int i = t + 1, j = d - t + 1;
        if (j >= 1 && j <= 32) {
            int m = S[i - 1][j - 1] + ((a[i - 1] == b[j - 1]) ? 1 : -1);
            S[i][j] = max(m, max(S[i - 1][j] + gap, S[i][j - 1] + gap));
        }
        __syncthreads();
    }
    bottomRow[tile * 32 + t] = S[32][t + 1];
    rightCol[tile * 32 + t] = S[t + 1][32];
}
