// Single-pass inclusive prefix sum with decoupled look-back (Merrill & Garland 2016).
// Tiles are claimed dynamically through a global counter, so the look-back spin cannot deadlock.
// Assumed launch: 1-D, blockDim.x == 256, 4 items per thread (tile = 1024 ints),
// gridDim.x == ceil(n / 1024); *tile_counter == 0 and tile_status[] zeroed before launch.

#define DL_THREADS 256
#define DL_ITEMS 4
#define DL_TILE (DL_THREADS * DL_ITEMS)
#define DL_WARPS (DL_THREADS / 32)
#define DL_FULL 0xffffffffu
#define DL_FLAG_INVALID 0ull
#define DL_FLAG_AGG 1ull
#define DL_FLAG_PREFIX 2ull

static __device__ __forceinline__ void dl_publish(unsigned long long* st, unsigned tile,
                                                  unsigned long long flag, int value)
{
    const unsigned long long w = (flag << 32) | (unsigned)value;
    __threadfence();
    atomicExch(st + tile, w);
}

// serial look-back executed by one thread; returns the exclusive prefix of `tile`
static __device__ int dl_lookback(unsigned long long* st, unsigned tile)
{
    int excl = 0;
    int p = (int)tile - 1;
    while (p >= 0) {
        unsigned long long w;
        do {
            w = *((volatile unsigned long long*)(st + p));
        } while ((w >> 32) == DL_FLAG_INVALID);
        excl += (int)(unsigned)(w & 0xffffffffull);
        if ((w >> 32) == DL_FLAG_PREFIX) break;
        --p;
    }
    __threadfence();
    return excl;
}

static __device__ __forceinline__ int dl_warp_incl_scan(int v, unsigned lane)
{
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        const int t = __shfl_up_sync(DL_FULL, v, o);
        if (lane >= (unsigned)o) v += t;
    }
    return v;
}

// warp 0: turn the warp totals into exclusive warp offsets (in place); returns tile total
static __device__ __forceinline__ int dl_warp_offsets(int* s_warp, unsigned lane)
{
    const int w = (lane < DL_WARPS) ? s_warp[lane] : 0;
    const int incl = dl_warp_incl_scan(w, lane);
    if (lane < DL_WARPS) s_warp[lane] = incl - w;
    return __shfl_sync(DL_FULL, incl, 31);
}

extern "C" __global__ void __launch_bounds__(DL_THREADS)
decoupled_lookback_race(const int* __restrict__ in, int* __restrict__ out,
                        unsigned long long* tile_status, unsigned* tile_counter, unsigned n)
{
    if (blockDim.x != DL_THREADS) return;
    __shared__ unsigned s_tile;
    __shared__ int s_warp[DL_WARPS];
    __shared__ int s_excl;
    const unsigned tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;

    if (tid == 0) s_tile = atomicAdd(tile_counter, 1u);
    __syncthreads();
    const unsigned tile = s_tile;

    // blocked arrangement: thread owns DL_ITEMS consecutive items
    const unsigned base = tile * DL_TILE + tid * DL_ITEMS;
    int v[DL_ITEMS];
    int tsum = 0;
#pragma unroll
    for (int k = 0; k < DL_ITEMS; ++k) {
        const unsigned idx = base + k;
        tsum += (idx < n) ? in[idx] : 0;
        v[k] = tsum;
    }
    const int wincl = dl_warp_incl_scan(tsum, lane);
    if (lane == 31) s_warp[wid] = wincl;
    __syncthreads();

    if (tile == 0) {
        if (wid == 0) {
            const int total = dl_warp_offsets(s_warp, lane);
            if (lane == 0) {
                dl_publish(tile_status, 0, DL_FLAG_PREFIX, total);
                s_excl = 0;
            }
        }
    } else {
        if (wid == 0) {
            const int total = dl_warp_offsets(s_warp, lane);
            if (lane == 0) {
                dl_publish(tile_status, tile, DL_FLAG_AGG, total);
                const int excl = dl_lookback(tile_status, tile);
                dl_publish(tile_status, tile, DL_FLAG_PREFIX, excl + total);
                s_excl = excl;
            }
        }
        __syncthreads();
    }

    const int prefix = s_excl + s_warp[wid] + (wincl - tsum);
#pragma unroll
    for (int k = 0; k < DL_ITEMS; ++k) {
        const unsigned idx = base + k;
        if (idx < n) out[idx] = prefix + v[k];
    }
}

extern "C" __global__ void __launch_bounds__(DL_THREADS)
decoupled_lookback_ok(const int* __restrict__ in, int* __restrict__ out,
                      unsigned long long* tile_status, unsigned* tile_counter, unsigned n)
{
    if (blockDim.x != DL_THREADS) return;
    __shared__ unsigned s_tile;
    __shared__ int s_warp[DL_WARPS];
    __shared__ int s_excl;
    const unsigned tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;

    if (tid == 0) s_tile = atomicAdd(tile_counter, 1u);
    __syncthreads();
    const unsigned tile = s_tile;

    const unsigned base = tile * DL_TILE + tid * DL_ITEMS;
    int v[DL_ITEMS];
    int tsum = 0;
#pragma unroll
    for (int k = 0; k < DL_ITEMS; ++k) {
        const unsigned idx = base + k;
        tsum += (idx < n) ? in[idx] : 0;
        v[k] = tsum;
    }
    const int wincl = dl_warp_incl_scan(tsum, lane);
    if (lane == 31) s_warp[wid] = wincl;
    __syncthreads();

    if (tile == 0) {
        if (wid == 0) {
            const int total = dl_warp_offsets(s_warp, lane);
            if (lane == 0) {
                dl_publish(tile_status, 0, DL_FLAG_PREFIX, total);
                s_excl = 0;
            }
        }
    } else {
        if (wid == 0) {
            const int total = dl_warp_offsets(s_warp, lane);
            if (lane == 0) {
                dl_publish(tile_status, tile, DL_FLAG_AGG, total);
                const int excl = dl_lookback(tile_status, tile);
                dl_publish(tile_status, tile, DL_FLAG_PREFIX, excl + total);
                s_excl = excl;
            }
        }
    }
    __syncthreads();

    const int prefix = s_excl + s_warp[wid] + (wincl - tsum);
#pragma unroll
    for (int k = 0; k < DL_ITEMS; ++k) {
        const unsigned idx = base + k;
        if (idx < n) out[idx] = prefix + v[k];
    }
}
