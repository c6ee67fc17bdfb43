// Histograms: run-time bin count with shared atomics, and per-thread counter columns.

// Launch: blockDim = 256, gridDim = any, 1 <= nbins <= 12288, hi > lo,
//         dynamic shared memory = nbins * sizeof(unsigned)
extern "C" __global__ void __launch_bounds__(256)
hist_nbins_param(const float* __restrict__ x, int n, float lo, float hi, int nbins,
                 unsigned* __restrict__ gh)
{
    extern __shared__ unsigned bins[];
    for (int b = threadIdx.x; b < nbins; b += blockDim.x) bins[b] = 0;
    __syncthreads();
    float scale = nbins / (hi - lo);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float v = x[i];
        if (!(v >= lo && v < hi)) continue;
        int b = (int)((v - lo) * scale);
        if (b >= nbins) b = nbins - 1;
        atomicAdd(&bins[b], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < nbins; b += blockDim.x) {
        unsigned c = bins[b];
        if (c) atomicAdd(&gh[b], c);
    }
}

#define HT_THREADS 64
#define HT_BINS 64

// histogram64-style: every thread owns a column of 16-bit counters
// (counter for bin b of thread t at sh[b * 64 + t]); columns are summed per bin.
// Launch: blockDim = 64, gridDim = any; partial has gridDim.x * 64 entries
extern "C" __global__ void __launch_bounds__(HT_THREADS)
hist64_thread_columns(const unsigned* __restrict__ data, unsigned* __restrict__ partial, int nwords)
{
    __shared__ unsigned short sh[HT_BINS * HT_THREADS];
    int tid = threadIdx.x;
    for (int b = 0; b < HT_BINS; ++b) sh[b * HT_THREADS + tid] = 0;
    for (int i = blockIdx.x * HT_THREADS + tid; i < nwords; i += HT_THREADS * gridDim.x) {
        unsigned w = data[i];
        sh[((w >> 2) & 63u) * HT_THREADS + tid]++;
        sh[((w >> 10) & 63u) * HT_THREADS + tid]++;
        sh[((w >> 18) & 63u) * HT_THREADS + tid]++;
        sh[((w >> 26) & 63u) * HT_THREADS + tid]++;
    }
    for (int b = tid; b < HT_BINS; b += blockDim.x) {
        unsigned s = 0;
        for (int t = 0; t < HT_THREADS; ++t) s += sh[b * HT_THREADS + t];
        partial[blockIdx.x * HT_BINS + b] = s;
    }
}
