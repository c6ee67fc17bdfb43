// arch: sm_80
// Launch: blockDim = (256,1,1), gridDim = (n/256,1,1), n a multiple of 256.
//         Single-pass inclusive scan with decoupled look-back (Merrill & Garland).
//         Tile ids are taken dynamically from *tile_counter (zeroed before launch);
//         status[] (gridDim.x words, zeroed before launch) packs {flag:32 | value:32}
//         with flag 1 = aggregate available, 2 = inclusive prefix available.
//         Block-local scan: double-buffered Hillis-Steele, barrier at the top of each step.

#define LB_T       256
#define LB_FLAG_A  (1ull << 32)
#define LB_FLAG_P  (2ull << 32)

__device__ __forceinline__ void lb_publish(unsigned long long* st, unsigned long long flag, float v)
{
    const unsigned long long w = flag | (unsigned long long)__float_as_uint(v);
    __threadfence();
    atomicExch(st, w);
}

__device__ __forceinline__ float lb_look_back(const unsigned long long* status, int tile)
{
    float excl = 0.0f;
    for (int p = tile - 1; p >= 0; --p) {
        unsigned long long w;
        do {
            w = *reinterpret_cast<volatile const unsigned long long*>(&status[p]);
        } while ((w >> 32) == 0);
        excl += __uint_as_float((unsigned)(w & 0xffffffffull));
        if ((w >> 32) == 2) break;
    }
    return excl;
}

extern "C" __global__ void __launch_bounds__(LB_T)
scan_lookback_race(const float* __restrict__ in, float* __restrict__ out,
                   unsigned long long* status, unsigned* tile_counter)
{
    __shared__ float buf[2][LB_T];
    __shared__ unsigned s_tile;
    __shared__ float s_prefix;
    const int tid = threadIdx.x;

    if (tid == 0) s_tile = atomicAdd(tile_counter, 1u);
    __syncthreads();
    const int tile = (int)s_tile;

    buf[0][tid] = in[(size_t)tile * LB_T + tid];
    int p = 0;
    for (int off = 1; off < LB_T; off <<= 1) {
        __syncthreads();
        float v = buf[p][tid];
        if (tid >= off) v += buf[p][tid - off];
        buf[p ^ 1][tid] = v;
        p ^= 1;
    }

    if (tid == 0) {
        const float agg = buf[p][LB_T - 1];
        float excl = 0.0f;
        if (tile == 0) {
            lb_publish(&status[0], LB_FLAG_P, agg);
        } else {
            lb_publish(&status[tile], LB_FLAG_A, agg);
            excl = lb_look_back(status, tile);
            lb_publish(&status[tile], LB_FLAG_P, excl + agg);
        }
        s_prefix = excl;
    }
    __syncthreads();
    out[(size_t)tile * LB_T + tid] = buf[p][tid] + s_prefix;
}

extern "C" __global__ void __launch_bounds__(LB_T)
scan_lookback_ok(const float* __restrict__ in, float* __restrict__ out,
                 unsigned long long* status, unsigned* tile_counter)
{
    __shared__ float buf[2][LB_T];
    __shared__ unsigned s_tile;
    __shared__ float s_prefix;
    const int tid = threadIdx.x;

    if (tid == 0) s_tile = atomicAdd(tile_counter, 1u);
    __syncthreads();
    const int tile = (int)s_tile;

    buf[0][tid] = in[(size_t)tile * LB_T + tid];
    int p = 0;
    for (int off = 1; off < LB_T; off <<= 1) {
        __syncthreads();
        float v = buf[p][tid];
        if (tid >= off) v += buf[p][tid - off];
        buf[p ^ 1][tid] = v;
        p ^= 1;
    }

    if (tid == LB_T - 1) {
        const float agg = buf[p][LB_T - 1];
        float excl = 0.0f;
        if (tile == 0) {
            lb_publish(&status[0], LB_FLAG_P, agg);
        } else {
            lb_publish(&status[tile], LB_FLAG_A, agg);
            excl = lb_look_back(status, tile);
            lb_publish(&status[tile], LB_FLAG_P, excl + agg);
        }
        s_prefix = excl;
    }
    __syncthreads();
    out[(size_t)tile * LB_T + tid] = buf[p][tid] + s_prefix;
}
