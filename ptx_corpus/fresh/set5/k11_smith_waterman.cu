// Sequence alignment: Smith-Waterman with affine gaps (Gotoh), inter-task
// (one pair per thread) and intra-task (anti-diagonal wavefront in a warp), plus banded global NW.

#define SW_MAXQ 256

// Inter-task: one query/target pair per thread; H and E columns kept in local memory
// (runtime-indexed, so they live in local memory).
extern "C" __global__ void sw_affine_intertask(const unsigned char* __restrict__ qs, const int* __restrict__ qoff,
                                               const unsigned char* __restrict__ ts, const int* __restrict__ toff,
                                               int npairs, const signed char* __restrict__ subst /*32x32*/,
                                               int gap_open, int gap_ext, int* __restrict__ score_out,
                                               int2* __restrict__ end_out)
{
    __shared__ signed char s_sub[32 * 32];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) s_sub[i] = subst[i];
    __syncthreads();
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npairs) return;
    const unsigned char* q = qs + qoff[p];
    int qlen = min(qoff[p + 1] - qoff[p], SW_MAXQ);
    const unsigned char* t = ts + toff[p];
    int tlen = toff[p + 1] - toff[p];
    short H[SW_MAXQ + 1], E[SW_MAXQ + 1];
    for (int i = 0; i <= qlen; ++i) { H[i] = 0; E[i] = 0; }
    int best = 0, bi = 0, bj = 0;
    for (int j = 1; j <= tlen; ++j) {
        int tc = t[j - 1] & 31;
        int diag = 0, F = 0, h_up = 0;
        for (int i = 1; i <= qlen; ++i) {
            int e = max(E[i] - gap_ext, H[i] - gap_open);
            F = max(F - gap_ext, h_up - gap_open);
            int h = diag + s_sub[(q[i - 1] & 31) * 32 + tc];
            h = max(max(h, 0), max(e, F));
            diag = H[i];
            H[i] = (short)h;
            E[i] = (short)e;
            h_up = h;
            if (h > best) { best = h; bi = i; bj = j; }
        }
    }
    score_out[p] = best;
    end_out[p] = make_int2(bi, bj);
}

// Intra-task: one warp aligns one query (<= 32*QPT) against a long target; each lane owns QPT rows,
// values passed between lanes with shuffles along the anti-diagonal.
#define QPT 16
extern "C" __global__ void sw_affine_warp_wavefront(const unsigned char* __restrict__ query, int qlen,
                                                    const unsigned char* __restrict__ targets, const int* __restrict__ toff,
                                                    int ntargets, const signed char* __restrict__ subst,
                                                    int gap_open, int gap_ext, int* __restrict__ scores)
{
    int warp_global = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp_global >= ntargets) return;
    const unsigned char* t = targets + toff[warp_global];
    int tlen = toff[warp_global + 1] - toff[warp_global];
    int qc[QPT];
    int H[QPT], E[QPT];
#pragma unroll
    for (int r = 0; r < QPT; ++r) {
        int qi = lane * QPT + r;
        qc[r] = qi < qlen ? (query[qi] & 31) : -1;
        H[r] = 0; E[r] = 0;
    }
    int best = 0;
    int h_diag_in = 0, f_in = 0;
    // step s: lane l processes target column j = s - l
    for (int s = 0; s < tlen + 31; ++s) {
        int j = s - lane;
        // values from lane-1 (the row above our first row) at previous step
        int up_h = __shfl_up_sync(0xffffffffu, H[QPT - 1], 1);
        int up_f = __shfl_up_sync(0xffffffffu, f_in, 1);
        if (lane == 0) { up_h = 0; up_f = 0; }
        if (j >= 0 && j < tlen) {
            int tc = t[j] & 31;
            int diag = h_diag_in;
            int hup = up_h, F = up_f;
            h_diag_in = up_h;
#pragma unroll
            for (int r = 0; r < QPT; ++r) {
                int e = max(E[r] - gap_ext, H[r] - gap_open);
                F = max(F - gap_ext, hup - gap_open);
                int sc = qc[r] >= 0 ? (int)__ldg(&subst[qc[r] * 32 + tc]) : -1000;
                int h = max(max(diag + sc, 0), max(e, F));
                diag = H[r];
                H[r] = h; E[r] = e;
                hup = h;
                best = max(best, h);
            }
            f_in = F;
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) best = max(best, __shfl_xor_sync(0xffffffffu, best, o));
    if (lane == 0) scores[warp_global] = best;
}

// Banded Needleman-Wunsch (global, linear gaps) with traceback bits stored in global memory.
extern "C" __global__ void nw_banded_traceback(const unsigned char* __restrict__ a, const int* __restrict__ aoff,
                                               const unsigned char* __restrict__ b, const int* __restrict__ boff,
                                               int npairs, int band, int match, int mismatch, int gap,
                                               unsigned char* __restrict__ tb, long tb_stride,
                                               int* __restrict__ score_out, int* __restrict__ cigar_len)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npairs) return;
    const unsigned char* A = a + aoff[p];
    const unsigned char* B = b + boff[p];
    int la = aoff[p + 1] - aoff[p], lb = boff[p + 1] - boff[p];
    const int W = 2 * 32 + 1;
    int prev[W], cur[W];
    int bw = min(band, 32);
    unsigned char* T = tb + p * tb_stride;
    for (int k = 0; k < W; ++k) prev[k] = -1000000;
    for (int k = 0; k <= bw && k <= lb; ++k) prev[32 + k] = -gap * k;
    for (int i = 1; i <= la; ++i) {
        for (int k = 0; k < W; ++k) cur[k] = -1000000;
        for (int d = -bw; d <= bw; ++d) {
            int j = i + d;
            if (j < 0 || j > lb) continue;
            int kk = 32 + d;
            if (j == 0) { cur[kk] = -gap * i; continue; }
            int sdiag = prev[kk] + (A[i - 1] == B[j - 1] ? match : -mismatch);
            int sup = (kk + 1 < W) ? prev[kk + 1] - gap : -1000000;
            int sleft = (kk - 1 >= 0) ? cur[kk - 1] - gap : -1000000;
            int s = sdiag; unsigned char dir = 0;
            if (sup > s) { s = sup; dir = 1; }
            if (sleft > s) { s = sleft; dir = 2; }
            cur[kk] = s;
            T[(long)i * W + kk] = dir;
        }
        for (int k = 0; k < W; ++k) prev[k] = cur[k];
    }
    int dend = lb - la;
    score_out[p] = (dend >= -bw && dend <= bw) ? prev[32 + dend] : -1000000;
    // traceback length
    int i = la, j = lb, steps = 0;
    while (i > 0 && j > 0 && steps < la + lb) {
        int kk = 32 + (j - i);
        if (kk < 0 || kk >= W) break;
        unsigned char dir = T[(long)i * W + kk];
        if (dir == 0) { --i; --j; } else if (dir == 1) { --i; } else { --j; }
        ++steps;
    }
    cigar_len[p] = steps + i + j;
}
