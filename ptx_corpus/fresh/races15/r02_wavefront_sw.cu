// arch: sm_80
// r02_wavefront_sw.cu
// Smith-Waterman local-alignment score on 64x64 tiles, anti-diagonal
// wavefront.  Thread i owns row i of the tile; at wavefront step d it
// computes cell (i, j = d - i).  Only the last few anti-diagonals are kept
// in a shared ring H[RING][64] indexed by row (slot = diagonal % RING).
// Cell (i,j) needs H(i-1,j-1) (diagonal d-2), H(i-1,j) and H(i,j-1)
// (diagonal d-1).
//
// Launch (both kernels): blockDim = (64,1,1), gridDim = (npairs,1,1),
//   e.g. npairs = 2048; qa/qb hold npairs*64 residues; best has npairs*64 ints.
//   No dynamic shared memory.

#define R02_N        64
#define R02_MATCH     3
#define R02_MISMATCH -3
#define R02_GAP       2

template <int RING>
__device__ __forceinline__ void sw_tile(const char* __restrict__ qa,
                                        const char* __restrict__ qb,
                                        int* __restrict__ best_out,
                                        int (*H)[R02_N])
{
    const int i = threadIdx.x;
    const char ai = qa[blockIdx.x * R02_N + i];
    int best = 0;

    for (int d = 0; d < 2 * R02_N - 1; ++d) {
        const int j = d - i;
        if (j >= 0 && j < R02_N) {
            const char bj = qb[blockIdx.x * R02_N + j];
            const int dg   = (i > 0 && j > 0) ? H[(d - 2) % RING][i - 1] : 0;
            const int up   = (i > 0)          ? H[(d - 1) % RING][i - 1] : 0;
            const int left = (j > 0)          ? H[(d - 1) % RING][i]     : 0;
            int h = dg + (ai == bj ? R02_MATCH : R02_MISMATCH);
            h = max(h, up - R02_GAP);
            h = max(h, left - R02_GAP);
            h = max(h, 0);
            H[d % RING][i] = h;
            best = max(best, h);
        }
        __syncthreads();
    }
    best_out[blockIdx.x * R02_N + i] = best;
}

extern "C" __global__ void __launch_bounds__(R02_N)
sw_wavefront_race(const char* __restrict__ qa, const char* __restrict__ qb,
                  int* __restrict__ best_out)
{
    __shared__ int H[2][R02_N];          // two rolling anti-diagonals
    sw_tile<2>(qa, qb, best_out, H);
}

extern "C" __global__ void __launch_bounds__(R02_N)
sw_wavefront_ok(const char* __restrict__ qa, const char* __restrict__ qb,
                int* __restrict__ best_out)
{
    __shared__ int H[3][R02_N];          // three rolling anti-diagonals
    sw_tile<3>(qa, qb, best_out, H);
}
