// Block-wide inclusive scan from warp scans: each warp scans its 32 values with __shfl_up_sync,
// the warp totals go through shared memory, warp 0 scans them, and every thread adds the total of
// the warps before its own. blockDim.x is a multiple of 32, at most 1024.
// Corpus mutant scan_warp_shfl_nobar2 deletes the second barrier: warp 0 rewrites warp_sums[]
// while the other warps read warp_sums[warp - 1] (a race).
extern "C" __global__ void scan_warp_shfl(const int *g_in, int *g_out, unsigned n)
{
    __shared__ int warp_sums[32];
    unsigned tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    unsigned gid = blockIdx.x * blockDim.x + tid;
#ifdef BUG_EARLY_RETURN
    // Planted bug: the tail threads of the last block return early; the rest of their block then
    // waits at __syncthreads for them (and their warp's shuffles miss lanes as well).
    if (gid >= n)
        return;
#endif
    int v = gid < n ? g_in[gid] : 0;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        int up = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o)
            v += up;
    }
    if (lane == 31)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int w = lane < (blockDim.x >> 5) ? warp_sums[lane] : 0;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            int up = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o)
                w += up;
        }
        warp_sums[lane] = w;
    }
    __syncthreads();
    if (warp > 0)
        v += warp_sums[warp - 1];
    if (gid < n)
        g_out[gid] = v;
}
