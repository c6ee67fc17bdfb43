// 64-bin histogram of (key >> shift) & 63 with a per-block shared histogram.
// Warps whose 32 lanes all hit the same bin (common for sorted or low-entropy
// data) update the bin once instead of 32 times.
// Launch: blockDim.x = 256 (multiple of 32), any gridDim.x; g_hist has 64 entries.
#include <cuda_runtime.h>

#define BLOCK 256
#define NBINS 64

extern "C" __global__ void __launch_bounds__(BLOCK)
hist64_race(const unsigned* __restrict__ keys, unsigned* __restrict__ g_hist,
            int n, int shift)
{
    __shared__ unsigned hist[NBINS];
    const int tid = threadIdx.x, lane = tid & 31;
    for (int b = tid; b < NBINS; b += BLOCK) hist[b] = 0;
    __syncthreads();

    for (int base = blockIdx.x * BLOCK; base < n; base += gridDim.x * BLOCK) {
        const int i = base + tid;
        const int bin = (i < n) ? (int)((keys[i] >> shift) & (NBINS - 1)) : -1;
        const int first = __shfl_sync(0xffffffffu, bin, 0);
        if (__all_sync(0xffffffffu, bin == first)) {
            if (lane == 0 && bin >= 0) hist[bin] += 32;   // one writer for the whole warp
        } else if (bin >= 0) {
            atomicAdd(&hist[bin], 1u);
        }
    }
    __syncthreads();

    for (int b = tid; b < NBINS; b += BLOCK)
        if (hist[b]) atomicAdd(&g_hist[b], hist[b]);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
hist64_ok(const unsigned* __restrict__ keys, unsigned* __restrict__ g_hist,
          int n, int shift)
{
    __shared__ unsigned hist[NBINS];
    const int tid = threadIdx.x, lane = tid & 31;
    for (int b = tid; b < NBINS; b += BLOCK) hist[b] = 0;
    __syncthreads();

    for (int base = blockIdx.x * BLOCK; base < n; base += gridDim.x * BLOCK) {
        const int i = base + tid;
        const int bin = (i < n) ? (int)((keys[i] >> shift) & (NBINS - 1)) : -1;
        const int first = __shfl_sync(0xffffffffu, bin, 0);
        if (__all_sync(0xffffffffu, bin == first)) {
            if (lane == 0 && bin >= 0) atomicAdd(&hist[bin], 32u);   // other warps share the bin
        } else if (bin >= 0) {
            atomicAdd(&hist[bin], 1u);
        }
    }
    __syncthreads();

    for (int b = tid; b < NBINS; b += BLOCK)
        if (hist[b]) atomicAdd(&g_hist[b], hist[b]);
}
