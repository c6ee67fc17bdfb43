// arch: sm_80
// r06_hist_reset.cu
// Persistent per-tile byte histograms.  Each tile is 4096 bytes (16 bytes per
// thread); the block accumulates a 256-bin shared histogram with shared
// atomics, writes it out, and thread b clears bin b for the next tile.
//
// Launch (both kernels): blockDim = (256,1,1), gridDim = (120,1,1),
//   ntiles = 960 (each block handles 8 tiles), data = ntiles*4096 bytes
//   (16-byte aligned), hist_out = ntiles*256 uints.  No dynamic shared memory.

#define R06_THREADS 256

__device__ __forceinline__ void r06_count_word(unsigned* hist, unsigned w)
{
    atomicAdd(&hist[(w      ) & 0xffu], 1u);
    atomicAdd(&hist[(w >>  8) & 0xffu], 1u);
    atomicAdd(&hist[(w >> 16) & 0xffu], 1u);
    atomicAdd(&hist[(w >> 24)        ], 1u);
}

extern "C" __global__ void __launch_bounds__(R06_THREADS)
tile_histogram_race(const uint4* __restrict__ data, unsigned* __restrict__ hist_out,
                    int ntiles)
{
    __shared__ unsigned hist[256];
    const int tid = threadIdx.x;
    hist[tid] = 0u;
    __syncthreads();

    for (int tile = blockIdx.x; tile < ntiles; tile += gridDim.x) {
        const uint4 w = data[(size_t)tile * R06_THREADS + tid];
        r06_count_word(hist, w.x);
        r06_count_word(hist, w.y);
        r06_count_word(hist, w.z);
        r06_count_word(hist, w.w);
        __syncthreads();
        hist_out[(size_t)tile * 256 + tid] = hist[tid];
        hist[tid] = 0u;
    }
}

extern "C" __global__ void __launch_bounds__(R06_THREADS)
tile_histogram_ok(const uint4* __restrict__ data, unsigned* __restrict__ hist_out,
                  int ntiles)
{
    __shared__ unsigned hist[256];
    const int tid = threadIdx.x;
    hist[tid] = 0u;
    __syncthreads();

    for (int tile = blockIdx.x; tile < ntiles; tile += gridDim.x) {
        const uint4 w = data[(size_t)tile * R06_THREADS + tid];
        r06_count_word(hist, w.x);
        r06_count_word(hist, w.y);
        r06_count_word(hist, w.z);
        r06_count_word(hist, w.w);
        __syncthreads();
        hist_out[(size_t)tile * 256 + tid] = hist[tid];
        hist[tid] = 0u;
        __syncthreads();
    }
}
