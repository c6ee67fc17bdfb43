// Domain: histograms (CUDA SDK histogram64/256 style, per-thread private bins)

// 256-bin histogram with per-warp sub-histograms in shared memory
extern "C" __global__ void histogram256_warp(const unsigned* __restrict__ data, unsigned* __restrict__ partial,
                                             int nWords)
{
    __shared__ unsigned s_hist[8][256];   // 8 warps per block
    int wid = threadIdx.x >> 5;
    for (int i = threadIdx.x; i < 8 * 256; i += blockDim.x) (&s_hist[0][0])[i] = 0;
    __syncthreads();
    for (int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < nWords; pos += blockDim.x * gridDim.x) {
        unsigned d = data[pos];
        atomicAdd(&s_hist[wid][(d >> 0) & 0xFFU], 1u);
        atomicAdd(&s_hist[wid][(d >> 8) & 0xFFU], 1u);
        atomicAdd(&s_hist[wid][(d >> 16) & 0xFFU], 1u);
        atomicAdd(&s_hist[wid][(d >> 24) & 0xFFU], 1u);
    }
    __syncthreads();
    for (int bin = threadIdx.x; bin < 256; bin += blockDim.x) {
        unsigned sum = 0;
#pragma unroll
        for (int w = 0; w < 8; ++w) sum += s_hist[w][bin];
        partial[blockIdx.x * 256 + bin] = sum;
    }
}

// histogram64: 6-bit bins, packed byte counters per thread in shared memory (SDK histogram64)
extern "C" __global__ void histogram64_bytecounters(const uint4* __restrict__ d_Data,
                                                    unsigned* __restrict__ d_PartialHistograms, int dataCount)
{
    __shared__ unsigned char s_Hist[64 * 64];   // 64 threads x 64 bins
    unsigned* s_HistoInt = (unsigned*)s_Hist;
#pragma unroll
    for (int i = 0; i < 16; ++i) s_HistoInt[threadIdx.x + i * 64] = 0;
    __syncthreads();
    const int threadPos = ((threadIdx.x & ~(16 * 4 - 1)) << 0) | ((threadIdx.x & 15) << 2) | ((threadIdx.x & 48) >> 4);
    for (int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount; pos += blockDim.x * gridDim.x) {
        uint4 d = d_Data[pos];
        unsigned w[4] = {d.x, d.y, d.z, d.w};
#pragma unroll
        for (int k = 0; k < 4; ++k) {
#pragma unroll
            for (int b = 0; b < 4; ++b) {
                unsigned bin = (w[k] >> (8 * b + 2)) & 0x3FU;
                s_Hist[threadPos + bin * 64]++;
            }
        }
    }
    __syncthreads();
    if (threadIdx.x < 64) {
        unsigned sum = 0;
        int bin = threadIdx.x;
        for (int i = 0; i < 64; ++i) sum += s_Hist[bin * 64 + ((i + threadIdx.x) & 63)];
        d_PartialHistograms[blockIdx.x * 64 + bin] = sum;
    }
}

// Per-thread private 16-bin histogram in a local array indexed by data (forces stack frame)
extern "C" __global__ void histogram16_private_local(const unsigned char* __restrict__ img,
                                                     unsigned* __restrict__ hist, int n, int perThread)
{
    unsigned local[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) local[i] = 0;
    int start = (blockIdx.x * blockDim.x + threadIdx.x) * perThread;
    for (int i = 0; i < perThread; ++i) {
        int p = start + i;
        if (p < n) local[img[p] >> 4]++;
    }
#pragma unroll
    for (int i = 0; i < 16; ++i)
        if (local[i]) atomicAdd(&hist[i], local[i]);
}

// Float histogram with data-dependent bin computation and clamp, global atomics (small kernel)
extern "C" __global__ void histogram_float_global(const float* __restrict__ x, unsigned* __restrict__ hist,
                                                  int n, float lo, float hi, int nbins)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float t = (x[i] - lo) / (hi - lo);
    int b = __float2int_rd(t * nbins);
    b = min(max(b, 0), nbins - 1);
    atomicAdd(&hist[b], 1u);
}

