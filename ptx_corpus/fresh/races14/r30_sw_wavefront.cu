// r30_sw_wavefront.cu
// Smith-Waterman local-alignment score (linear gap) computed by anti-diagonal
// wavefronts: thread i owns row i of the DP matrix and computes cell
// (i, d - i) on diagonal d.  The left and diagonal neighbours stay in
// registers; the upper neighbour H[i-1][j] comes from thread i-1 through a
// shared row buffer double-buffered by diagonal parity.
//
// race kernel: one 64x64 problem per block      -> blockDim = 64 (2 warps),
//              gridDim = number of problems; q, t are [problems][64] chars.
// ok kernel:   two 32x32 problems per block, one per warp -> blockDim = 64,
//              gridDim = problems / 2; q, t are [problems][32] chars.
// best[problem] receives the best local score.
#define MATCH 2
#define MISMATCH (-1)
#define GAP (-1)
#define FULL_MASK 0xffffffffu

#define L_RACE 64
extern "C" __global__ void __launch_bounds__(L_RACE)
sw_wavefront_race(const char* __restrict__ q, const char* __restrict__ t, int* __restrict__ best)
{
    __shared__ int s_h[2][L_RACE + 1];          // s_h[p][i+1] = latest H of row i; s_h[p][0] = 0
    __shared__ char s_t[L_RACE];
    const int i = threadIdx.x;
    const char* qa = q + (size_t)blockIdx.x * L_RACE;
    const char* ta = t + (size_t)blockIdx.x * L_RACE;

    s_t[i] = ta[i];
    s_h[0][i + 1] = 0;
    s_h[1][i + 1] = 0;
    if (i == 0) { s_h[0][0] = 0; s_h[1][0] = 0; }
    __syncthreads();

    const char qc = qa[i];
    int left = 0, diag = 0, bestv = 0;
    for (int d = 0; d < 2 * L_RACE - 1; ++d) {
        const int j = d - i;
        if (j >= 0 && j < L_RACE) {
            const int up = s_h[(d + 1) & 1][i];  // H[i-1][j], written by thread i-1 on diagonal d-1
            const int h = max(0, max(diag + (qc == s_t[j] ? MATCH : MISMATCH), max(up, left) + GAP));
            s_h[d & 1][i + 1] = h;
            diag = up;
            left = h;
            bestv = max(bestv, h);
        }
        __syncwarp();                            // rows 31 and 32 live in different warps
    }
    bestv = __reduce_max_sync(FULL_MASK, bestv);
    if ((i & 31) == 0) atomicMax(&best[blockIdx.x], bestv);
}

#define L_OK 32
#define PROBS 2
extern "C" __global__ void __launch_bounds__(32 * PROBS)
sw_wavefront_ok(const char* __restrict__ q, const char* __restrict__ t, int* __restrict__ best)
{
    __shared__ int s_h[PROBS][2][L_OK + 1];
    __shared__ char s_t[PROBS][L_OK];
    const int w = threadIdx.x >> 5;              // problem slot = warp
    const int i = threadIdx.x & 31;              // row within the problem
    const int prob = blockIdx.x * PROBS + w;
    const char* qa = q + (size_t)prob * L_OK;
    const char* ta = t + (size_t)prob * L_OK;

    s_t[w][i] = ta[i];
    s_h[w][0][i + 1] = 0;
    s_h[w][1][i + 1] = 0;
    if (i == 0) { s_h[w][0][0] = 0; s_h[w][1][0] = 0; }
    __syncthreads();

    // Each problem lives entirely inside one warp, so a warp barrier per
    // diagonal orders every producer/consumer pair.
    const char qc = qa[i];
    int left = 0, diag = 0, bestv = 0;
    for (int d = 0; d < 2 * L_OK - 1; ++d) {
        const int j = d - i;
        if (j >= 0 && j < L_OK) {
            const int up = s_h[w][(d + 1) & 1][i];
            const int h = max(0, max(diag + (qc == s_t[w][j] ? MATCH : MISMATCH), max(up, left) + GAP));
            s_h[w][d & 1][i + 1] = h;
            diag = up;
            left = h;
            bestv = max(bestv, h);
        }
        __syncwarp();
    }
    bestv = __reduce_max_sync(FULL_MASK, bestv);
    if (i == 0) best[prob] = bestv;
}
