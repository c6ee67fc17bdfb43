// Banded Levenshtein / edit distance for read alignment: per-thread band DP in registers, warp-per-pair anti-diagonal DP, and Hamming prefilter.
#include <cuda_runtime.h>
#include <stdint.h>

#define BAND 8                 // half-width
#define BW (2 * BAND + 1)

// one thread per pair; the band row is a fixed-size local array with static indices (kept in registers)
extern "C" __global__ void
edit_distance_banded(const char* __restrict__ a, const char* __restrict__ b, const int* __restrict__ lenA,
                     const int* __restrict__ lenB, int stride, int nPairs, int* __restrict__ dist)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nPairs) return;
    const char* A = a + (size_t)p * stride;
    const char* B = b + (size_t)p * stride;
    int la = lenA[p], lb = lenB[p];
    if (abs(la - lb) > BAND) { dist[p] = -1; return; }
    const int INF = 1 << 20;
    int row[BW];
    // row 0: D[0][j] = j, band index k corresponds to j = i + k - BAND
#pragma unroll
    for (int k = 0; k < BW; ++k) { int j = k - BAND; row[k] = (j >= 0 && j <= lb) ? j : INF; }
    for (int i = 1; i <= la; ++i) {
        char ca = A[i - 1];
        int nrow[BW];
#pragma unroll
        for (int k = 0; k < BW; ++k) {
            int j = i + k - BAND;
            int v = INF;
            if (j >= 0 && j <= lb) {
                if (j == 0) v = i;
                else {
                    int diag = row[k] + (B[j - 1] != ca);
                    int up = (k + 1 < BW) ? row[k + 1] + 1 : INF;   // D[i-1][j]
                    int left = (k > 0) ? nrow[k - 1] + 1 : INF;      // D[i][j-1]
                    v = min(diag, min(up, left));
                }
            }
            nrow[k] = v;
        }
#pragma unroll
        for (int k = 0; k < BW; ++k) row[k] = nrow[k];
    }
    int res = row[lb - la + BAND];
    dist[p] = res >= INF ? -1 : res;
}

// one warp per pair: anti-diagonal wavefront with 3 rolling diagonals in shared memory (full DP, lengths <= 1024)
extern "C" __global__ void
edit_distance_warp(const char* __restrict__ a, const char* __restrict__ b, const int* __restrict__ lenA,
                   const int* __restrict__ lenB, int stride, int nPairs, int* __restrict__ dist)
{
    extern __shared__ int sm[];
    int warpInBlock = threadIdx.x >> 5, lane = threadIdx.x & 31;
    int p = blockIdx.x * (blockDim.x >> 5) + warpInBlock;
    if (p >= nPairs) return;
    int la = lenA[p], lb = lenB[p];
    int W = 1026;
    int* d0 = sm + warpInBlock * 3 * W;
    int* d1 = d0 + W; int* d2 = d1 + W;
    const char* A = a + (size_t)p * stride; const char* B = b + (size_t)p * stride;
    // diagonal index by i (row). diagonal s contains cells (i, s-i)
    for (int s = 0; s <= la + lb; ++s) {
        int ilo = max(0, s - lb), ihi = min(la, s);
        for (int i = ilo + lane; i <= ihi; i += 32) {
            int j = s - i, v;
            if (i == 0) v = j; else if (j == 0) v = i;
            else {
                int diag = d0[i - 1] + (A[i - 1] != B[j - 1]);
                int up = d1[i - 1] + 1, left = d1[i] + 1;
                v = min(diag, min(up, left));
            }
            d2[i] = v;
        }
        __syncwarp();
        int* t = d0; d0 = d1; d1 = d2; d2 = t;
    }
    if (lane == 0) dist[p] = d1[la];
}

// Hamming-distance prefilter over 2-bit packed DNA (32 bases per uint64)
extern "C" __global__ void
hamming_packed_prefilter(const unsigned long long* __restrict__ q, const unsigned long long* __restrict__ refs,
                         int wordsPerSeq, int nRefs, int maxMismatch, int* __restrict__ passIdx, int* __restrict__ passCount)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nRefs) return;
    int mm = 0;
    for (int w = 0; w < wordsPerSeq; ++w) {
        unsigned long long x = q[w] ^ refs[(size_t)r * wordsPerSeq + w];
        x = (x | (x >> 1)) & 0x5555555555555555ull;
        mm += __popcll(x);
    }
    if (mm <= maxMismatch) { int pos = atomicAdd(passCount, 1); passIdx[pos] = r; }
}
