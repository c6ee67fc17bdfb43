// Stream compaction (keep x > thresh) with warp ballots, a per-block staging buffer
// in shared memory and one global atomic per tile; persistent grid-stride over tiles.
// Launch (both kernels): blockDim = 256 (8 warps), gridDim = 120, n = 1<<22 floats
// (uniform random, about half kept), tile = 256 elements per iteration.
// s_stage is sized 2*TPB so that the (wrong) inclusive offsets of the racy kernel stay in bounds.
#define TPB 256
#define NW (TPB / 32)

extern "C" __global__ void __launch_bounds__(TPB)
compact_race(const float* __restrict__ in, int n, float thresh, float* __restrict__ out, int* g_count)
{
    __shared__ int s_wcnt[NW];
    __shared__ int s_woff[NW];
    __shared__ int s_total, s_base;
    __shared__ float s_stage[2 * TPB];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;

    for (int t0 = blockIdx.x * TPB; t0 < n; t0 += gridDim.x * TPB) {
        int i = t0 + tid;
        float v = (i < n) ? in[i] : 0.f;
        bool keep = (i < n) && (v > thresh);
        unsigned m = __ballot_sync(0xffffffffu, keep);
        if (lane == 0) s_wcnt[warp] = __popc(m);
        __syncthreads();
        if (tid == 0) {
            int run = 0;
            for (int w = 0; w < NW; ++w) { run += s_wcnt[w]; s_woff[w] = run; }   // inclusive, should be exclusive
            s_total = run;
            s_base = atomicAdd(g_count, run);
        }
        __syncthreads();
        if (keep) {
            unsigned lanemask_lt = (1u << lane) - 1u;
            s_stage[s_woff[warp] + __popc(m & lanemask_lt)] = v;
        }
        __syncthreads();
        for (int k = tid; k < s_total; k += TPB) out[s_base + k] = s_stage[k];
    }
}

extern "C" __global__ void __launch_bounds__(TPB)
compact_ok(const float* __restrict__ in, int n, float thresh, float* __restrict__ out, int* g_count)
{
    __shared__ int s_wcnt[NW];
    __shared__ int s_woff[NW];
    __shared__ int s_total, s_base;
    __shared__ float s_stage[2 * TPB];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;

    // three barriers per tile and none at the end of the iteration: every shared
    // variable is rewritten only after the next tile's first or second barrier
    for (int t0 = blockIdx.x * TPB; t0 < n; t0 += gridDim.x * TPB) {
        int i = t0 + tid;
        float v = (i < n) ? in[i] : 0.f;
        bool keep = (i < n) && (v > thresh);
        unsigned m = __ballot_sync(0xffffffffu, keep);
        if (lane == 0) s_wcnt[warp] = __popc(m);
        __syncthreads();
        if (tid == 0) {
            int run = 0;
            for (int w = 0; w < NW; ++w) { s_woff[w] = run; run += s_wcnt[w]; }
            s_total = run;
            s_base = atomicAdd(g_count, run);
        }
        __syncthreads();
        if (keep) {
            unsigned lanemask_lt = (1u << lane) - 1u;
            s_stage[s_woff[warp] + __popc(m & lanemask_lt)] = v;
        }
        __syncthreads();
        for (int k = tid; k < s_total; k += TPB) out[s_base + k] = s_stage[k];
    }
}
