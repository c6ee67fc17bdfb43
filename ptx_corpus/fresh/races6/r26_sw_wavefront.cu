// r26: Smith-Waterman local alignment score (linear gap), anti-diagonal wavefront inside a block:
// thread j owns query column j and at step s computes cell (i = s - j, j); H[i][j-1] comes from
// thread j-1 through shared memory, H[i-1][j] and H[i-1][j-1] are kept in registers.
// One block per database sequence (all of length dblen).
// Launch: blockDim.x = query length <= 128 (typ. 128), grid = number of database sequences.
#define MAXQ 128

extern "C" __global__ void __launch_bounds__(MAXQ)
sw_wavefront_race(const char* __restrict__ query, const char* __restrict__ db, int dblen,
                  int* __restrict__ best)
{
    __shared__ int s_h[MAXQ];               // H value produced by each column in the last step
    const int j = threadIdx.x;
    const int m = blockDim.x;
    const char* seq = db + (size_t)blockIdx.x * dblen;
    const char qc = query[j];
    int up = 0, diag = 0, hmax = 0;
    s_h[j] = 0;
    __syncthreads();
    for (int s = 0; s < dblen + m - 1; ++s) {
        const int i = s - j;
        const bool active = (i >= 0) && (i < dblen);
        if (active) {
            const int left = (j > 0) ? s_h[j - 1] : 0;            // H[i][j-1]
            const int sub = (seq[i] == qc) ? 2 : -1;
            const int h = max(0, max(diag + sub, max(up - 1, left - 1)));
            s_h[j] = h;                                            // H[i][j]
            up = h;
            diag = left;
            hmax = max(hmax, h);
        }
        __syncthreads();
    }
    atomicMax(&best[blockIdx.x], hmax);
}

extern "C" __global__ void __launch_bounds__(MAXQ)
sw_wavefront_ok(const char* __restrict__ query, const char* __restrict__ db, int dblen,
                int* __restrict__ best)
{
    __shared__ int s_h[2][MAXQ];            // double-buffered by step parity
    const int j = threadIdx.x;
    const int m = blockDim.x;
    const char* seq = db + (size_t)blockIdx.x * dblen;
    const char qc = query[j];
    int up = 0, diag = 0, hmax = 0;
    s_h[0][j] = 0;
    s_h[1][j] = 0;
    __syncthreads();
    for (int s = 0; s < dblen + m - 1; ++s) {
        const int i = s - j;
        const bool active = (i >= 0) && (i < dblen);
        if (active) {
            const int left = (j > 0) ? s_h[(s + 1) & 1][j - 1] : 0;  // H[i][j-1] from step s-1
            const int sub = (seq[i] == qc) ? 2 : -1;
            const int h = max(0, max(diag + sub, max(up - 1, left - 1)));
            s_h[s & 1][j] = h;                                       // H[i][j]
            up = h;
            diag = left;
            hmax = max(hmax, h);
        }
        __syncthreads();
    }
    atomicMax(&best[blockIdx.x], hmax);
}
