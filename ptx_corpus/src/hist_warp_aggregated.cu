// Histogram of small keys with warp-aggregated atomics: __match_any_sync groups the lanes that
// hold the same key, the lowest lane of each group adds the group's size once.
extern "C" __global__ void hist_warp_aggregated(const unsigned *keys, unsigned *d_hist, unsigned n, unsigned nbins)
{
    extern __shared__ unsigned s_bins[];
    for (unsigned j = threadIdx.x; j < nbins; j += blockDim.x)
        s_bins[j] = 0;
    __syncthreads();
    unsigned lane = threadIdx.x & 31;
    for (unsigned base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
        unsigned pos = base + threadIdx.x;
        bool valid = pos < n;
        unsigned key = valid ? keys[pos] % nbins : 0xffffffffu;
        unsigned peers = __match_any_sync(0xffffffffu, key);
        unsigned leader = __ffs(peers) - 1;
        if (valid && lane == leader)
            atomicAdd(&s_bins[key], __popc(peers));
    }
    __syncthreads();
    for (unsigned j = threadIdx.x; j < nbins; j += blockDim.x)
        if (s_bins[j])
            atomicAdd(&d_hist[j], s_bins[j]);
}
