// r22_nw_align.cu
//
// Needleman-Wunsch global alignment scores for a batch of read/reference
// window pairs of length L = 128 (bioinformatics). One block per pair;
// thread t owns DP row i = t+1 and the block sweeps the anti-diagonals
// k = i + j = 2 .. 2L. Only the live anti-diagonals are kept in shared
// memory (indexed by row i), rotated between buffers each step with one
// __syncthreads() per diagonal:
//   H(i,j) = max(H(i-1,j-1) + S(q_i, r_j), H(i-1,j) + gap, H(i,j-1) + gap)
// where H(i-1,j-1) lives on diagonal k-2 and H(i-1,j), H(i,j-1) on k-1.
//
// Launch configuration:
//   blockDim = (128,1,1)   (4 warps, must equal L)
//   gridDim  = (npairs,1,1), npairs = 65536
//   subst: 4x4 int matrix, gap < 0, static shared memory only.

#define L 128

extern "C" __global__ void __launch_bounds__(L)
nw_align_race(const unsigned char* __restrict__ qs, const unsigned char* __restrict__ rs,
              const int* __restrict__ subst, int gap, int* __restrict__ scores)
{
    __shared__ int s_diag[2][L + 1];
    __shared__ unsigned char s_q[L], s_r[L];
    __shared__ int s_sub[16];
    const int t = threadIdx.x;
    const size_t pair = blockIdx.x;

    s_q[t] = qs[pair * L + t];
    s_r[t] = rs[pair * L + t];
    if (t < 16) s_sub[t] = subst[t];
    if (t == 0) { s_diag[0][0] = 0; s_diag[1][0] = gap; s_diag[1][1] = gap; }
    __syncthreads();

    const int i = t + 1;
    int h = 0;
    for (int k = 2; k <= 2 * L; ++k) {
        const int cur = k & 1, prv = (k - 1) & 1, pp = (k - 2) & 1;
        const int j = k - i;
        if (j >= 1 && j <= L) {
            const int d  = s_diag[pp][i - 1] + s_sub[(s_q[i - 1] & 3) * 4 + (s_r[j - 1] & 3)];
            const int up = s_diag[prv][i - 1] + gap;
            const int lf = s_diag[prv][i] + gap;
            h = max(d, max(up, lf));
            s_diag[cur][i] = h;
        } else if (j == 0) {
            s_diag[cur][i] = k * gap;               // H(k, 0)
        }
        if (t == 0 && k <= L) s_diag[cur][0] = k * gap;   // H(0, k)
        __syncthreads();
    }
    if (i == L) scores[pair] = h;
}

extern "C" __global__ void __launch_bounds__(L)
nw_align_ok(const unsigned char* __restrict__ qs, const unsigned char* __restrict__ rs,
            const int* __restrict__ subst, int gap, int* __restrict__ scores)
{
    __shared__ int s_diag[3][L + 1];
    __shared__ unsigned char s_q[L], s_r[L];
    __shared__ int s_sub[16];
    const int t = threadIdx.x;
    const size_t pair = blockIdx.x;

    s_q[t] = qs[pair * L + t];
    s_r[t] = rs[pair * L + t];
    if (t < 16) s_sub[t] = subst[t];
    if (t == 0) { s_diag[0][0] = 0; s_diag[1][0] = gap; s_diag[1][1] = gap; }
    __syncthreads();

    const int i = t + 1;
    int h = 0;
    for (int k = 2; k <= 2 * L; ++k) {
        const int cur = k % 3, prv = (k - 1) % 3, pp = (k - 2) % 3;
        const int j = k - i;
        if (j >= 1 && j <= L) {
            const int d  = s_diag[pp][i - 1] + s_sub[(s_q[i - 1] & 3) * 4 + (s_r[j - 1] & 3)];
            const int up = s_diag[prv][i - 1] + gap;
            const int lf = s_diag[prv][i] + gap;
            h = max(d, max(up, lf));
            s_diag[cur][i] = h;
        } else if (j == 0) {
            s_diag[cur][i] = k * gap;               // H(k, 0)
        }
        if (t == 0 && k <= L) s_diag[cur][0] = k * gap;   // H(0, k)
        __syncthreads();
    }
    if (i == L) scores[pair] = h;
}
