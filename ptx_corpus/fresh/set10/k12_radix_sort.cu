// Radix sort building blocks: per-block digit histograms in shared memory,
// scatter with local ranks, and a 1-bit split (SDK radixSort / CUDPP style).
#include <cuda_runtime.h>

template <int RADIX_BITS, int BLOCK, int ITEMS>
__device__ __forceinline__ void radixHistogram(const unsigned int *keys, unsigned int *blockHist,
                                               int n, int shift)
{
    const int RADIX = 1 << RADIX_BITS;
    __shared__ unsigned int hist[RADIX];
    for (int i = threadIdx.x; i < RADIX; i += BLOCK) hist[i] = 0;
    __syncthreads();
    int base = blockIdx.x * BLOCK * ITEMS + threadIdx.x;
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        int idx = base + i * BLOCK;
        if (idx < n) {
            unsigned int d = (keys[idx] >> shift) & (RADIX - 1);
            atomicAdd(&hist[d], 1u);
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < RADIX; i += BLOCK)
        blockHist[i * gridDim.x + blockIdx.x] = hist[i];
}

extern "C" __global__ void radixHist4_256x4(const unsigned int *keys, unsigned int *blockHist, int n, int shift)
{
    radixHistogram<4, 256, 4>(keys, blockHist, n, shift);
}

extern "C" __global__ void radixHist8_128x16(const unsigned int *keys, unsigned int *blockHist, int n, int shift)
{
    radixHistogram<8, 128, 16>(keys, blockHist, n, shift);
}

// Stable local sort of a block tile by 4-bit digit using 1-bit splits, then scatter
// to global positions using the scanned histogram.
#define RS_BLOCK 256
__device__ __forceinline__ unsigned int blockExclusiveScan(unsigned int v, unsigned int *sh, unsigned int &total)
{
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    unsigned int x = v;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        unsigned int y = __shfl_up_sync(0xffffffffu, x, o);
        if (lane >= o) x += y;
    }
    if (lane == 31) sh[warp] = x;
    __syncthreads();
    if (warp == 0) {
        unsigned int w = lane < RS_BLOCK / 32 ? sh[lane] : 0;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            unsigned int y = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += y;
        }
        if (lane < RS_BLOCK / 32) sh[lane] = w;
    }
    __syncthreads();
    total = sh[RS_BLOCK / 32 - 1];
    unsigned int r = x - v + (warp ? sh[warp - 1] : 0);
    __syncthreads();
    return r;
}

extern "C" __global__ void __launch_bounds__(RS_BLOCK)
radixSortScatter4(unsigned int *outKeys, unsigned int *outVals, const unsigned int *keys,
                  const unsigned int *vals, const unsigned int *scannedHist, int n, int shift)
{
    __shared__ unsigned int sKeys[RS_BLOCK];
    __shared__ unsigned int sVals[RS_BLOCK];
    __shared__ unsigned int scanTmp[RS_BLOCK / 32];
    __shared__ unsigned int digitStart[16];
    __shared__ unsigned int globalStart[16];
    int gid = blockIdx.x * RS_BLOCK + threadIdx.x;
    unsigned int key = gid < n ? keys[gid] : 0xffffffffu;
    unsigned int val = gid < n ? vals[gid] : 0u;
    for (int b = 0; b < 4; b++) {
        unsigned int bit = (key >> (shift + b)) & 1u;
        unsigned int total;
        unsigned int falsesBefore = blockExclusiveScan(1u - bit, scanTmp, total);
        unsigned int pos = bit ? (total + threadIdx.x - falsesBefore) : falsesBefore;
        sKeys[pos] = key;
        sVals[pos] = val;
        __syncthreads();
        key = sKeys[threadIdx.x];
        val = sVals[threadIdx.x];
        __syncthreads();
    }
    unsigned int digit = (key >> shift) & 15u;
    if (threadIdx.x < 16) {
        digitStart[threadIdx.x] = RS_BLOCK;
        globalStart[threadIdx.x] = scannedHist[threadIdx.x * gridDim.x + blockIdx.x];
    }
    __syncthreads();
    unsigned int prevDigit = threadIdx.x > 0 ? (sKeys[threadIdx.x - 1] >> shift) & 15u : 0xffu;
    if (digit != prevDigit) digitStart[digit] = threadIdx.x;
    __syncthreads();
    int remaining = n - blockIdx.x * RS_BLOCK;
    if ((int)threadIdx.x < remaining) {
        unsigned int dst = globalStart[digit] + threadIdx.x - digitStart[digit];
        outKeys[dst] = key;
        outVals[dst] = val;
    }
}
