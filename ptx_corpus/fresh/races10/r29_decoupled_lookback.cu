// r29_decoupled_lookback.cu
// Single-pass inclusive prefix sum of ints with decoupled look-back (Merrill & Garland):
// tiles of 1024 items (256 threads x 4 consecutive items), tile ids handed out in launch
// order by a global counter.  Block scan = per-thread serial scan + warp shuffle scan +
// per-warp totals in shared memory scanned by warp 0.  Thread 0 publishes the tile
// aggregate, looks back over predecessor tiles (status words: flag<<32 | value, flag 1 =
// aggregate, 2 = inclusive prefix) and broadcasts the tile's exclusive prefix.
// Launch: blockDim = (256,1,1), gridDim = (ceil(n/1024),1,1), *tile_counter = 0 and
//         status[0 .. gridDim.x) = 0 before launch, no dynamic shared memory.
#define THREADS 256
#define WARPS   (THREADS / 32)
#define ITEMS   4
#define TILE    (THREADS * ITEMS)
#define ST_AGG  1ull
#define ST_PFX  2ull

static __device__ __forceinline__ void publish(unsigned long long* status, int tile,
                                               unsigned long long flag, int value)
{
    atomicExch(status + tile, (flag << 32) | (unsigned long long)(unsigned)value);
}

static __device__ __forceinline__ int look_back(unsigned long long* status, int tile)
{
    int excl = 0;
    for (int j = tile - 1; j >= 0; --j) {
        unsigned long long st;
        do { st = *((volatile unsigned long long*)(status + j)); } while ((st >> 32) == 0ull);
        excl += (int)(unsigned)(st & 0xffffffffull);
        if ((st >> 32) == ST_PFX) break;
    }
    return excl;
}

extern "C" __global__ void __launch_bounds__(THREADS)
scan_lookback_race(const int* __restrict__ in, int* __restrict__ out, int n,
                   unsigned long long* status, int* tile_counter)
{
    __shared__ int s_tile, s_prefix;
    __shared__ int s_wtot[WARPS];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;

    if (tid == 0) s_tile = atomicAdd(tile_counter, 1);
    __syncthreads();
    const int tile = s_tile;
    const int base = tile * TILE + tid * ITEMS;

    int v[ITEMS];
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) v[k] = (base + k < n) ? in[base + k] : 0;
#pragma unroll
    for (int k = 1; k < ITEMS; ++k) v[k] += v[k - 1];
    const int tsum = v[ITEMS - 1];
    int wincl = tsum;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        const int t = __shfl_up_sync(0xffffffffu, wincl, o);
        if (lane >= o) wincl += t;
    }
    if (lane == 31) s_wtot[warp] = wincl;
    __syncthreads();

    if (warp == 0) {
        int w = (lane < WARPS) ? s_wtot[lane] : 0;
#pragma unroll
        for (int o = 1; o < WARPS; o <<= 1) {
            const int t = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += t;
        }
        if (lane < WARPS) s_wtot[lane] = w;                // inclusive warp totals
        if (lane == 0) {
            const int agg = s_wtot[WARPS - 1];             // tile aggregate
            int excl = 0;
            if (tile == 0) {
                publish(status, 0, ST_PFX, agg);
            } else {
                publish(status, tile, ST_AGG, agg);
                excl = look_back(status, tile);
                publish(status, tile, ST_PFX, excl + agg);
            }
            s_prefix = excl;
        }
    }
    __syncthreads();

    const int offset = s_prefix + (warp > 0 ? s_wtot[warp - 1] : 0) + wincl - tsum;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k)
        if (base + k < n) out[base + k] = v[k] + offset;
}

extern "C" __global__ void __launch_bounds__(THREADS)
scan_lookback_ok(const int* __restrict__ in, int* __restrict__ out, int n,
                 unsigned long long* status, int* tile_counter)
{
    __shared__ int s_tile, s_prefix;
    __shared__ int s_wtot[WARPS];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;

    if (tid == 0) s_tile = atomicAdd(tile_counter, 1);
    __syncthreads();
    const int tile = s_tile;
    const int base = tile * TILE + tid * ITEMS;

    int v[ITEMS];
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) v[k] = (base + k < n) ? in[base + k] : 0;
#pragma unroll
    for (int k = 1; k < ITEMS; ++k) v[k] += v[k - 1];
    const int tsum = v[ITEMS - 1];
    int wincl = tsum;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        const int t = __shfl_up_sync(0xffffffffu, wincl, o);
        if (lane >= o) wincl += t;
    }
    if (lane == 31) s_wtot[warp] = wincl;
    __syncthreads();

    if (warp == 0) {
        int w = (lane < WARPS) ? s_wtot[lane] : 0;
#pragma unroll
        for (int o = 1; o < WARPS; o <<= 1) {
            const int t = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += t;
        }
        if (lane < WARPS) s_wtot[lane] = w;                // inclusive warp totals
        __syncwarp();                                      // lane 0 reads lane 7's slot
        if (lane == 0) {
            const int agg = s_wtot[WARPS - 1];             // tile aggregate
            int excl = 0;
            if (tile == 0) {
                publish(status, 0, ST_PFX, agg);
            } else {
                publish(status, tile, ST_AGG, agg);
                excl = look_back(status, tile);
                publish(status, tile, ST_PFX, excl + agg);
            }
            s_prefix = excl;
        }
    }
    __syncthreads();

    const int offset = s_prefix + (warp > 0 ? s_wtot[warp - 1] : 0) + wincl - tsum;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k)
        if (base + k < n) out[base + k] = v[k] + offset;
}
