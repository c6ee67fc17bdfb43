// r15_tile_histograms.cu
// Per-tile 256-bin histograms of an 8-bit image (first stage of CLAHE): the W x H image
// is split into 64x64 tiles; a persistent block loops over tiles, builds each histogram
// with shared-memory atomics and flushes it to hist[tile][256] with 16-byte stores.
// Launch: blockDim = (256,1,1), gridDim = (G,1,1) with G >= 1 (e.g. 2*numSMs), W and H
//         multiples of 64, image rows 4-byte aligned, no dynamic shared memory.
//         Typical 4096 x 4096 image -> 4096 tiles, so each block handles many tiles.
#define TS      64
#define NBINS   256
#define THREADS 256

extern "C" __global__ void __launch_bounds__(THREADS)
tile_hist_race(const uchar4* __restrict__ img4, int W, int H, unsigned* __restrict__ hist)
{
    __shared__ __align__(16) unsigned s_hist[NBINS];
    uint4* s_hist4 = reinterpret_cast<uint4*>(s_hist);
    const int tilesX = W / TS, ntiles = tilesX * (H / TS);
    const int W4 = W / 4;

    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        s_hist[threadIdx.x] = 0u;
        __syncthreads();
        const int tx0 = (t % tilesX) * TS, ty0 = (t / tilesX) * TS;
        for (int i = threadIdx.x; i < TS * TS / 4; i += THREADS) {
            const int r = i / (TS / 4), c4 = i % (TS / 4);
            const uchar4 p = img4[(size_t)(ty0 + r) * W4 + tx0 / 4 + c4];
            atomicAdd(&s_hist[p.x], 1u);
            atomicAdd(&s_hist[p.y], 1u);
            atomicAdd(&s_hist[p.z], 1u);
            atomicAdd(&s_hist[p.w], 1u);
        }
        __syncthreads();
        if (threadIdx.x < NBINS / 4)
            reinterpret_cast<uint4*>(hist + (size_t)t * NBINS)[threadIdx.x] = s_hist4[threadIdx.x];
    }
}

extern "C" __global__ void __launch_bounds__(THREADS)
tile_hist_ok(const uchar4* __restrict__ img4, int W, int H, unsigned* __restrict__ hist)
{
    __shared__ __align__(16) unsigned s_hist[NBINS];
    uint4* s_hist4 = reinterpret_cast<uint4*>(s_hist);
    const int tilesX = W / TS, ntiles = tilesX * (H / TS);
    const int W4 = W / 4;

    for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
        // Cleared with the same thread -> uint4 mapping as the flush below, so a thread
        // only ever overwrites counters it has just flushed itself: no trailing barrier.
        if (threadIdx.x < NBINS / 4) s_hist4[threadIdx.x] = make_uint4(0u, 0u, 0u, 0u);
        __syncthreads();
        const int tx0 = (t % tilesX) * TS, ty0 = (t / tilesX) * TS;
        for (int i = threadIdx.x; i < TS * TS / 4; i += THREADS) {
            const int r = i / (TS / 4), c4 = i % (TS / 4);
            const uchar4 p = img4[(size_t)(ty0 + r) * W4 + tx0 / 4 + c4];
            atomicAdd(&s_hist[p.x], 1u);
            atomicAdd(&s_hist[p.y], 1u);
            atomicAdd(&s_hist[p.z], 1u);
            atomicAdd(&s_hist[p.w], 1u);
        }
        __syncthreads();
        if (threadIdx.x < NBINS / 4)
            reinterpret_cast<uint4*>(hist + (size_t)t * NBINS)[threadIdx.x] = s_hist4[threadIdx.x];
    }
}
