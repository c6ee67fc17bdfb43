// Histogram kernels: 64-bin with per-thread byte counters, 256-bin with per-warp sub-histograms.
#define HISTOGRAM64_BIN_COUNT 64
#define HISTOGRAM64_THREADBLOCK_SIZE 64
#define HISTOGRAM256_BIN_COUNT 256
#define WARP_COUNT 6
#define HISTOGRAM256_THREADBLOCK_SIZE (WARP_COUNT * 32)
#define MERGE_THREADBLOCK_SIZE 256

__device__ inline void addByte(unsigned char *s_ThreadBase, unsigned int data)
{
    s_ThreadBase[(data >> 2) * HISTOGRAM64_THREADBLOCK_SIZE]++;
}

__device__ inline void addWord64(unsigned char *s_ThreadBase, unsigned int data)
{
    addByte(s_ThreadBase, (data >> 2) & 0x3FU);
    addByte(s_ThreadBase, (data >> 10) & 0x3FU);
    addByte(s_ThreadBase, (data >> 18) & 0x3FU);
    addByte(s_ThreadBase, (data >> 26) & 0x3FU);
}

extern "C" __global__ void histogram64Kernel(unsigned int *d_PartialHistograms, const uint4 *d_Data, unsigned int dataCount)
{
    const unsigned int threadPos = ((threadIdx.x & ~(16 * 4 - 1)) << 0) | ((threadIdx.x & 15) << 2) | ((threadIdx.x & 48) >> 4);
    __shared__ unsigned char s_Hist[HISTOGRAM64_THREADBLOCK_SIZE * HISTOGRAM64_BIN_COUNT];
    unsigned char *s_ThreadBase = s_Hist + threadPos;
#pragma unroll
    for (unsigned int i = 0; i < (HISTOGRAM64_BIN_COUNT / 4); i++)
        ((unsigned int *)s_Hist)[threadIdx.x + i * HISTOGRAM64_THREADBLOCK_SIZE] = 0;
    __syncthreads();
    for (unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount; pos += blockDim.x * gridDim.x) {
        uint4 data = d_Data[pos];
        addWord64(s_ThreadBase, data.x);
        addWord64(s_ThreadBase, data.y);
        addWord64(s_ThreadBase, data.z);
        addWord64(s_ThreadBase, data.w);
    }
    __syncthreads();
    if (threadIdx.x < HISTOGRAM64_BIN_COUNT) {
        unsigned char *s_HistBase = s_Hist + threadIdx.x * HISTOGRAM64_THREADBLOCK_SIZE;
        unsigned int sum = 0;
        unsigned int pos = 4 * (threadIdx.x & 15);
#pragma unroll
        for (unsigned int i = 0; i < (HISTOGRAM64_THREADBLOCK_SIZE / 4); i++) {
            sum += s_HistBase[pos + 0] + s_HistBase[pos + 1] + s_HistBase[pos + 2] + s_HistBase[pos + 3];
            pos = (pos + 4) & (HISTOGRAM64_THREADBLOCK_SIZE - 1);
        }
        d_PartialHistograms[blockIdx.x * HISTOGRAM64_BIN_COUNT + threadIdx.x] = sum;
    }
}

extern "C" __global__ void histogram256Kernel(unsigned int *d_PartialHistograms, const unsigned int *d_Data, unsigned int dataCount)
{
    __shared__ unsigned int s_Hist[WARP_COUNT * HISTOGRAM256_BIN_COUNT];
    unsigned int *s_WarpHist = s_Hist + (threadIdx.x >> 5) * HISTOGRAM256_BIN_COUNT;
#pragma unroll
    for (unsigned int i = 0; i < (HISTOGRAM256_BIN_COUNT / 32); i++)
        s_Hist[threadIdx.x + i * HISTOGRAM256_THREADBLOCK_SIZE] = 0;
    __syncthreads();
    for (unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount; pos += blockDim.x * gridDim.x) {
        unsigned int data = d_Data[pos];
        atomicAdd(s_WarpHist + ((data >> 0) & 0xFFU), 1);
        atomicAdd(s_WarpHist + ((data >> 8) & 0xFFU), 1);
        atomicAdd(s_WarpHist + ((data >> 16) & 0xFFU), 1);
        atomicAdd(s_WarpHist + ((data >> 24) & 0xFFU), 1);
    }
    __syncthreads();
    for (unsigned int bin = threadIdx.x; bin < HISTOGRAM256_BIN_COUNT; bin += HISTOGRAM256_THREADBLOCK_SIZE) {
        unsigned int sum = 0;
        for (unsigned int i = 0; i < WARP_COUNT; i++)
            sum += s_Hist[bin + i * HISTOGRAM256_BIN_COUNT] & 0xFFFFFFFFU;
        d_PartialHistograms[blockIdx.x * HISTOGRAM256_BIN_COUNT + bin] = sum;
    }
}

extern "C" __global__ void mergeHistogram256Kernel(unsigned int *d_Histogram, const unsigned int *d_PartialHistograms,
                                                   unsigned int histogramCount)
{
    unsigned int sum = 0;
    for (unsigned int i = threadIdx.x; i < histogramCount; i += MERGE_THREADBLOCK_SIZE)
        sum += d_PartialHistograms[blockIdx.x + i * HISTOGRAM256_BIN_COUNT];
    __shared__ unsigned int data[MERGE_THREADBLOCK_SIZE];
    data[threadIdx.x] = sum;
    for (unsigned int stride = MERGE_THREADBLOCK_SIZE / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        if (threadIdx.x < stride) data[threadIdx.x] += data[threadIdx.x + stride];
    }
    if (threadIdx.x == 0) d_Histogram[blockIdx.x] = data[0];
}

// Float-valued histogram with global atomics only (light kernel).
extern "C" __global__ void histogram_float_global(const float *x, unsigned int *bins, int n, float lo, float hi, int nbins)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    int b = (int)((v - lo) / (hi - lo) * nbins);
    b = min(max(b, 0), nbins - 1);
    atomicAdd(&bins[b], 1u);
}
