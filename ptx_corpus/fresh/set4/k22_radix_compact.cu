// Radix-sort building blocks for 64-bit keys: per-block 8-bit digit histograms, ranked scatter with warp match, and ballot-based stream compaction of valid items.
#include <cuda_runtime.h>
#include <stdint.h>

#define RADIX 256

// each thread processes ITEMS keys; warp-private histograms reduce shared atomic contention
#define ITEMS 8
extern "C" __global__ void __launch_bounds__(256)
radix_digit_histogram_u64(const unsigned long long* __restrict__ keys, size_t n, int shift,
                          unsigned int* __restrict__ blockHist /*RADIX x gridDim.x, digit-major*/)
{
    __shared__ unsigned int wh[8][RADIX];
    int wid = threadIdx.x >> 5;
    for (int i = threadIdx.x; i < 8 * RADIX; i += blockDim.x) (&wh[0][0])[i] = 0;
    __syncthreads();
    size_t base = (size_t)blockIdx.x * blockDim.x * ITEMS;
    unsigned long long k[ITEMS];
#pragma unroll
    for (int it = 0; it < ITEMS; ++it) {
        size_t idx = base + (size_t)it * blockDim.x + threadIdx.x;
        k[it] = idx < n ? keys[idx] : ~0ull;
    }
#pragma unroll
    for (int it = 0; it < ITEMS; ++it) {
        size_t idx = base + (size_t)it * blockDim.x + threadIdx.x;
        if (idx < n) atomicAdd(&wh[wid][(unsigned)(k[it] >> shift) & 0xffu], 1u);
    }
    __syncthreads();
    for (int d = threadIdx.x; d < RADIX; d += blockDim.x) {
        unsigned int s = 0;
#pragma unroll
        for (int w = 0; w < 8; ++w) s += wh[w][d];
        blockHist[(size_t)d * gridDim.x + blockIdx.x] = s;
    }
}

// stable scatter: block offsets from scanned histograms; in-block rank via warp-serialized match_any
extern "C" __global__ void __launch_bounds__(256)
radix_scatter_u64(const unsigned long long* __restrict__ keysIn, const unsigned int* __restrict__ valsIn, size_t n, int shift,
                  const unsigned int* __restrict__ scannedHist, unsigned long long* __restrict__ keysOut, unsigned int* __restrict__ valsOut)
{
    __shared__ unsigned int base[RADIX];
    __shared__ unsigned int warpCnt[8][RADIX];
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    for (int d = threadIdx.x; d < RADIX; d += blockDim.x) base[d] = scannedHist[(size_t)d * gridDim.x + blockIdx.x];
    size_t tileBase = (size_t)blockIdx.x * blockDim.x * ITEMS;
    for (int it = 0; it < ITEMS; ++it) {
        for (int i = threadIdx.x; i < 8 * RADIX; i += blockDim.x) (&warpCnt[0][0])[i] = 0;
        __syncthreads();
        size_t idx = tileBase + (size_t)it * blockDim.x + threadIdx.x;
        bool valid = idx < n;
        unsigned long long key = valid ? keysIn[idx] : 0ull;
        unsigned int d = valid ? (unsigned)(key >> shift) & 0xffu : 0x100u;
        unsigned peers = __match_any_sync(0xffffffffu, d);
        int rankInWarp = __popc(peers & ((1u << lane) - 1u));
        if (valid && rankInWarp == 0) warpCnt[wid][d] = __popc(peers);
        __syncthreads();
        if (valid) {
            unsigned int off = base[d] + rankInWarp;
            for (int w = 0; w < wid; ++w) off += warpCnt[w][d];
            keysOut[off] = key;
            valsOut[off] = valsIn[idx];
        }
        __syncthreads();
        for (int dd = threadIdx.x; dd < RADIX; dd += blockDim.x) {
            unsigned int s = 0;
            for (int w = 0; w < 8; ++w) s += warpCnt[w][dd];
            base[dd] += s;
        }
        __syncthreads();
    }
}

// stream compaction (select flagged items) with per-block ballot/popc and one atomic per block; order within block preserved
extern "C" __global__ void
compact_if_positive(const float* __restrict__ in, const int* __restrict__ ids, int n,
                    float* __restrict__ out, int* __restrict__ outIds, unsigned int* __restrict__ outCount)
{
    __shared__ unsigned int warpTot[32];
    __shared__ unsigned int blockBase;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    float v = i < n ? in[i] : 0.f;
    bool keep = i < n && v > 0.f;
    unsigned m = __ballot_sync(0xffffffffu, keep);
    if (lane == 0) warpTot[wid] = __popc(m);
    __syncthreads();
    if (wid == 0) {
        unsigned int t = lane < (int)(blockDim.x >> 5) ? warpTot[lane] : 0u;
        unsigned int incl = t;
        for (int o = 1; o < 32; o <<= 1) { unsigned int y = __shfl_up_sync(0xffffffffu, incl, o); if (lane >= o) incl += y; }
        if (lane == 31) blockBase = atomicAdd(outCount, incl);
        warpTot[lane] = incl - t;
    }
    __syncthreads();
    if (keep) {
        unsigned int pos = blockBase + warpTot[wid] + __popc(m & ((1u << lane) - 1u));
        out[pos] = v;
        outIds[pos] = ids[i];
    }
}
