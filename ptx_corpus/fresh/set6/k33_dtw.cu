// Dynamic time warping for time-series similarity search:
//  * exact DTW of one (query, candidate) pair per block, anti-diagonal
//    wavefront over three rotating diagonals in shared memory
//  * LB_Keogh lower bound with early abandoning (one candidate per thread)
//  * Sakoe-Chiba banded soft-DTW per thread with a rolling row in local memory
#include <stdint.h>

#define DTW_MAX_LEN 1024

extern "C" __global__ void dtw_wavefront(const float* __restrict__ queries,     // [num_pairs, n]
                                         const float* __restrict__ candidates,  // [num_pairs, m]
                                         int n, int m,
                                         float* __restrict__ dist_out)
{
    __shared__ float s_q[DTW_MAX_LEN], s_c[DTW_MAX_LEN];
    __shared__ float s_diag[3][DTW_MAX_LEN + 1];
    int pair = blockIdx.x;
    const float* q = queries + (long long)pair * n;
    const float* c = candidates + (long long)pair * m;
    for (int i = threadIdx.x; i < n; i += blockDim.x) s_q[i] = q[i];
    for (int j = threadIdx.x; j < m; j += blockDim.x) s_c[j] = c[j];
    for (int i = threadIdx.x; i <= DTW_MAX_LEN; i += blockDim.x) {
        s_diag[0][i] = INFINITY; s_diag[1][i] = INFINITY; s_diag[2][i] = INFINITY;
    }
    __syncthreads();
    // diagonal d contains cells (i, j) with i + j = d, indexed by i.
    // D(i,j) = cost(i,j) + min(D(i-1,j), D(i,j-1), D(i-1,j-1))
    int cur = 0, prev1 = 2, prev2 = 1;
    for (int d = 0; d < n + m - 1; ++d) {
        int ilo = max(0, d - m + 1), ihi = min(d, n - 1);
        for (int i = ilo + threadIdx.x; i <= ihi; i += blockDim.x) {
            int j = d - i;
            float diff = s_q[i] - s_c[j];
            float cost = diff * diff;
            float best;
            if (i == 0 && j == 0) best = 0.f;
            else {
                float up = (i > 0) ? s_diag[prev1][i - 1] : INFINITY;      // (i-1, j)
                float left = (j > 0) ? s_diag[prev1][i] : INFINITY;        // (i, j-1)
                float dg = (i > 0 && j > 0) ? s_diag[prev2][i - 1] : INFINITY;
                best = fminf(up, fminf(left, dg));
            }
            s_diag[cur][i] = cost + best;
        }
        __syncthreads();
        // invalidate entries outside the next diagonal's range of the buffer
        // we are about to overwrite (prev2 becomes cur)
        int tmp = prev2; prev2 = prev1; prev1 = cur; cur = tmp;
        for (int i = threadIdx.x; i <= DTW_MAX_LEN; i += blockDim.x) s_diag[cur][i] = INFINITY;
        __syncthreads();
    }
    if (threadIdx.x == 0) dist_out[pair] = sqrtf(s_diag[prev1][n - 1]);
}

// LB_Keogh(Q, C) = sum over i of squared distance of C_i to the envelope
// [L_i, U_i] of the query. Query envelope in constant-cache-friendly global
// memory shared by all threads; early abandon against the best-so-far.
extern "C" __global__ void lb_keogh_prune(const float* __restrict__ series,      // long series
                                          long long series_len,
                                          const float* __restrict__ upper,
                                          const float* __restrict__ lower,
                                          const int* __restrict__ order,         // query indices by |q| descending
                                          int qlen,
                                          const float* __restrict__ best_so_far,
                                          float* __restrict__ lb_out,
                                          int* __restrict__ survivors,
                                          int* __restrict__ num_survivors)
{
    long long start = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (start + qlen > series_len) return;
    const float* c = series + start;
    // z-normalise the candidate on the fly
    float s = 0.f, ss = 0.f;
    for (int i = 0; i < qlen; ++i) { float v = c[i]; s += v; ss += v * v; }
    float mean = s / qlen;
    float sd = sqrtf(fmaxf(ss / qlen - mean * mean, 1e-12f));
    float inv_sd = 1.f / sd;
    float bsf = *best_so_far;
    float bsf2 = bsf * bsf;
    float lb = 0.f;
    for (int k = 0; k < qlen && lb < bsf2; ++k) {
        int i = order[k];
        float x = (c[i] - mean) * inv_sd;
        float u = upper[i], l = lower[i];
        float d = x > u ? x - u : (x < l ? l - x : 0.f);
        lb += d * d;
    }
    lb_out[start] = lb;
    if (lb < bsf2) {
        int slot = atomicAdd(num_survivors, 1);
        survivors[slot] = (int)start;
    }
}

#define SDTW_MAX_BAND 64
__device__ __forceinline__ float sdtw_softmin3(float a, float b, float c, float gamma)
{
    float m = fminf(a, fminf(b, c));
    if (m == INFINITY) return INFINITY;
    float ig = 1.f / gamma;
    float s = __expf(-(a - m) * ig) + __expf(-(b - m) * ig) + __expf(-(c - m) * ig);
    return m - gamma * __logf(s);
}

// Banded soft-DTW (Cuturi & Blondel) with Sakoe-Chiba radius `band`.
// Each thread processes one pair; rows are kept as two rolling arrays of
// size 2*band+1 indexed by (j - i + band), which stay in local memory.
extern "C" __global__ void softdtw_banded(const float* __restrict__ X,   // [num_pairs, n, dim]
                                          const float* __restrict__ Y,
                                          int num_pairs, int n, int dim, int band,
                                          float gamma,
                                          float* __restrict__ out)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= num_pairs) return;
    band = min(band, SDTW_MAX_BAND);
    const int W = 2 * band + 1;
    float prev[2 * SDTW_MAX_BAND + 1], cur[2 * SDTW_MAX_BAND + 1];
    for (int k = 0; k < W; ++k) prev[k] = INFINITY;
    const float* x = X + (long long)p * n * dim;
    const float* y = Y + (long long)p * n * dim;
    for (int i = 0; i < n; ++i) {
        for (int k = 0; k < W; ++k) {
            int j = i + k - band;
            if (j < 0 || j >= n) { cur[k] = INFINITY; continue; }
            float cost = 0.f;
            for (int t = 0; t < dim; ++t) {
                float d = x[i * dim + t] - y[j * dim + t];
                cost += d * d;
            }
            float r;
            if (i == 0 && j == 0) r = 0.f;
            else {
                float up = (k + 1 < W) ? prev[k + 1] : INFINITY;   // (i-1, j)
                float diag = prev[k];                               // (i-1, j-1)
                float left = (k > 0) ? cur[k - 1] : INFINITY;       // (i, j-1)
                if (i == 0) { up = INFINITY; diag = INFINITY; }
                r = sdtw_softmin3(up, diag, left, gamma);
            }
            cur[k] = cost + r;
        }
        for (int k = 0; k < W; ++k) prev[k] = cur[k];
    }
    out[p] = prev[band];
}
