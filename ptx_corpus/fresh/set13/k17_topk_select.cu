// k17_topk_select.cu
// ML/search: top-k selection.
//  - topk_insertion_local: per-row top-K (K run-time <= 64) with insertion into a thread-local
//                          sorted buffer (run-time indexed -> local memory)
//  - topk16_registers:     fixed K=16 kept in registers via compare-exchange bubbling (unrolled)
//  - radix_select_hist:    block-wide 8-bit radix histogram pass for radix-select (shared atomics)
//  - topk_warp_merge:      warp-level bitonic merge of per-lane top-1 candidates (shuffles)
#include <float.h>

extern "C" __global__ void topk_insertion_local(const float* __restrict__ scores, int rows, int cols, int K,
                                                float* __restrict__ outVal, int* __restrict__ outIdx)
{
    float val[64];
    int idx[64];
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    K = min(K, 64);
    for (int i = 0; i < K; ++i) { val[i] = -FLT_MAX; idx[i] = -1; }
    const float* s = scores + (size_t)r * cols;
    for (int c = 0; c < cols; ++c) {
        float v = s[c];
        if (v <= val[K - 1]) continue;
        int j = K - 1;
        while (j > 0 && val[j - 1] < v) { val[j] = val[j - 1]; idx[j] = idx[j - 1]; --j; }
        val[j] = v; idx[j] = c;
    }
    for (int i = 0; i < K; ++i) { outVal[(size_t)r * K + i] = val[i]; outIdx[(size_t)r * K + i] = idx[i]; }
}

extern "C" __global__ void topk16_registers(const float* __restrict__ scores, int rows, int cols,
                                            float* __restrict__ outVal, int* __restrict__ outIdx)
{
    const int K = 16;
    float val[K];
    int idx[K];
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
#pragma unroll
    for (int i = 0; i < K; ++i) { val[i] = -FLT_MAX; idx[i] = -1; }
    const float* s = scores + (size_t)r * cols;
    for (int c = 0; c < cols; ++c) {
        float v = s[c];
        int vi = c;
        if (v <= val[K - 1]) continue;
#pragma unroll
        for (int i = 0; i < K; ++i) {
            bool sw = v > val[i];
            float tv = val[i]; int ti = idx[i];
            val[i] = sw ? v : tv; idx[i] = sw ? vi : ti;
            v = sw ? tv : v; vi = sw ? ti : vi;
        }
    }
#pragma unroll
    for (int i = 0; i < K; ++i) { outVal[(size_t)r * K + i] = val[i]; outIdx[(size_t)r * K + i] = idx[i]; }
}

extern "C" __global__ void radix_select_hist(const unsigned int* __restrict__ keys, int n, unsigned int prefix,
                                             unsigned int prefixMask, int shift, unsigned int* __restrict__ hist)
{
    __shared__ unsigned int sh[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) sh[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned int k = keys[i];
        k = (k & 0x80000000u) ? ~k : (k | 0x80000000u);   // float-order transform
        if ((k & prefixMask) == prefix) atomicAdd(&sh[(k >> shift) & 0xFF], 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
        if (sh[i]) atomicAdd(&hist[i], sh[i]);
}

extern "C" __global__ void topk_warp_merge(const float* __restrict__ scores, int rows, int cols,
                                           float* __restrict__ outVal, int* __restrict__ outIdx)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= rows) return;
    const float* s = scores + (size_t)warp * cols;
    float best = -FLT_MAX; int bi = -1;
    for (int c = lane; c < cols; c += 32) { float v = s[c]; if (v > best) { best = v; bi = c; } }
    // bitonic sort across 32 lanes, descending
#pragma unroll
    for (int k = 2; k <= 32; k <<= 1)
#pragma unroll
        for (int j = k >> 1; j > 0; j >>= 1) {
            float ov = __shfl_xor_sync(0xffffffffu, best, j);
            int oi = __shfl_xor_sync(0xffffffffu, bi, j);
            bool up = ((lane & k) == 0);
            bool lower = ((lane & j) == 0);
            bool takeOther = (lower == up) ? (ov > best) : (ov < best);
            if (takeOther) { best = ov; bi = oi; }
        }
    outVal[(size_t)warp * 32 + lane] = best;
    outIdx[(size_t)warp * 32 + lane] = bi;
}
