// Single-pass prefix scan with decoupled look-back (Merrill & Garland style).
#define FLAG_X 0u   // not available
#define FLAG_A 1u   // aggregate available
#define FLAG_P 2u   // inclusive prefix available

struct TileDesc { unsigned int status; unsigned int pad; unsigned long long value; };

__device__ __forceinline__ unsigned long long packState(unsigned int flag, unsigned int val)
{
    return ((unsigned long long)flag << 32) | val;
}

extern "C" __global__ void scan_decoupled_lookback(const unsigned int *in, unsigned int *out,
                                                   unsigned long long *tileState,
                                                   unsigned int *tileCounter, int n)
{
    const int ITEMS = 4;
    __shared__ unsigned int sTile;
    __shared__ unsigned int sWarp[32];
    __shared__ unsigned int sExclusive;
    if (threadIdx.x == 0) sTile = atomicAdd(tileCounter, 1u);
    __syncthreads();
    const unsigned int tile = sTile;
    const int tileItems = blockDim.x * ITEMS;
    int base = tile * tileItems + threadIdx.x * ITEMS;
    unsigned int v[ITEMS];
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) v[k] = (base + k < n) ? in[base + k] : 0u;
#pragma unroll
    for (int k = 1; k < ITEMS; ++k) v[k] += v[k - 1];
    unsigned int tsum = v[ITEMS - 1];
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    unsigned int s = tsum;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        unsigned int t = __shfl_up_sync(0xffffffffu, s, o);
        if (lane >= o) s += t;
    }
    if (lane == 31) sWarp[wid] = s;
    __syncthreads();
    if (wid == 0) {
        unsigned int w = (lane < (blockDim.x >> 5)) ? sWarp[lane] : 0u;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            unsigned int t = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += t;
        }
        sWarp[lane] = w;
        unsigned int aggregate = __shfl_sync(0xffffffffu, w, 31);
        // publish aggregate, then look back
        if (lane == 0) {
            if (tile == 0) {
                atomicExch(&tileState[0], packState(FLAG_P, aggregate));
                sExclusive = 0;
            } else {
                atomicExch(&tileState[tile], packState(FLAG_A, aggregate));
            }
        }
        if (tile > 0) {
            unsigned int exclusive = 0;
            int pred = (int)tile - 1;
            while (true) {
                int idx = pred - lane;
                unsigned long long st = 0;
                unsigned int flag;
                do {
                    st = (idx >= 0) ? atomicAdd(&tileState[idx], 0ull) : packState(FLAG_P, 0u);
                    flag = (unsigned int)(st >> 32);
                } while (__any_sync(0xffffffffu, flag == FLAG_X));
                unsigned int val = (unsigned int)st;
                unsigned int pmask = __ballot_sync(0xffffffffu, flag == FLAG_P);
                int firstP = pmask ? (__ffs(pmask) - 1) : 32;
                unsigned int contrib = (lane <= firstP) ? val : 0u;
#pragma unroll
                for (int o = 16; o > 0; o >>= 1)
                    contrib += __shfl_xor_sync(0xffffffffu, contrib, o);
                exclusive += contrib;
                if (pmask) break;
                pred -= 32;
            }
            if (lane == 0) {
                atomicExch(&tileState[tile], packState(FLAG_P, exclusive + aggregate));
                sExclusive = exclusive;
            }
        }
    }
    __syncthreads();
    unsigned int prefix = sExclusive + (wid > 0 ? sWarp[wid - 1] : 0u) + s - tsum;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k)
        if (base + k < n) out[base + k] = prefix + v[k];
}

extern "C" __global__ void scan_lookback_init(unsigned long long *tileState, unsigned int *tileCounter, int numTiles)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < numTiles) tileState[i] = 0ull;
    if (i == 0) *tileCounter = 0u;
}
