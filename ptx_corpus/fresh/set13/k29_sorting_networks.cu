// k29_sorting_networks.cu
// Sorting in registers: per-thread sorting networks and merge primitives.
//  - bitonic32_regs:        sorts 32 keys per thread with a fully unrolled bitonic network
//                           (compile-time indices -> registers)
//  - bitonic64_kv_lb:       bitonic sort of 64 key/value pairs per thread under
//                           __launch_bounds__(256, 4) -> 128 live values, register cap 64
//  - insertion_sort_dyn:    sorts n <= 48 keys per thread with insertion sort (run-time indices -> local)
//  - merge_path_partition:  merge-path diagonal search between two sorted arrays (few registers)
#include <stdint.h>

#define CSWAP(a, b) { uint32_t lo_ = min(a, b), hi_ = max(a, b); a = lo_; b = hi_; }

extern "C" __global__ void bitonic32_regs(const uint32_t* __restrict__ in, uint32_t* __restrict__ out, int nGroups)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= nGroups) return;
    uint32_t k[32];
    const uint4* src = reinterpret_cast<const uint4*>(in + (size_t)g * 32);
#pragma unroll
    for (int i = 0; i < 8; ++i) { uint4 v = src[i]; k[4 * i] = v.x; k[4 * i + 1] = v.y; k[4 * i + 2] = v.z; k[4 * i + 3] = v.w; }
#pragma unroll
    for (int size = 2; size <= 32; size <<= 1)
#pragma unroll
        for (int stride = size >> 1; stride > 0; stride >>= 1)
#pragma unroll
            for (int i = 0; i < 32; ++i) {
                int j = i ^ stride;
                if (j > i) {
                    bool asc = ((i & size) == 0);
                    uint32_t a = k[i], b = k[j];
                    uint32_t lo = min(a, b), hi = max(a, b);
                    k[i] = asc ? lo : hi; k[j] = asc ? hi : lo;
                }
            }
    uint4* dst = reinterpret_cast<uint4*>(out + (size_t)g * 32);
#pragma unroll
    for (int i = 0; i < 8; ++i) dst[i] = make_uint4(k[4 * i], k[4 * i + 1], k[4 * i + 2], k[4 * i + 3]);
}

extern "C" __global__ void __launch_bounds__(256, 4)
bitonic64_kv_lb(const uint32_t* __restrict__ keysIn, const uint32_t* __restrict__ valsIn,
                uint32_t* __restrict__ keysOut, uint32_t* __restrict__ valsOut, int nGroups)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= nGroups) return;
    uint32_t k[64], v[64];
#pragma unroll
    for (int i = 0; i < 64; ++i) { k[i] = keysIn[(size_t)g * 64 + i]; v[i] = valsIn[(size_t)g * 64 + i]; }
#pragma unroll
    for (int size = 2; size <= 64; size <<= 1)
#pragma unroll
        for (int stride = size >> 1; stride > 0; stride >>= 1)
#pragma unroll
            for (int i = 0; i < 64; ++i) {
                int j = i ^ stride;
                if (j > i) {
                    bool asc = ((i & size) == 0);
                    bool sw = asc ? (k[i] > k[j]) : (k[i] < k[j]);
                    uint32_t ka = k[i], kb = k[j], va = v[i], vb = v[j];
                    k[i] = sw ? kb : ka; k[j] = sw ? ka : kb;
                    v[i] = sw ? vb : va; v[j] = sw ? va : vb;
                }
            }
#pragma unroll
    for (int i = 0; i < 64; ++i) { keysOut[(size_t)g * 64 + i] = k[i]; valsOut[(size_t)g * 64 + i] = v[i]; }
}

extern "C" __global__ void insertion_sort_dyn(const float* __restrict__ in, const int* __restrict__ counts,
                                              float* __restrict__ out, float* __restrict__ medians, int nGroups)
{
    float a[48];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= nGroups) return;
    int n = min(counts[g], 48);
    for (int i = 0; i < n; ++i) {
        float x = in[(size_t)g * 48 + i];
        int j = i - 1;
        while (j >= 0 && a[j] > x) { a[j + 1] = a[j]; --j; }
        a[j + 1] = x;
    }
    for (int i = 0; i < n; ++i) out[(size_t)g * 48 + i] = a[i];
    medians[g] = n ? ((n & 1) ? a[n / 2] : 0.5f * (a[n / 2 - 1] + a[n / 2])) : 0.f;
}

extern "C" __global__ void merge_path_partition(const int* __restrict__ A, int nA, const int* __restrict__ B, int nB,
                                                int itemsPerPart, int nParts, int* __restrict__ splitA)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p > nParts) return;
    int diag = min(p * itemsPerPart, nA + nB);
    int lo = max(0, diag - nB), hi = min(diag, nA);
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (A[mid] <= B[diag - 1 - mid]) lo = mid + 1; else hi = mid;
    }
    splitA[p] = lo;
}
