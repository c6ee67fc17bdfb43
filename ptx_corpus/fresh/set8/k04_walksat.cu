// Local search for SAT and Sudoku: parallel WalkSAT (one independent walker per thread,
// clause data in global memory), break-count evaluation per warp, and a simulated-annealing
// Sudoku solver with bitmask bookkeeping.
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint32_t xorshift32(uint32_t &s)
{
    s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s;
}

// Clauses in CSR form: literal = +/- (var+1). Assignment bits packed in 32-bit words per walker.
extern "C" __global__ void walksat_walkers(int nvars, int nclauses, const int *__restrict__ cl_ptr,
                                           const int *__restrict__ lits,
                                           const int *__restrict__ occ_ptr, const int *__restrict__ occ_cl,
                                           uint32_t *__restrict__ assign,   // [nwalkers][ceil(nvars/32)]
                                           int *__restrict__ nsat_true,     // [nwalkers][nclauses] scratch
                                           int nwalkers, int maxflips, float noise, uint32_t seed,
                                           int *__restrict__ best_unsat)
{
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= nwalkers) return;
    int words = (nvars + 31) >> 5;
    uint32_t *A = assign + (size_t)w * words;
    int *T = nsat_true + (size_t)w * nclauses;
    uint32_t rng = seed ^ (0x85ebca6bu * (w + 1));
    int unsat = 0;
    for (int c = 0; c < nclauses; ++c) {
        int t = 0;
        for (int j = cl_ptr[c]; j < cl_ptr[c + 1]; ++j) {
            int l = lits[j]; int v = abs(l) - 1;
            int val = (A[v >> 5] >> (v & 31)) & 1;
            t += (l > 0) == (val != 0);
        }
        T[c] = t;
        unsat += (t == 0);
    }
    int best = unsat;
    for (int flip = 0; flip < maxflips && unsat > 0; ++flip) {
        // pick a random unsatisfied clause by reservoir sampling over a random window
        int start = xorshift32(rng) % nclauses;
        int c = -1;
        for (int k = 0; k < nclauses; ++k) {
            int cc = start + k; if (cc >= nclauses) cc -= nclauses;
            if (T[cc] == 0) { c = cc; break; }
        }
        if (c < 0) break;
        int beg = cl_ptr[c], len = cl_ptr[c + 1] - beg;
        int pickVar;
        if ((xorshift32(rng) & 0xffffff) < (uint32_t)(noise * 16777216.f)) {
            pickVar = abs(lits[beg + xorshift32(rng) % len]) - 1;
        } else {
            int bestBreak = 1 << 30; pickVar = abs(lits[beg]) - 1;
            for (int j = 0; j < len; ++j) {
                int v = abs(lits[beg + j]) - 1;
                int val = (A[v >> 5] >> (v & 31)) & 1;
                int brk = 0;
                for (int o = occ_ptr[v]; o < occ_ptr[v + 1]; ++o) {
                    int oc = occ_cl[o];
                    int sgnlit = oc < 0; oc = oc < 0 ? -oc - 1 : oc;
                    // literal currently true in clause oc, and it is the only true literal
                    int litTrue = sgnlit ? !val : val;
                    brk += (litTrue && T[oc] == 1);
                }
                if (brk < bestBreak) { bestBreak = brk; pickVar = v; if (brk == 0) break; }
            }
        }
        int v = pickVar;
        uint32_t mask = 1u << (v & 31);
        int oldv = (A[v >> 5] & mask) != 0;
        A[v >> 5] ^= mask;
        for (int o = occ_ptr[v]; o < occ_ptr[v + 1]; ++o) {
            int oc = occ_cl[o];
            int neg = oc < 0; oc = neg ? -oc - 1 : oc;
            int wasTrue = neg ? !oldv : oldv;
            int before = T[oc];
            int after = before + (wasTrue ? -1 : 1);
            T[oc] = after;
            unsat += (after == 0) - (before == 0);
        }
        best = min(best, unsat);
    }
    best_unsat[w] = best;
}

// Break/make scores for every variable of one walker, one warp per variable.
extern "C" __global__ void walksat_scores(int nvars, const int *__restrict__ occ_ptr, const int *__restrict__ occ_cl,
                                          const uint32_t *__restrict__ A, const int *__restrict__ T,
                                          int2 *__restrict__ makebreak)
{
    int v = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (v >= nvars) return;
    int val = (A[v >> 5] >> (v & 31)) & 1;
    int mk = 0, bk = 0;
    for (int o = occ_ptr[v] + lane; o < occ_ptr[v + 1]; o += 32) {
        int oc = occ_cl[o];
        int neg = oc < 0; oc = neg ? -oc - 1 : oc;
        int litTrue = neg ? !val : val;
        int t = T[oc];
        mk += (!litTrue && t == 0);
        bk += (litTrue && t == 1);
    }
#pragma unroll
    for (int s = 16; s > 0; s >>= 1) {
        mk += __shfl_xor_sync(0xffffffffu, mk, s);
        bk += __shfl_xor_sync(0xffffffffu, bk, s);
    }
    if (lane == 0) makebreak[v] = make_int2(mk, bk);
}

// Simulated annealing Sudoku: each thread owns one 9x9 board where every 3x3 box already
// holds a permutation of 1..9; moves swap two non-fixed cells inside a box.
__device__ __forceinline__ int dup_count9(const uint8_t *g, int idx0, int stride)
{
    unsigned seen = 0; int dups = 0;
#pragma unroll
    for (int k = 0; k < 9; ++k) {
        unsigned b = 1u << g[idx0 + k * stride];
        dups += (seen & b) != 0;
        seen |= b;
    }
    return dups;
}

extern "C" __global__ void __launch_bounds__(64)
sudoku_anneal(uint8_t *__restrict__ boards, const uint8_t *__restrict__ fixedmask, int nboards,
              int iters, float T0, float alpha, uint32_t seed, int *__restrict__ final_cost)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nboards) return;
    uint8_t g[81];
    uint8_t fx[81];
    for (int i = 0; i < 81; ++i) { g[i] = boards[b * 81 + i]; fx[i] = fixedmask[b * 81 + i]; }
    int rowc[9], colc[9];
    int cost = 0;
    for (int r = 0; r < 9; ++r) { rowc[r] = dup_count9(g, r * 9, 1); cost += rowc[r]; }
    for (int c = 0; c < 9; ++c) { colc[c] = dup_count9(g, c, 9); cost += colc[c]; }
    uint32_t rng = seed + 7919u * b;
    float T = T0;
    for (int it = 0; it < iters && cost > 0; ++it) {
        int box = xorshift32(rng) % 9;
        int br = (box / 3) * 3, bc = (box % 3) * 3;
        int a = xorshift32(rng) % 9, c2 = xorshift32(rng) % 9;
        int i1 = (br + a / 3) * 9 + bc + a % 3;
        int i2 = (br + c2 / 3) * 9 + bc + c2 % 3;
        if (i1 == i2 || fx[i1] || fx[i2]) continue;
        int r1 = i1 / 9, k1 = i1 % 9, r2 = i2 / 9, k2 = i2 % 9;
        int old = rowc[r1] + colc[k1] + (r2 != r1 ? rowc[r2] : 0) + (k2 != k1 ? colc[k2] : 0);
        uint8_t t = g[i1]; g[i1] = g[i2]; g[i2] = t;
        int nr1 = dup_count9(g, r1 * 9, 1), nc1 = dup_count9(g, k1, 9);
        int nr2 = r2 != r1 ? dup_count9(g, r2 * 9, 1) : 0;
        int nc2 = k2 != k1 ? dup_count9(g, k2, 9) : 0;
        int nw = nr1 + nc1 + nr2 + nc2;
        int delta = nw - old;
        float u = (xorshift32(rng) >> 8) * (1.f / 16777216.f);
        if (delta <= 0 || u < __expf(-delta / T)) {
            rowc[r1] = nr1; colc[k1] = nc1;
            if (r2 != r1) rowc[r2] = nr2;
            if (k2 != k1) colc[k2] = nc2;
            cost += delta;
        } else {
            t = g[i1]; g[i1] = g[i2]; g[i2] = t;
        }
        T *= alpha;
        if (T < 0.05f) T = T0;   // reheating
    }
    for (int i = 0; i < 81; ++i) boards[b * 81 + i] = g[i];
    final_cost[b] = cost;
}
