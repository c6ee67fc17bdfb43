// Block-level stream compaction (keep x > thr) using a warp-level inclusive scan done in
// shared memory, warp totals combined by thread 0, block base from a global atomic counter.
// Assumed launch: 1-D, blockDim.x == 256 (8 warps), one 256-element tile per block,
// *g_count == 0 before launch; output order across blocks is unspecified.

#define CW_THREADS 256
#define CW_WARPS (CW_THREADS / 32)

extern "C" __global__ void __launch_bounds__(CW_THREADS)
compact_warp_scan_race(const float* __restrict__ in, float* __restrict__ out,
                       unsigned* __restrict__ g_count, unsigned n, float thr)
{
    if (blockDim.x != CW_THREADS) return;
    __shared__ unsigned s_scan[CW_THREADS];
    __shared__ unsigned s_wtot[CW_WARPS];
    __shared__ unsigned s_base;
    const unsigned tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    const unsigned gi = blockIdx.x * CW_THREADS + tid;

    const float v = (gi < n) ? in[gi] : 0.f;
    const unsigned flag = (gi < n && v > thr) ? 1u : 0u;

    s_scan[tid] = flag;
    __syncwarp();
    for (unsigned o = 1; o < 32; o <<= 1) {
        if (lane >= o) s_scan[tid] += s_scan[tid - o];
        __syncwarp();
    }

    if (lane == 31) s_wtot[wid] = s_scan[tid];
    __syncthreads();
    if (tid == 0) {
        unsigned run = 0;
        for (int w = 0; w < CW_WARPS; ++w) {
            const unsigned c = s_wtot[w];
            s_wtot[w] = run;
            run += c;
        }
        s_base = atomicAdd(g_count, run);
    }
    __syncthreads();

    if (flag) out[s_base + s_wtot[wid] + s_scan[tid] - 1] = v;
}

extern "C" __global__ void __launch_bounds__(CW_THREADS)
compact_warp_scan_ok(const float* __restrict__ in, float* __restrict__ out,
                     unsigned* __restrict__ g_count, unsigned n, float thr)
{
    if (blockDim.x != CW_THREADS) return;
    __shared__ unsigned s_scan[CW_THREADS];
    __shared__ unsigned s_wtot[CW_WARPS];
    __shared__ unsigned s_base;
    const unsigned tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    const unsigned gi = blockIdx.x * CW_THREADS + tid;

    const float v = (gi < n) ? in[gi] : 0.f;
    const unsigned flag = (gi < n && v > thr) ? 1u : 0u;

    s_scan[tid] = flag;
    __syncwarp();
    for (unsigned o = 1; o < 32; o <<= 1) {
        const unsigned t = (lane >= o) ? s_scan[tid - o] : 0u;
        __syncwarp();
        s_scan[tid] += t;
        __syncwarp();
    }

    if (lane == 31) s_wtot[wid] = s_scan[tid];
    __syncthreads();
    if (tid == 0) {
        unsigned run = 0;
        for (int w = 0; w < CW_WARPS; ++w) {
            const unsigned c = s_wtot[w];
            s_wtot[w] = run;
            run += c;
        }
        s_base = atomicAdd(g_count, run);
    }
    __syncthreads();

    if (flag) out[s_base + s_wtot[wid] + s_scan[tid] - 1] = v;
}
