// Local sequence alignment (Smith-Waterman) with affine gaps, one pair per thread or per warp.
#include <cuda_runtime.h>
#include <stdint.h>

#define MAX_QUERY 64

__constant__ signed char c_blosum[24 * 24];

// Inter-sequence parallel: each thread aligns query vs one database sequence; DP column in local memory.
extern "C" __global__ void sw_affine_interseq(const uint8_t* __restrict__ query, int qlen,
                                              const uint8_t* __restrict__ db, const int* __restrict__ db_off,
                                              int n_seqs, int gap_open, int gap_ext,
                                              int* __restrict__ best_score)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= n_seqs) return;
    int beg = db_off[s], end = db_off[s + 1];
    short H[MAX_QUERY + 1], E[MAX_QUERY + 1];
    if (qlen > MAX_QUERY) qlen = MAX_QUERY;
    for (int i = 0; i <= qlen; ++i) { H[i] = 0; E[i] = 0; }
    int best = 0;
    for (int j = beg; j < end; ++j) {
        int r = db[j];
        int diag = 0, F = 0, up = 0;
        for (int i = 1; i <= qlen; ++i) {
            int left = H[i];
            int e = max(E[i] - gap_ext, left - gap_open);
            F = max(F - gap_ext, up - gap_open);
            int h = diag + c_blosum[query[i - 1] * 24 + r];
            h = max(max(h, 0), max(e, F));
            diag = left;
            H[i] = (short)h; E[i] = (short)e;
            up = h;
            best = max(best, h);
        }
    }
    best_score[s] = best;
}

// Tile of 8 query rows kept in registers; the database is streamed column by column.
extern "C" __global__ void __launch_bounds__(128, 8)
sw_linear_tile8(const uint8_t* __restrict__ qs, const uint8_t* __restrict__ ts, int len,
                int match, int mismatch, int gap, int* __restrict__ out, int n_pairs)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n_pairs) return;
    const uint8_t* q = qs + (size_t)p * len;
    const uint8_t* t = ts + (size_t)p * len;
    int best = 0;
    for (int i0 = 0; i0 < len; i0 += 8) {
        uint8_t qc[8];
        int Hprev[8], Hcur[8];
#pragma unroll
        for (int k = 0; k < 8; ++k) { qc[k] = (i0 + k < len) ? q[i0 + k] : 255; Hprev[k] = 0; }
        for (int j = 0; j < len; ++j) {
            uint8_t tc = t[j];
            int up = 0, diag = 0;
#pragma unroll
            for (int k = 0; k < 8; ++k) {
                int sc = (qc[k] == tc) ? match : mismatch;
                int h = max(0, max(diag + sc, max(Hprev[k] - gap, up - gap)));
                diag = Hprev[k];
                Hcur[k] = h;
                up = h;
                best = max(best, h);
            }
#pragma unroll
            for (int k = 0; k < 8; ++k) Hprev[k] = Hcur[k];
        }
    }
    out[p] = best;
}

// Anti-diagonal wavefront: one block per pair, shared memory holds three diagonals.
extern "C" __global__ void sw_wavefront_block(const uint8_t* __restrict__ a, const uint8_t* __restrict__ b,
                                              int la, int lb, int match, int mismatch, int gap,
                                              int* __restrict__ out)
{
    extern __shared__ int sm[];
    int* d0 = sm; int* d1 = sm + (la + 1); int* d2 = sm + 2 * (la + 1);
    const uint8_t* A = a + (size_t)blockIdx.x * la;
    const uint8_t* B = b + (size_t)blockIdx.x * lb;
    for (int i = threadIdx.x; i <= la; i += blockDim.x) { d0[i] = 0; d1[i] = 0; d2[i] = 0; }
    __syncthreads();
    int best = 0;
    for (int d = 2; d <= la + lb; ++d) {
        for (int i = threadIdx.x + 1; i <= la; i += blockDim.x) {
            int j = d - i;
            int h = 0;
            if (j >= 1 && j <= lb) {
                int sc = (A[i - 1] == B[j - 1]) ? match : mismatch;
                h = max(0, max(d0[i - 1] + sc, max(d1[i - 1] - gap, d1[i] - gap)));
                best = max(best, h);
            }
            d2[i] = h;
        }
        __syncthreads();
        int* t = d0; d0 = d1; d1 = d2; d2 = t;
    }
    for (int o = 16; o > 0; o >>= 1) best = max(best, __shfl_xor_sync(0xffffffffu, best, o));
    if ((threadIdx.x & 31) == 0) atomicMax(out + blockIdx.x, best);
}
