// r17_compact_ballot.cu
// Stream compaction (keep x > thresh) with warp ballots: per-warp counts go to
// shared memory, warp 0 scans them with shuffles and reserves space in the
// output with one atomicAdd per block, kept elements are staged in shared
// memory and written out coalesced.  Output order across blocks is arbitrary.
//
// Launch (both kernels): blockDim = 256 (BLOCK = 8 warps); gridDim = ceil(n/256).
#define BLOCK 256
#define WARPS (BLOCK / 32)
#define FULL_MASK 0xffffffffu

extern "C" __global__ void __launch_bounds__(BLOCK)
compact_ballot_race(const float* __restrict__ in, float* __restrict__ out,
                    unsigned* __restrict__ g_count, int n, float thresh)
{
    __shared__ unsigned s_cnt[WARPS];
    __shared__ unsigned s_off[WARPS];
    __shared__ unsigned s_total, s_base;
    __shared__ float s_out[BLOCK];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int gid = blockIdx.x * BLOCK + tid;

    const float v = (gid < n) ? in[gid] : 0.f;
    const bool keep = (gid < n) && (v > thresh);
    const unsigned m = __ballot_sync(FULL_MASK, keep);
    if (lane == 0) s_cnt[warp] = __popc(m);
    __syncwarp();                              // only orders this warp

    if (warp == 0) {
        const unsigned c = (lane < WARPS) ? s_cnt[lane] : 0u;
        unsigned incl = c;
        #pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            const unsigned t = __shfl_up_sync(FULL_MASK, incl, o);
            if (lane >= o) incl += t;
        }
        if (lane < WARPS) s_off[lane] = incl - c;
        if (lane == WARPS - 1) { s_total = incl; s_base = atomicAdd(g_count, incl); }
    }
    __syncthreads();

    const unsigned pos = s_off[warp] + __popc(m & ((1u << lane) - 1u));
    if (keep) s_out[pos] = v;
    __syncthreads();
    const unsigned total = s_total, base = s_base;
    if ((unsigned)tid < total) out[base + tid] = s_out[tid];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
compact_ballot_ok(const float* __restrict__ in, float* __restrict__ out,
                  unsigned* __restrict__ g_count, int n, float thresh)
{
    __shared__ unsigned s_cnt[WARPS];
    __shared__ unsigned s_off[WARPS];
    __shared__ unsigned s_total, s_base;
    __shared__ float s_out[BLOCK];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int gid = blockIdx.x * BLOCK + tid;

    const float v = (gid < n) ? in[gid] : 0.f;
    const bool keep = (gid < n) && (v > thresh);
    const unsigned m = __ballot_sync(FULL_MASK, keep);
    if (lane == 0) s_cnt[warp] = __popc(m);
    __syncthreads();

    if (warp == 0) {
        const unsigned c = (lane < WARPS) ? s_cnt[lane] : 0u;
        unsigned incl = c;
        #pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            const unsigned t = __shfl_up_sync(FULL_MASK, incl, o);
            if (lane >= o) incl += t;
        }
        if (lane < WARPS) s_off[lane] = incl - c;
        if (lane == WARPS - 1) { s_total = incl; s_base = atomicAdd(g_count, incl); }
    }
    __syncthreads();

    const unsigned pos = s_off[warp] + __popc(m & ((1u << lane) - 1u));
    if (keep) s_out[pos] = v;
    __syncthreads();
    const unsigned total = s_total, base = s_base;
    if ((unsigned)tid < total) out[base + tid] = s_out[tid];
}
