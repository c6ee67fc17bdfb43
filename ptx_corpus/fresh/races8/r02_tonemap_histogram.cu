// r02_tonemap_histogram.cu
//
// Log-luminance histogram for HDR auto-exposure / tone mapping (graphics).
// Each block builds a privatized 256-bin histogram in shared memory. To cut
// shared-atomic contention, the 8 warps of a block are spread over NSUB = 4
// sub-histograms (warp w uses sub-histogram w % 4) and updates are
// warp-aggregated with __match_any_sync (one update per distinct bin per warp).
// Bin 0 collects black / near-black pixels (letterbox bars, night sky).
// After the grid-stride pass the sub-histograms are merged and added to the
// global histogram with global atomics.
//
// Launch configuration:
//   blockDim = (256,1,1)   (8 warps, must equal BLOCK)
//   gridDim  = (4 * numSMs,1,1), e.g. 528 on H100; grid-stride loop
//   npix     = 3840*2160 float4 RGBA pixels, static shared memory only.

#define BLOCK 256
#define NBINS 256
#define NSUB 4

__device__ __forceinline__ int luminance_bin(float4 p, float log_min, float inv_log_range)
{
    const float lum = 0.2126f * p.x + 0.7152f * p.y + 0.0722f * p.z;
    if (lum < 1e-5f) return 0;
    const float t = (__log2f(lum) - log_min) * inv_log_range;
    return min(NBINS - 1, max(1, (int)(t * (float)(NBINS - 2)) + 1));
}

extern "C" __global__ void __launch_bounds__(BLOCK)
tonemap_histogram_race(const float4* __restrict__ rgba, unsigned npix,
                       float log_min, float inv_log_range,
                       unsigned* __restrict__ g_hist)
{
    __shared__ unsigned s_hist[NSUB][NBINS];
    const unsigned tid = threadIdx.x, lane = tid & 31u, warp = tid >> 5;

    for (unsigned i = tid; i < NSUB * NBINS; i += BLOCK) (&s_hist[0][0])[i] = 0u;
    __syncthreads();

    unsigned* my = s_hist[warp % NSUB];
    const unsigned stride = gridDim.x * BLOCK;
    for (unsigned base = blockIdx.x * BLOCK; base < npix; base += stride) {
        const unsigned i = base + tid;
        const int bin = (i < npix) ? luminance_bin(rgba[i], log_min, inv_log_range) : -1;
        const unsigned peers = __match_any_sync(0xffffffffu, bin);
        if (bin >= 0) {
            const int leader = __ffs(peers) - 1;
            if (peers == 0xffffffffu) {
                // whole warp fell in one bin (flat region): single updater
                if (lane == 0) my[bin] += 32u;
            } else if ((int)lane == leader) {
                atomicAdd(&my[bin], (unsigned)__popc(peers));
            }
        }
    }
    __syncthreads();

    for (unsigned b = tid; b < NBINS; b += BLOCK) {
        const unsigned v = s_hist[0][b] + s_hist[1][b] + s_hist[2][b] + s_hist[3][b];
        if (v) atomicAdd(&g_hist[b], v);
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
tonemap_histogram_ok(const float4* __restrict__ rgba, unsigned npix,
                     float log_min, float inv_log_range,
                     unsigned* __restrict__ g_hist)
{
    __shared__ unsigned s_hist[NSUB][NBINS];
    const unsigned tid = threadIdx.x, lane = tid & 31u, warp = tid >> 5;

    for (unsigned i = tid; i < NSUB * NBINS; i += BLOCK) (&s_hist[0][0])[i] = 0u;
    __syncthreads();

    unsigned* my = s_hist[warp % NSUB];
    const unsigned stride = gridDim.x * BLOCK;
    for (unsigned base = blockIdx.x * BLOCK; base < npix; base += stride) {
        const unsigned i = base + tid;
        const int bin = (i < npix) ? luminance_bin(rgba[i], log_min, inv_log_range) : -1;
        const unsigned peers = __match_any_sync(0xffffffffu, bin);
        if (bin >= 0) {
            const int leader = __ffs(peers) - 1;
            if (peers == 0xffffffffu) {
                // whole warp fell in one bin (flat region): single updater
                if (lane == 0) atomicAdd(&my[bin], 32u);
            } else if ((int)lane == leader) {
                atomicAdd(&my[bin], (unsigned)__popc(peers));
            }
        }
    }
    __syncthreads();

    for (unsigned b = tid; b < NBINS; b += BLOCK) {
        const unsigned v = s_hist[0][b] + s_hist[1][b] + s_hist[2][b] + s_hist[3][b];
        if (v) atomicAdd(&g_hist[b], v);
    }
}
