// LSD radix sort building blocks: per-block digit histograms, block-local split and scatter.
#define RADIX_BITS 4
#define RADIX (1 << RADIX_BITS)

extern "C" __global__ void radix_histogram(const unsigned int *keys, unsigned int *blockHist,
                                           int n, int shift)
{
    __shared__ unsigned int sHist[RADIX];
    if (threadIdx.x < RADIX) sHist[threadIdx.x] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned int d = (keys[i] >> shift) & (RADIX - 1);
        atomicAdd(&sHist[d], 1u);
    }
    __syncthreads();
    // digit-major layout so that a single exclusive scan yields global offsets
    if (threadIdx.x < RADIX)
        blockHist[threadIdx.x * gridDim.x + blockIdx.x] = sHist[threadIdx.x];
}

// 8-bit digit histogram, each thread processes several keys; per-warp sub-histograms reduce contention.
extern "C" __global__ void radix_histogram8_warp(const unsigned int *keys, unsigned int *globalHist,
                                                 int n, int shift)
{
    __shared__ unsigned int sHist[8][256];
    int warp = threadIdx.x >> 5;
    for (int j = threadIdx.x; j < 8 * 256; j += blockDim.x) (&sHist[0][0])[j] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        unsigned int d = (keys[i] >> shift) & 0xFF;
        atomicAdd(&sHist[warp & 7][d], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) {
        unsigned int s = 0;
#pragma unroll
        for (int w = 0; w < 8; ++w) s += sHist[w][b];
        if (s) atomicAdd(&globalHist[b], s);
    }
}

// Block-local stable split on one bit at a time (RADIX_BITS passes), then scatter with global offsets.
extern "C" __global__ void radix_local_sort_scatter(const unsigned int *keysIn, const unsigned int *valsIn,
                                                    unsigned int *keysOut, unsigned int *valsOut,
                                                    const unsigned int *scannedHist, int n, int shift)
{
    extern __shared__ unsigned int smem[];
    unsigned int *sKey = smem;
    unsigned int *sVal = smem + blockDim.x;
    unsigned int *sScan = smem + 2 * blockDim.x;
    __shared__ unsigned int sDigitStart[RADIX];
    __shared__ unsigned int sTotalFalse;
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    unsigned int key = (i < n) ? keysIn[i] : 0xFFFFFFFFu;
    unsigned int val = (i < n) ? valsIn[i] : 0u;
    for (int b = 0; b < RADIX_BITS; ++b) {
        unsigned int bit = (key >> (shift + b)) & 1u;
        sScan[tid] = !bit;
        __syncthreads();
        for (int off = 1; off < blockDim.x; off <<= 1) {
            unsigned int t = (tid >= off) ? sScan[tid - off] : 0u;
            __syncthreads();
            sScan[tid] += t;
            __syncthreads();
        }
        if (tid == blockDim.x - 1) sTotalFalse = sScan[tid];
        __syncthreads();
        unsigned int excl = sScan[tid] - (!bit);
        unsigned int dst = bit ? (tid - excl + sTotalFalse) : excl;
        sKey[dst] = key;
        sVal[dst] = val;
        __syncthreads();
        key = sKey[tid];
        val = sVal[tid];
        __syncthreads();
    }
    unsigned int digit = (key >> shift) & (RADIX - 1);
    if (tid == 0) sDigitStart[digit] = 0;
    if (tid > 0 && ((sKey[tid - 1] >> shift) & (RADIX - 1)) != digit) sDigitStart[digit] = tid;
    __syncthreads();
    if (i < n || key != 0xFFFFFFFFu) {
        unsigned int pos = scannedHist[digit * gridDim.x + blockIdx.x] + (tid - sDigitStart[digit]);
        if (pos < (unsigned)n) {
            keysOut[pos] = key;
            valsOut[pos] = val;
        }
    }
}
