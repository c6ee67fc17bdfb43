// r04_hist_warp_private.cu
// 64-bin byte histogram with one private sub-histogram per warp in shared
// memory (shared atomics), merged at the end and added to the global histogram.
//
// Launch (both kernels): blockDim = 256 (BLOCK = 8 warps), gridDim = any
//   (typically 2 * #SMs); grid-stride loop over n bytes.
#define BLOCK 256
#define WARPS (BLOCK / 32)
#define BINS 64

extern "C" __global__ void __launch_bounds__(BLOCK)
hist_warp_private_race(const unsigned char* __restrict__ data,
                       unsigned* __restrict__ hist, int n)
{
    __shared__ unsigned s_hist[WARPS][BINS];
    const int tid = threadIdx.x;
    const int warp = tid >> 5;

    // Clear all sub-histograms cooperatively (flat, block-strided) ...
    unsigned* flat = &s_hist[0][0];
    for (int i = tid; i < WARPS * BINS; i += BLOCK) flat[i] = 0u;
    // ... but only synchronise the warp: s_hist[w][32..63] is cleared by warp 2w+1.
    __syncwarp();

    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK)
        atomicAdd(&s_hist[warp][data[i] >> 2], 1u);
    __syncthreads();

    for (int b = tid; b < BINS; b += BLOCK) {
        unsigned s = 0;
        #pragma unroll
        for (int w = 0; w < WARPS; ++w) s += s_hist[w][b];
        if (s) atomicAdd(&hist[b], s);
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
hist_warp_private_ok(const unsigned char* __restrict__ data,
                     unsigned* __restrict__ hist, int n)
{
    __shared__ unsigned s_hist[WARPS][BINS];
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int warp = tid >> 5;

    // Each warp clears only its own sub-histogram, and until the block barrier
    // below each warp touches only its own sub-histogram, so a warp barrier is
    // sufficient here.
    for (int b = lane; b < BINS; b += 32) s_hist[warp][b] = 0u;
    __syncwarp();

    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK)
        atomicAdd(&s_hist[warp][data[i] >> 2], 1u);
    __syncthreads();

    for (int b = tid; b < BINS; b += BLOCK) {
        unsigned s = 0;
        #pragma unroll
        for (int w = 0; w < WARPS; ++w) s += s_hist[w][b];
        if (s) atomicAdd(&hist[b], s);
    }
}
