#define WC_THREADS 256
#define WC_WARPS (WC_THREADS / 32)

extern "C" __global__ void __launch_bounds__(WC_THREADS)
compact_positive_race(const float* __restrict__ in, float* __restrict__ out,
                      int* __restrict__ block_counts, int n)
{
    __shared__ int s_wtot[WC_WARPS];
    __shared__ int s_woff[WC_WARPS];
    int tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
    int i = blockIdx.x * WC_THREADS + tid;
    float v = (i < n) ? in[i] : 0.0f;
    bool keep = (i < n) && (v > 0.0f);

    unsigned bal = __ballot_sync(0xffffffffu, keep);
    if (lane == 0) s_wtot[w] = __popc(bal);
    __syncwarp();

    if (w == 0) {
        int t = (lane < WC_WARPS) ? s_wtot[lane] : 0;
        int incl = t;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            int y = __shfl_up_sync(0xffffffffu, incl, d);
            if (lane >= d) incl += y;
        }
        if (lane < WC_WARPS) s_woff[lane] = incl - t;
        if (lane == WC_WARPS - 1) block_counts[blockIdx.x] = incl;
    }
    __syncthreads();

    if (keep) {
        int pos = s_woff[w] + __popc(bal & ((1u << lane) - 1u));
        out[blockIdx.x * WC_THREADS + pos] = v;
    }
}

extern "C" __global__ void __launch_bounds__(WC_THREADS)
compact_positive_ok(const float* __restrict__ in, float* __restrict__ out,
                    int* __restrict__ block_counts, int n)
{
    __shared__ int s_wtot[WC_WARPS];
    __shared__ int s_woff[WC_WARPS];
    int tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
    int i = blockIdx.x * WC_THREADS + tid;
    float v = (i < n) ? in[i] : 0.0f;
    bool keep = (i < n) && (v > 0.0f);

    unsigned bal = __ballot_sync(0xffffffffu, keep);
    if (lane == 0) s_wtot[w] = __popc(bal);
    __syncthreads();

    if (w == 0) {
        int t = (lane < WC_WARPS) ? s_wtot[lane] : 0;
        int incl = t;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            int y = __shfl_up_sync(0xffffffffu, incl, d);
            if (lane >= d) incl += y;
        }
        if (lane < WC_WARPS) s_woff[lane] = incl - t;
        if (lane == WC_WARPS - 1) block_counts[blockIdx.x] = incl;
    }
    __syncthreads();

    if (keep) {
        int pos = s_woff[w] + __popc(bal & ((1u << lane) - 1u));
        out[blockIdx.x * WC_THREADS + pos] = v;
    }
}
