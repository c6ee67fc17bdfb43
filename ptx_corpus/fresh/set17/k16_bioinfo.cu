// Domain: bioinformatics (sequence alignment, k-mer counting, bit-parallel edit distance, pair-HMM)

// Smith-Waterman with affine gaps, one pair per thread, query length <= 128 held in local arrays
// (H and E columns indexed by run-time position -> stack frame)
extern "C" __global__ void smith_waterman_affine_local(const unsigned char* __restrict__ qs, const int* __restrict__ qOff,
                                                       const unsigned char* __restrict__ ts, const int* __restrict__ tOff,
                                                       const signed char* __restrict__ subst /*4x4*/,
                                                       int gapOpen, int gapExt, int* __restrict__ best, int nPairs)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nPairs) return;
    const unsigned char* q = qs + qOff[p];
    int qlen = min(qOff[p + 1] - qOff[p], 128);
    const unsigned char* t = ts + tOff[p];
    int tlen = tOff[p + 1] - tOff[p];
    short H[129], E[129];
    for (int i = 0; i <= qlen; ++i) { H[i] = 0; E[i] = 0; }
    int bestScore = 0, bestI = 0, bestJ = 0;
    for (int j = 1; j <= tlen; ++j) {
        int tc = t[j - 1] & 3;
        int diag = 0, F = 0, Hleft = 0;
        for (int i = 1; i <= qlen; ++i) {
            int up = H[i];
            int e = max(E[i] - gapExt, up - gapOpen);
            F = max(F - gapExt, Hleft - gapOpen);
            int h = diag + subst[(q[i - 1] & 3) * 4 + tc];
            h = max(max(h, 0), max(e, F));
            E[i] = (short)e;
            diag = up;
            H[i] = (short)h;
            Hleft = h;
            if (h > bestScore) { bestScore = h; bestI = i; bestJ = j; }
        }
    }
    best[3 * p] = bestScore; best[3 * p + 1] = bestI; best[3 * p + 2] = bestJ;
}

// Needleman-Wunsch global alignment by anti-diagonal wavefront in a 16x16 shared tile
// (Rodinia nw style), one block per tile along the current block diagonal
extern "C" __global__ void needleman_wunsch_tile(int* __restrict__ score, const int* __restrict__ ref,
                                                 int cols, int penalty, int blkDiag, int blkOffset)
{
    __shared__ int tmp[17][17];
    __shared__ int refs[16][16];
    int bx = blockIdx.x, tx = threadIdx.x;
    int b_index_x = bx + blkOffset;
    int b_index_y = blkDiag - 1 - bx;
    int index = cols * 16 * b_index_y + 16 * b_index_x + tx + cols + 1;
    int index_n = cols * 16 * b_index_y + 16 * b_index_x + tx + 1;
    int index_w = cols * 16 * b_index_y + 16 * b_index_x + cols;
    int index_nw = cols * 16 * b_index_y + 16 * b_index_x;
    if (tx == 0) tmp[0][0] = score[index_nw];
    for (int ty = 0; ty < 16; ty++) refs[ty][tx] = ref[index + cols * ty];
    tmp[0][tx + 1] = score[index_n];
    tmp[tx + 1][0] = score[index_w + cols * tx];
    __syncthreads();
    for (int m = 0; m < 16; m++) {
        if (tx <= m) {
            int x = tx + 1, y = m - tx + 1;
            tmp[y][x] = max(max(tmp[y - 1][x - 1] + refs[y - 1][x - 1], tmp[y][x - 1] - penalty), tmp[y - 1][x] - penalty);
        }
        __syncthreads();
    }
    for (int m = 14; m >= 0; m--) {
        if (tx <= m) {
            int x = tx + 16 - m, y = 16 - tx;
            tmp[y][x] = max(max(tmp[y - 1][x - 1] + refs[y - 1][x - 1], tmp[y][x - 1] - penalty), tmp[y - 1][x] - penalty);
        }
        __syncthreads();
    }
    for (int ty = 0; ty < 16; ty++) score[index + ty * cols] = tmp[ty + 1][tx + 1];
}

// Canonical 31-mer counting into an open-addressing hash table with 64-bit atomicCAS
__device__ __forceinline__ unsigned long long revcomp31(unsigned long long x)
{
    x = ~x;
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
    x = ((x >> 8) & 0x00FF00FF00FF00FFull) | ((x & 0x00FF00FF00FF00FFull) << 8);
    x = ((x >> 16) & 0x0000FFFF0000FFFFull) | ((x & 0x0000FFFF0000FFFFull) << 16);
    x = (x >> 32) | (x << 32);
    return x >> 2;
}
__device__ __forceinline__ unsigned long long mix64(unsigned long long k)
{
    k ^= k >> 33; k *= 0xff51afd7ed558ccdull; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ull; k ^= k >> 33;
    return k;
}
extern "C" __global__ void kmer31_count_hash(const unsigned char* __restrict__ seq, int len,
                                             unsigned long long* __restrict__ keys, unsigned* __restrict__ counts,
                                             unsigned long long tableMask)
{
    int pos = blockIdx.x * blockDim.x + threadIdx.x;
    if (pos + 31 > len) return;
    unsigned long long fw = 0;
    bool valid = true;
    for (int i = 0; i < 31; ++i) {
        unsigned char c = seq[pos + i];
        unsigned code = (c == 'A') ? 0 : (c == 'C') ? 1 : (c == 'G') ? 2 : (c == 'T') ? 3 : 4;
        if (code == 4) valid = false;
        fw = (fw << 2) | (code & 3);
    }
    if (!valid) return;
    unsigned long long rc = revcomp31(fw);
    unsigned long long key = fw < rc ? fw : rc;
    unsigned long long slot = mix64(key) & tableMask;
    const unsigned long long EMPTY = ~0ull;
    for (unsigned long long probe = 0; probe <= tableMask; ++probe) {
        unsigned long long prev = atomicCAS(&keys[slot], EMPTY, key);
        if (prev == EMPTY || prev == key) { atomicAdd(&counts[slot], 1u); return; }
        slot = (slot + probe + 1) & tableMask;
    }
}

// Myers bit-vector edit distance (pattern <= 64 chars) with 64-bit integer ops, one text per thread
extern "C" __global__ void myers_edit_distance64(const unsigned char* __restrict__ pattern, int m,
                                                 const unsigned char* __restrict__ texts, const int* __restrict__ tOff,
                                                 int* __restrict__ dist, int nTexts)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nTexts) return;
    unsigned long long Peq[4] = {0, 0, 0, 0};
    for (int i = 0; i < m; ++i) Peq[(pattern[i] >> 1) & 3] |= 1ull << i;
    unsigned long long Pv = ~0ull, Mv = 0, high = 1ull << (m - 1);
    int score = m, bestScore = m;
    for (int j = tOff[t]; j < tOff[t + 1]; ++j) {
        unsigned long long Eq = Peq[(texts[j] >> 1) & 3];
        unsigned long long Xv = Eq | Mv;
        unsigned long long Xh = (((Eq & Pv) + Pv) ^ Pv) | Eq;
        unsigned long long Ph = Mv | ~(Xh | Pv);
        unsigned long long Mh = Pv & Xh;
        if (Ph & high) ++score; else if (Mh & high) --score;
        Ph <<= 1; Mh <<= 1;
        Pv = Mh | ~(Xv | Ph);
        Mv = Ph & Xv;
        bestScore = min(bestScore, score);
    }
    dist[t] = bestScore;
}

// Pair-HMM forward algorithm (GATK style), one read/haplotype pair per warp,
// anti-diagonal sweep with the M/I/D states exchanged through shuffles
extern "C" __global__ void pairhmm_forward_warp(const char* __restrict__ reads, const char* __restrict__ quals,
                                                const char* __restrict__ haps, int readLen, int hapLen,
                                                float* __restrict__ result, int nPairs)
{
    int pair = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (pair >= nPairs) return;
    const char* rd = reads + pair * readLen;
    const char* ql = quals + pair * readLen;
    const char* hp = haps + pair * hapLen;
    // lane = read row (readLen <= 32)
    char rb = lane < readLen ? rd[lane] : 'N';
    float perr = lane < readLen ? exp10f(-0.1f * ql[lane]) : 1.f;
    const float gapOpen = 1e-3f, gapExt = 0.1f;
    float mm = 1.f - 2.f * gapOpen, gm = 1.f - gapExt;
    float M = 0.f, I = 0.f, D = 0.f;            // values at (row=lane, col=diag-lane)
    float Mup = 0.f, Iup = 0.f, Dup = 0.f;      // previous diagonal
    float sum = 0.f;
    float initD = 1.f / hapLen;
    for (int diag = 0; diag < readLen + hapLen - 1; ++diag) {
        int col = diag - lane;
        // neighbours from previous two diagonals
        float Mdiag = __shfl_up_sync(0xffffffffu, Mup, 1);
        float Idiag = __shfl_up_sync(0xffffffffu, Iup, 1);
        float Ddiag = __shfl_up_sync(0xffffffffu, Dup, 1);
        float Mtop = __shfl_up_sync(0xffffffffu, M, 1);
        float Itop = __shfl_up_sync(0xffffffffu, I, 1);
        float Dtop = __shfl_up_sync(0xffffffffu, D, 1);
        if (lane == 0) { Mdiag = 0.f; Idiag = 0.f; Ddiag = (col >= 1) ? initD : 0.f; Mtop = Itop = 0.f; Dtop = initD; }
        float nM = 0.f, nI = 0.f, nD = 0.f;
        if (col >= 0 && col < hapLen && lane < readLen) {
            char hb = hp[col];
            float prior = (hb == rb || rb == 'N' || hb == 'N') ? 1.f - perr : perr / 3.f;
            float prevDiagM = (col == 0) ? 0.f : Mdiag, prevDiagI = (col == 0) ? 0.f : Idiag;
            float prevDiagD = (col == 0) ? ((lane == 0) ? initD : 0.f) : Ddiag;
            nM = prior * (mm * prevDiagM + gm * (prevDiagI + prevDiagD));
            nI = gapOpen * Mtop + gapExt * Itop;              // insertion consumes read base
            float Mleft = (col == 0) ? 0.f : M, Dleft = (col == 0) ? 0.f : D;
            nD = gapOpen * Mleft + gapExt * Dleft;
            if (lane == readLen - 1) sum += nM + nI;
        }
        Mup = M; Iup = I; Dup = D;
        M = nM; I = nI; D = nD;
    }
    sum = __shfl_sync(0xffffffffu, sum, readLen - 1);
    if (lane == 0) result[pair] = log10f(sum);
}

