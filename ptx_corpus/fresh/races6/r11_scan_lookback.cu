// r11: single-pass inclusive scan with decoupled look-back (block-local part + look-back done by
// thread 0). Tiles are numbered dynamically through *tile_counter.
// Launch: blockDim = (256,1,1) exactly, grid = ceil(n/256);
//         status[] (one 64-bit word per tile) and *tile_counter zeroed before the launch.
#define BLOCK 256
#define NWARPS (BLOCK / 32)
#define FLAG_A 1ull   // aggregate available
#define FLAG_P 2ull   // inclusive prefix available

__device__ __forceinline__ int warp_incl_scan(int v, int lane)
{
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        const int t = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o) v += t;
    }
    return v;
}

__device__ __forceinline__ int lookback(volatile unsigned long long* status, int tile, int agg)
{
    status[tile] = (FLAG_A << 32) | (unsigned int)agg;
    int excl = 0;
    int j = tile - 1;
    while (true) {
        const unsigned long long st = status[j];
        const unsigned long long flag = st >> 32;
        if (flag == 0ull) continue;                      // predecessor not published yet
        excl += (int)(unsigned int)(st & 0xffffffffull);
        if (flag == FLAG_P) break;
        --j;
    }
    status[tile] = (FLAG_P << 32) | (unsigned int)(excl + agg);
    return excl;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
scan_lookback_race(const int* __restrict__ in, int* __restrict__ out,
                   unsigned long long* status, unsigned int* tile_counter, int n)
{
    __shared__ int s_warp[NWARPS];
    __shared__ int s_tile;
    __shared__ int s_prefix;
    const int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    if (tid == 0) s_tile = (int)atomicAdd(tile_counter, 1u);
    __syncthreads();
    const int tile = s_tile;
    const int g = tile * BLOCK + tid;
    const int x = (g < n) ? in[g] : 0;
    int incl = warp_incl_scan(x, lane);
    if (lane == 31) s_warp[wid] = incl;
    __syncthreads();
    if (wid == 0) {
        int w = (lane < NWARPS) ? s_warp[lane] : 0;
        w = warp_incl_scan(w, lane);
        if (lane < NWARPS) s_warp[lane] = w;
    }
    __syncthreads();
    if (wid > 0) incl += s_warp[wid - 1];               // block-local inclusive prefix
    if (tid == 0) {
        const int agg = s_warp[NWARPS - 1];
        volatile unsigned long long* vs = status;
        if (tile == 0) {
            vs[0] = (FLAG_P << 32) | (unsigned int)agg;
            s_prefix = 0;
        } else {
            s_prefix = lookback(vs, tile, agg);
        }
    }
    if (g < n) out[g] = s_prefix + incl;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
scan_lookback_ok(const int* __restrict__ in, int* __restrict__ out,
                 unsigned long long* status, unsigned int* tile_counter, int n)
{
    __shared__ int s_warp[NWARPS];
    __shared__ int s_tile;
    __shared__ int s_prefix;
    const int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    if (tid == 0) s_tile = (int)atomicAdd(tile_counter, 1u);
    __syncthreads();
    const int tile = s_tile;
    const int g = tile * BLOCK + tid;
    const int x = (g < n) ? in[g] : 0;
    int incl = warp_incl_scan(x, lane);
    if (lane == 31) s_warp[wid] = incl;
    __syncthreads();
    if (wid == 0) {
        int w = (lane < NWARPS) ? s_warp[lane] : 0;
        w = warp_incl_scan(w, lane);
        if (lane < NWARPS) s_warp[lane] = w;
    }
    __syncthreads();
    if (wid > 0) incl += s_warp[wid - 1];               // block-local inclusive prefix
    if (tid == 0) {
        const int agg = s_warp[NWARPS - 1];
        volatile unsigned long long* vs = status;
        if (tile == 0) {
            vs[0] = (FLAG_P << 32) | (unsigned int)agg;
            s_prefix = 0;
        } else {
            s_prefix = lookback(vs, tile, agg);
        }
    }
    __syncthreads();
    if (g < n) out[g] = s_prefix + incl;
}
