// Histograms: SDK histogram64 (per-thread byte counters) and histogram256 (per-warp sub-histograms).
#include <cuda_runtime.h>

#define HISTOGRAM64_BIN_COUNT 64
#define HISTOGRAM64_THREADBLOCK_SIZE 64
#define HISTOGRAM256_BIN_COUNT 256
#define WARP_COUNT 6
#define HISTOGRAM256_THREADBLOCK_SIZE (WARP_COUNT * 32)
#define HISTOGRAM256_THREADBLOCK_MEMORY (WARP_COUNT * HISTOGRAM256_BIN_COUNT)
#define MERGE_THREADBLOCK_SIZE 256

__device__ __forceinline__ void addByte(unsigned char *s_ThreadBase, unsigned int data)
{
    s_ThreadBase[(data & 0xFCU) * (HISTOGRAM64_THREADBLOCK_SIZE / 4)]++;
}
__device__ __forceinline__ void addWord(unsigned char *s_ThreadBase, unsigned int data)
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
        addWord(s_ThreadBase, data.x);
        addWord(s_ThreadBase, data.y);
        addWord(s_ThreadBase, data.z);
        addWord(s_ThreadBase, data.w);
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

__device__ __forceinline__ void addByte256(unsigned int *s_WarpHist, unsigned int data)
{
    atomicAdd(s_WarpHist + data, 1);
}
__device__ __forceinline__ void addWord256(unsigned int *s_WarpHist, unsigned int data)
{
    addByte256(s_WarpHist, (data >> 0) & 0xFFU);
    addByte256(s_WarpHist, (data >> 8) & 0xFFU);
    addByte256(s_WarpHist, (data >> 16) & 0xFFU);
    addByte256(s_WarpHist, (data >> 24) & 0xFFU);
}

extern "C" __global__ void histogram256Kernel(unsigned int *d_PartialHistograms, const unsigned int *d_Data, unsigned int dataCount)
{
    __shared__ unsigned int s_Hist[HISTOGRAM256_THREADBLOCK_MEMORY];
    unsigned int *s_WarpHist = s_Hist + (threadIdx.x >> 5) * HISTOGRAM256_BIN_COUNT;
#pragma unroll
    for (unsigned int i = 0; i < (HISTOGRAM256_THREADBLOCK_MEMORY / HISTOGRAM256_THREADBLOCK_SIZE); i++)
        s_Hist[threadIdx.x + i * HISTOGRAM256_THREADBLOCK_SIZE] = 0;
    __syncthreads();
    for (unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount; pos += blockDim.x * gridDim.x)
        addWord256(s_WarpHist, d_Data[pos]);
    __syncthreads();
    for (unsigned int bin = threadIdx.x; bin < HISTOGRAM256_BIN_COUNT; bin += HISTOGRAM256_THREADBLOCK_SIZE) {
        unsigned int sum = 0;
        for (unsigned int i = 0; i < WARP_COUNT; i++) sum += s_Hist[bin + i * HISTOGRAM256_BIN_COUNT];
        d_PartialHistograms[blockIdx.x * HISTOGRAM256_BIN_COUNT + bin] = sum;
    }
}

// Float-valued histogram with linear interpolation between bins (weighted, per-block privatization).
extern "C" __global__ void histogramFloatInterp(float *hist, const float *values, const float *weights, int n,
                                                int nbins, float lo, float hi)
{
    extern __shared__ float sh[];
    for (int i = threadIdx.x; i < nbins; i += blockDim.x) sh[i] = 0.f;
    __syncthreads();
    float scale = nbins / (hi - lo);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float x = (values[i] - lo) * scale - 0.5f;
        float w = weights ? weights[i] : 1.f;
        int b0 = __float2int_rd(x);
        float f = x - b0;
        if (b0 >= 0 && b0 < nbins) atomicAdd(&sh[b0], w * (1.f - f));
        if (b0 + 1 >= 0 && b0 + 1 < nbins) atomicAdd(&sh[b0 + 1], w * f);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < nbins; i += blockDim.x) atomicAdd(&hist[i], sh[i]);
}
