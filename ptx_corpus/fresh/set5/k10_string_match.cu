// Multi-pattern string matching: Aho-Corasick DFA scan, Shift-Or (bitap) with
// up to 64-char patterns, and Horspool single-pattern search.

// Aho-Corasick over a dense DFA (256 columns), output bitmask per state.
// Each thread scans a chunk plus (maxlen-1) overlap so matches straddling chunks are found once.
extern "C" __global__ void ac_dfa_scan(const unsigned char* __restrict__ text, long n,
                                       const int* __restrict__ delta, const unsigned int* __restrict__ out_mask,
                                       const unsigned char* __restrict__ pat_len, int chunk, int max_pat_len,
                                       unsigned int* __restrict__ match_counts, /* per pattern */
                                       int npat)
{
    __shared__ unsigned int s_counts[32];
    if (threadIdx.x < 32) s_counts[threadIdx.x] = 0;
    __syncthreads();
    long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
    long beg = t * chunk;
    if (beg < n) {
        long stop = min(n, beg + chunk);
        long start = max(0L, beg - (max_pat_len - 1));
        int state = 0;
        for (long i = start; i < stop; ++i) {
            state = __ldg(&delta[state * 256 + text[i]]);
            unsigned m = __ldg(&out_mask[state]);
            while (m) {
                int p = __ffs(m) - 1;
                m &= m - 1;
                long match_start = i - pat_len[p] + 1;
                if (match_start >= beg && p < npat) atomicAdd(&s_counts[p], 1u);
            }
        }
    }
    __syncthreads();
    if (threadIdx.x < npat && threadIdx.x < 32 && s_counts[threadIdx.x]) atomicAdd(&match_counts[threadIdx.x], s_counts[threadIdx.x]);
}

// Shift-Or approximate matching with k <= 3 errors (Wu-Manber), 64-bit masks; one read per thread.
extern "C" __global__ void bitap_k3_reads(const unsigned char* __restrict__ reads, const int* __restrict__ read_off,
                                          int nreads, const unsigned long long* __restrict__ pattern_masks /*256*/,
                                          int m, int* __restrict__ best_pos, int* __restrict__ best_err)
{
    __shared__ unsigned long long pm[256];
    for (int c = threadIdx.x; c < 256; c += blockDim.x) pm[c] = pattern_masks[c];
    __syncthreads();
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nreads) return;
    int b = read_off[r], e = read_off[r + 1];
    unsigned long long R0 = ~0ull, R1 = ~0ull << 1, R2 = ~0ull << 2, R3 = ~0ull << 3;
    unsigned long long hit = 1ull << (m - 1);
    int bp = -1, be = 4;
    for (int i = b; i < e; ++i) {
        unsigned long long mask = pm[reads[i]];
        unsigned long long o0 = R0, o1 = R1, o2 = R2;
        R0 = (R0 << 1) | mask;
        R1 = ((R1 << 1) | mask) & (o0 << 1) & (R0 << 1) & o0;
        R2 = ((R2 << 1) | mask) & (o1 << 1) & (R1 << 1) & o1;
        R3 = ((R3 << 1) | mask) & (o2 << 1) & (R2 << 1) & o2;
        int err = !(R0 & hit) ? 0 : !(R1 & hit) ? 1 : !(R2 & hit) ? 2 : !(R3 & hit) ? 3 : 4;
        if (err < be) { be = err; bp = i - b; }
    }
    best_pos[r] = bp;
    best_err[r] = be;
}

// Horspool search: block cooperatively loads a text window into shared memory.
extern "C" __global__ void horspool_block_search(const unsigned char* __restrict__ text, long n,
                                                 const unsigned char* __restrict__ pat, int m,
                                                 int* __restrict__ positions, int* __restrict__ npos, int max_pos)
{
    extern __shared__ unsigned char sm[];
    unsigned char* s_pat = sm;
    int* s_shift = (int*)(sm + ((m + 15) & ~15));
    unsigned char* s_text = (unsigned char*)(s_shift + 256);
    const int W = blockDim.x * 16;
    for (int c = threadIdx.x; c < 256; c += blockDim.x) s_shift[c] = m;
    for (int i = threadIdx.x; i < m; i += blockDim.x) s_pat[i] = pat[i];
    __syncthreads();
    for (int i = threadIdx.x; i < m - 1; i += blockDim.x) atomicMin(&s_shift[pat[i]], m - 1 - i);
    long wbeg = (long)blockIdx.x * W;
    for (int i = threadIdx.x; i < W + m - 1; i += blockDim.x) {
        long g = wbeg + i;
        s_text[i] = g < n ? text[g] : 0;
    }
    __syncthreads();
    // each thread handles 16 consecutive alignment starts, skipping with Horspool shifts
    int lo = threadIdx.x * 16, hi = lo + 16;
    int pos = lo;
    while (pos < hi && wbeg + pos + m <= n) {
        int j = m - 1;
        unsigned char last = s_text[pos + m - 1];
        while (j >= 0 && s_text[pos + j] == s_pat[j]) --j;
        if (j < 0) {
            int slot = atomicAdd(npos, 1);
            if (slot < max_pos) positions[slot] = (int)(wbeg + pos);
        }
        pos += s_shift[last];
    }
}
