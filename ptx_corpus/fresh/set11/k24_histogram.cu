// Histograms: 256-bin byte histogram with per-block shared bins, per-warp sub-histograms packed in shared memory, and a float-valued weighted histogram with global atomics; plus merging of partial histograms.
#include <cuda_runtime.h>

#define HIST_BINS 256

extern "C" __global__ void histogram256_shared(const unsigned int* __restrict__ data, unsigned int* __restrict__ partial,
                                               size_t nWords)
{
    __shared__ unsigned int s_hist[HIST_BINS];
    for (int i = threadIdx.x; i < HIST_BINS; i += blockDim.x) s_hist[i] = 0;
    __syncthreads();
    for (size_t pos = (size_t)blockIdx.x * blockDim.x + threadIdx.x; pos < nWords; pos += (size_t)blockDim.x * gridDim.x) {
        unsigned int w = data[pos];
        atomicAdd(&s_hist[(w >> 0) & 0xFFU], 1u);
        atomicAdd(&s_hist[(w >> 8) & 0xFFU], 1u);
        atomicAdd(&s_hist[(w >> 16) & 0xFFU], 1u);
        atomicAdd(&s_hist[(w >> 24) & 0xFFU], 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < HIST_BINS; i += blockDim.x)
        partial[blockIdx.x * HIST_BINS + i] = s_hist[i];
}

// Per-warp sub-histograms of 64 bins (6-bit values) to reduce shared atomic contention; blockDim = 192.
#define WARP_COUNT 6
#define BIN64 64
extern "C" __global__ void __launch_bounds__(WARP_COUNT * 32)
histogram64_per_warp(const uchar4* __restrict__ data, unsigned int* __restrict__ partial, size_t n4)
{
    __shared__ unsigned int s_hist[WARP_COUNT][BIN64];
    unsigned int* myHist = s_hist[threadIdx.x >> 5];
    for (int i = threadIdx.x; i < WARP_COUNT * BIN64; i += blockDim.x) (&s_hist[0][0])[i] = 0;
    __syncthreads();
    for (size_t pos = (size_t)blockIdx.x * blockDim.x + threadIdx.x; pos < n4; pos += (size_t)blockDim.x * gridDim.x) {
        uchar4 v = data[pos];
        atomicAdd(&myHist[v.x >> 2], 1u);
        atomicAdd(&myHist[v.y >> 2], 1u);
        atomicAdd(&myHist[v.z >> 2], 1u);
        atomicAdd(&myHist[v.w >> 2], 1u);
    }
    __syncthreads();
    for (int bin = threadIdx.x; bin < BIN64; bin += blockDim.x) {
        unsigned int sum = 0;
#pragma unroll
        for (int w = 0; w < WARP_COUNT; ++w) sum += s_hist[w][bin];
        partial[blockIdx.x * BIN64 + bin] = sum;
    }
}

// Weighted histogram over [lo, hi) with nBins <= 1024 bins, shared float bins then global atomics.
extern "C" __global__ void histogram_weighted_f32(const float* __restrict__ x, const float* __restrict__ w,
                                                  float* __restrict__ hist, int n, int nBins, float lo, float hi)
{
    extern __shared__ float sbins[];
    for (int i = threadIdx.x; i < nBins; i += blockDim.x) sbins[i] = 0.f;
    __syncthreads();
    float scale = nBins / (hi - lo);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float v = x[i];
        if (v >= lo && v < hi) {
            int b = min((int)((v - lo) * scale), nBins - 1);
            atomicAdd(&sbins[b], w ? w[i] : 1.f);
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < nBins; i += blockDim.x)
        if (sbins[i] != 0.f) atomicAdd(&hist[i], sbins[i]);
}

extern "C" __global__ void merge_histograms(const unsigned int* __restrict__ partial, unsigned int* __restrict__ hist,
                                            int nPartials, int nBins)
{
    __shared__ unsigned int data[256];
    int bin = blockIdx.x;
    if (bin >= nBins) return;
    unsigned int sum = 0;
    for (int i = threadIdx.x; i < nPartials; i += blockDim.x) sum += partial[bin + (size_t)i * nBins];
    data[threadIdx.x] = sum;
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        if (threadIdx.x < stride) data[threadIdx.x] += data[threadIdx.x + stride];
    }
    if (threadIdx.x == 0) hist[bin] = data[0];
}
