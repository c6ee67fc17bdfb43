// arch: sm_80
// Launch: blockDim = (128,1,1), gridDim = (npairs,1,1). Block p aligns
//         a[p*128 .. +128) against b[p*128 .. +128) (Needleman-Wunsch global alignment,
//         linear gap penalty) and writes the optimal score to score[p].
//         Anti-diagonal wavefront: thread i owns row i of the DP matrix and computes
//         cell (i, d-i) at step d; only the most recent anti-diagonals are kept in a
//         small rotating shared buffer (one barrier per anti-diagonal).

#define WF_N 128
#define WF_M 128

extern "C" __global__ void
nw_wavefront_race(const char* __restrict__ a, const char* __restrict__ b,
                  int* __restrict__ score, int match, int mismatch, int gap)
{
    __shared__ int  diag[2][WF_N];
    __shared__ char sb[WF_M];
    const int i = threadIdx.x;
    const char ai = a[(size_t)blockIdx.x * WF_N + i];
    sb[i] = b[(size_t)blockIdx.x * WF_M + i];
    __syncthreads();

    for (int d = 0; d < WF_N + WF_M - 1; ++d) {
        const int j = d - i;
        if (j >= 0 && j < WF_M) {
            const int cur = d & 1, p1 = (d - 1) & 1, p2 = (d - 2) & 1;
            const int up   = (i > 0) ? diag[p1][i - 1] : -(j + 1) * gap;     // H(i-1, j)
            const int left = (j > 0) ? diag[p1][i]     : -(i + 1) * gap;     // H(i, j-1)
            const int dg   = (i > 0 && j > 0) ? diag[p2][i - 1]              // H(i-1, j-1)
                                              : (i == 0 ? -j * gap : -i * gap);
            const int h = max(dg + (ai == sb[j] ? match : mismatch), max(up, left) - gap);
            diag[cur][i] = h;
            if (i == WF_N - 1 && j == WF_M - 1) score[blockIdx.x] = h;
        }
        __syncthreads();
    }
}

extern "C" __global__ void
nw_wavefront_ok(const char* __restrict__ a, const char* __restrict__ b,
                int* __restrict__ score, int match, int mismatch, int gap)
{
    __shared__ int  diag[3][WF_N];
    __shared__ char sb[WF_M];
    const int i = threadIdx.x;
    const char ai = a[(size_t)blockIdx.x * WF_N + i];
    sb[i] = b[(size_t)blockIdx.x * WF_M + i];
    __syncthreads();

    for (int d = 0; d < WF_N + WF_M - 1; ++d) {
        const int j = d - i;
        if (j >= 0 && j < WF_M) {
            const int cur = d % 3, p1 = (d + 2) % 3, p2 = (d + 1) % 3;
            const int up   = (i > 0) ? diag[p1][i - 1] : -(j + 1) * gap;     // H(i-1, j)
            const int left = (j > 0) ? diag[p1][i]     : -(i + 1) * gap;     // H(i, j-1)
            const int dg   = (i > 0 && j > 0) ? diag[p2][i - 1]              // H(i-1, j-1)
                                              : (i == 0 ? -j * gap : -i * gap);
            const int h = max(dg + (ai == sb[j] ? match : mismatch), max(up, left) - gap);
            diag[cur][i] = h;
            if (i == WF_N - 1 && j == WF_M - 1) score[blockIdx.x] = h;
        }
        __syncthreads();
    }
}
