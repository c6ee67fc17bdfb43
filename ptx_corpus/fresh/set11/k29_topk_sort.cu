// Selection and sorting with per-thread arrays: runtime-k top-k by insertion, brute-force kNN with a fixed-k register list over shared tiles, a 16-key bitonic network in registers, and shared-memory bitonic sort.
#include <cuda_runtime.h>
#include <float.h>

#define MAX_K 32

// Each thread scans one row of scores and keeps the k largest (value, index) pairs, sorted descending.
extern "C" __global__ void topk_rows_insertion(const float* __restrict__ scores, float* __restrict__ topVal,
                                               int* __restrict__ topIdx, int rows, int cols, int k)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    k = min(k, MAX_K);
    float v[MAX_K];
    int id[MAX_K];
    for (int j = 0; j < k; ++j) { v[j] = -FLT_MAX; id[j] = -1; }
    const float* s = scores + (size_t)r * cols;
    for (int c = 0; c < cols; ++c) {
        float x = s[c];
        if (x <= v[k - 1]) continue;
        int p = k - 1;
        while (p > 0 && v[p - 1] < x) { v[p] = v[p - 1]; id[p] = id[p - 1]; --p; }
        v[p] = x; id[p] = c;
    }
    for (int j = 0; j < k; ++j) {
        topVal[(size_t)r * k + j] = v[j];
        topIdx[(size_t)r * k + j] = id[j];
    }
}

#define KNN_K 8
#define KNN_TILE 128
// Brute-force kNN in 3-D: query per thread, reference points staged through shared memory.
extern "C" __global__ void __launch_bounds__(KNN_TILE)
knn3d_bruteforce(const float4* __restrict__ queries, int nq, const float4* __restrict__ refs, int nr,
                 int* __restrict__ nnIdx, float* __restrict__ nnDist)
{
    __shared__ float4 tile[KNN_TILE];
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    float4 p = q < nq ? queries[q] : make_float4(0.f, 0.f, 0.f, 0.f);
    float bd[KNN_K];
    int bi[KNN_K];
#pragma unroll
    for (int j = 0; j < KNN_K; ++j) { bd[j] = FLT_MAX; bi[j] = -1; }

    for (int base = 0; base < nr; base += KNN_TILE) {
        int r = base + threadIdx.x;
        tile[threadIdx.x] = r < nr ? refs[r] : make_float4(FLT_MAX, FLT_MAX, FLT_MAX, 0.f);
        __syncthreads();
        int lim = min(KNN_TILE, nr - base);
        for (int t = 0; t < lim; ++t) {
            float4 c = tile[t];
            float dx = c.x - p.x, dy = c.y - p.y, dz = c.z - p.z;
            float d = dx * dx + dy * dy + dz * dz;
            if (d < bd[KNN_K - 1]) {
                // insertion via unrolled compare-swap chain keeps the arrays in registers
                float cd = d; int ci = base + t;
#pragma unroll
                for (int j = 0; j < KNN_K; ++j) {
                    if (cd < bd[j]) {
                        float td = bd[j]; int ti = bi[j];
                        bd[j] = cd; bi[j] = ci;
                        cd = td; ci = ti;
                    }
                }
            }
        }
        __syncthreads();
    }
    if (q < nq) {
#pragma unroll
        for (int j = 0; j < KNN_K; ++j) {
            nnIdx[(size_t)q * KNN_K + j] = bi[j];
            nnDist[(size_t)q * KNN_K + j] = sqrtf(bd[j]);
        }
    }
}

// Sort 16 keys (with payload) per thread using a fully unrolled bitonic network.
extern "C" __global__ void sort16_bitonic_regs(float* __restrict__ keys, int* __restrict__ vals, int nGroups)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= nGroups) return;
    float k[16];
    int v[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) { k[i] = keys[(size_t)g * 16 + i]; v[i] = vals[(size_t)g * 16 + i]; }
#pragma unroll
    for (int size = 2; size <= 16; size <<= 1) {
#pragma unroll
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
#pragma unroll
            for (int i = 0; i < 16; ++i) {
                int j = i ^ stride;
                if (j > i) {
                    bool asc = (i & size) == 0;
                    if ((k[i] > k[j]) == asc) {
                        float tk = k[i]; k[i] = k[j]; k[j] = tk;
                        int tv = v[i]; v[i] = v[j]; v[j] = tv;
                    }
                }
            }
        }
    }
#pragma unroll
    for (int i = 0; i < 16; ++i) { keys[(size_t)g * 16 + i] = k[i]; vals[(size_t)g * 16 + i] = v[i]; }
}

// Shared-memory bitonic sort: each block (1024 threads) sorts SHARED_SIZE_LIMIT keys as independent arrays of arrayLength (power of two).
#define SHARED_SIZE_LIMIT 2048
extern "C" __global__ void bitonic_sort_shared(unsigned* __restrict__ dstKey, unsigned* __restrict__ dstVal,
                                               const unsigned* __restrict__ srcKey, const unsigned* __restrict__ srcVal,
                                               unsigned arrayLength, unsigned dir)
{
    __shared__ unsigned s_key[SHARED_SIZE_LIMIT];
    __shared__ unsigned s_val[SHARED_SIZE_LIMIT];
    size_t off = (size_t)blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    srcKey += off; srcVal += off; dstKey += off; dstVal += off;
    s_key[threadIdx.x] = srcKey[0];
    s_val[threadIdx.x] = srcVal[0];
    s_key[threadIdx.x + SHARED_SIZE_LIMIT / 2] = srcKey[SHARED_SIZE_LIMIT / 2];
    s_val[threadIdx.x + SHARED_SIZE_LIMIT / 2] = srcVal[SHARED_SIZE_LIMIT / 2];

    for (unsigned size = 2; size < arrayLength; size <<= 1) {
        unsigned ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            unsigned a = s_key[pos], b = s_key[pos + stride];
            if ((a > b) == ddd) {
                s_key[pos] = b; s_key[pos + stride] = a;
                unsigned t = s_val[pos]; s_val[pos] = s_val[pos + stride]; s_val[pos + stride] = t;
            }
        }
    }
    for (unsigned stride = arrayLength / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
        unsigned a = s_key[pos], b = s_key[pos + stride];
        if ((a > b) == dir) {
            s_key[pos] = b; s_key[pos + stride] = a;
            unsigned t = s_val[pos]; s_val[pos] = s_val[pos + stride]; s_val[pos + stride] = t;
        }
    }
    __syncthreads();
    dstKey[0] = s_key[threadIdx.x];
    dstVal[0] = s_val[threadIdx.x];
    dstKey[SHARED_SIZE_LIMIT / 2] = s_key[threadIdx.x + SHARED_SIZE_LIMIT / 2];
    dstVal[SHARED_SIZE_LIMIT / 2] = s_val[threadIdx.x + SHARED_SIZE_LIMIT / 2];
}
