// Needleman-Wunsch global alignment score (linear gap), anti-diagonal wavefront, one pair per
// block. Thread t owns DP row r = t+1; at wavefront step d it computes H[r][d-r]. Only two
// anti-diagonals are kept in dynamic shared memory (buffer d&1 receives diagonal d).
// Assumed launch: 1-D, any blockDim.x <= 1024, gridDim.x == npairs,
// dynamic shared memory = 2*(blockDim.x+1)*sizeof(int). Pairs with m > blockDim.x are skipped.

static __device__ __forceinline__ int nw_max3(int a, int b, int c) { return max(a, max(b, c)); }

extern "C" __global__ void __launch_bounds__(1024)
nw_wavefront_race(const char* __restrict__ qa, const int* __restrict__ q_off, const int* __restrict__ q_len,
                  const char* __restrict__ tb, const int* __restrict__ t_off, const int* __restrict__ t_len,
                  int match, int mismatch, int gap, int* __restrict__ score)
{
    extern __shared__ int nw_smem[];
    const int p = blockIdx.x;
    const int m = q_len[p], n = t_len[p];
    if (m > (int)blockDim.x) return;
    if (m == 0 || n == 0) { if (threadIdx.x == 0) score[p] = (m + n) * gap; return; }

    const int W = blockDim.x + 1;
    int* D0 = nw_smem;
    int* D1 = nw_smem + W;
    const int r = threadIdx.x + 1;
    const char ca = (r <= m) ? qa[q_off[p] + r - 1] : 0;
    const char* b = tb + t_off[p];

    for (int d = 2; d <= m + n; ++d) {
        int* cur = (d & 1) ? D1 : D0;
        int* prv = (d & 1) ? D0 : D1;     // diagonal d-1
        const int c = d - r;
        if (r <= m && c >= 1 && c <= n) {
            const int up   = (r == 1) ? c * gap : prv[r - 1];            // H[r-1][c]
            const int left = (c == 1) ? r * gap : prv[r];                // H[r][c-1]
            const int dg   = (r == 1) ? (c - 1) * gap
                           : (c == 1) ? (r - 1) * gap : cur[r - 1];
            const int sub = (ca == b[c - 1]) ? match : mismatch;
            const int h = nw_max3(dg + sub, up + gap, left + gap);
            cur[r] = h;
            if (r == m && c == n) score[p] = h;
        }
        __syncthreads();
    }
}

extern "C" __global__ void __launch_bounds__(1024)
nw_wavefront_ok(const char* __restrict__ qa, const int* __restrict__ q_off, const int* __restrict__ q_len,
                const char* __restrict__ tb, const int* __restrict__ t_off, const int* __restrict__ t_len,
                int match, int mismatch, int gap, int* __restrict__ score)
{
    extern __shared__ int nw_smem[];
    const int p = blockIdx.x;
    const int m = q_len[p], n = t_len[p];
    if (m > (int)blockDim.x) return;
    if (m == 0 || n == 0) { if (threadIdx.x == 0) score[p] = (m + n) * gap; return; }

    const int W = blockDim.x + 1;
    int* D0 = nw_smem;
    int* D1 = nw_smem + W;
    const int r = threadIdx.x + 1;
    const char ca = (r <= m) ? qa[q_off[p] + r - 1] : 0;
    const char* b = tb + t_off[p];
    int prev_up = (r - 1) * gap;

    for (int d = 2; d <= m + n; ++d) {
        int* cur = (d & 1) ? D1 : D0;
        int* prv = (d & 1) ? D0 : D1;
        const int c = d - r;
        if (r <= m && c >= 1 && c <= n) {
            const int up   = (r == 1) ? c * gap : prv[r - 1];
            const int left = (c == 1) ? r * gap : prv[r];
            const int dg   = prev_up;
            prev_up = up;
            const int sub = (ca == b[c - 1]) ? match : mismatch;
            const int h = nw_max3(dg + sub, up + gap, left + gap);
            cur[r] = h;
            if (r == m && c == n) score[p] = h;
        }
        __syncthreads();
    }
}
