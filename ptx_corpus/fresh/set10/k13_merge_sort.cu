// Merge sort pieces: merge path partitioning and block-wise merge of sorted runs.
#include <cuda_runtime.h>

template <typename T>
__device__ __forceinline__ int mergePath(const T *a, int aCount, const T *b, int bCount, int diag)
{
    int begin = max(0, diag - bCount);
    int end = min(diag, aCount);
    while (begin < end) {
        int mid = (begin + end) >> 1;
        T aKey = a[mid];
        T bKey = b[diag - 1 - mid];
        if (!(bKey < aKey)) begin = mid + 1;
        else end = mid;
    }
    return begin;
}

extern "C" __global__ void mergePathPartitions_u32(const unsigned int *keys, int count, int runSize,
                                                   int itemsPerTile, int *partitions, int numPartitions)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= numPartitions) return;
    int tilesPerMerge = (2 * runSize) / itemsPerTile;
    int mergeId = p / tilesPerMerge;
    int localTile = p % tilesPerMerge;
    int aStart = mergeId * 2 * runSize;
    int aCount = min(runSize, count - aStart);
    int bStart = aStart + aCount;
    int bCount = max(0, min(runSize, count - bStart));
    int diag = min(localTile * itemsPerTile, aCount + bCount);
    partitions[p] = mergePath(keys + aStart, aCount, keys + bStart, bCount, diag);
}

// Each thread serially merges ITEMS outputs from shared memory after a merge-path split.
template <typename K, typename V, int BLOCK, int ITEMS>
__device__ __forceinline__ void blockMerge(const K *keysIn, const V *valsIn, K *keysOut, V *valsOut,
                                           int count, int runSize)
{
    const int TILE = BLOCK * ITEMS;
    __shared__ K sKeys[TILE + 1];
    __shared__ V sVals[TILE + 1];
    int tileStart = blockIdx.x * TILE;
    int mergeStart = (tileStart / (2 * runSize)) * 2 * runSize;
    int aStart = mergeStart, aCount = min(runSize, count - aStart);
    int bStart = aStart + aCount, bCount = max(0, min(runSize, count - bStart));
    int diag0 = tileStart - mergeStart;
    int diag1 = min(diag0 + TILE, aCount + bCount);
    int a0 = mergePath(keysIn + aStart, aCount, keysIn + bStart, bCount, diag0);
    int a1 = mergePath(keysIn + aStart, aCount, keysIn + bStart, bCount, diag1);
    int b0 = diag0 - a0, b1 = diag1 - a1;
    int na = a1 - a0, nb = b1 - b0;
    for (int i = threadIdx.x; i < na + nb; i += BLOCK) {
        int src = i < na ? aStart + a0 + i : bStart + b0 + (i - na);
        sKeys[i] = keysIn[src];
        sVals[i] = valsIn[src];
    }
    __syncthreads();
    int diag = min((int)threadIdx.x * ITEMS, na + nb);
    int ai = mergePath(sKeys, na, sKeys + na, nb, diag);
    int bi = na + diag - ai;
    K outK[ITEMS];
    V outV[ITEMS];
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        bool takeA = (bi >= na + nb) || (ai < na && !(sKeys[bi] < sKeys[ai]));
        int src = takeA ? ai : bi;
        outK[i] = sKeys[src];
        outV[i] = sVals[src];
        if (takeA) ai++; else bi++;
    }
    __syncthreads();
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        int o = tileStart + threadIdx.x * ITEMS + i;
        if (threadIdx.x * ITEMS + i < na + nb) { keysOut[o] = outK[i]; valsOut[o] = outV[i]; }
    }
}

extern "C" __global__ void blockMerge_u32_128x7(const unsigned int *ki, const unsigned int *vi,
                                                unsigned int *ko, unsigned int *vo, int count, int runSize)
{
    blockMerge<unsigned int, unsigned int, 128, 7>(ki, vi, ko, vo, count, runSize);
}

extern "C" __global__ void blockMerge_f64_i32_256x4(const double *ki, const int *vi,
                                                    double *ko, int *vo, int count, int runSize)
{
    blockMerge<double, int, 256, 4>(ki, vi, ko, vo, count, runSize);
}
