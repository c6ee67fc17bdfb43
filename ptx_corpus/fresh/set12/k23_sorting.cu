// Sorting building blocks: key/value bitonic network of 32 pairs held in
// registers, shell sort of short segments in thread-local memory, warp-wide
// bitonic sort with shuffles, and a radix-sort digit histogram/scatter pass.
#include <cuda_runtime.h>
#include <stdint.h>

#define NK 32
extern "C" __global__ void sort32_kv_registers(const float* __restrict__ keys, const int* __restrict__ vals,
                                               float* __restrict__ okeys, int* __restrict__ ovals, int ngroups)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= ngroups) return;
    float k[NK]; int v[NK];
#pragma unroll
    for (int i = 0; i < NK; i += 4) {
        float4 kk = *reinterpret_cast<const float4*>(keys + (size_t)g * NK + i);
        int4 vv = *reinterpret_cast<const int4*>(vals + (size_t)g * NK + i);
        k[i] = kk.x; k[i + 1] = kk.y; k[i + 2] = kk.z; k[i + 3] = kk.w;
        v[i] = vv.x; v[i + 1] = vv.y; v[i + 2] = vv.z; v[i + 3] = vv.w;
    }
#pragma unroll
    for (int size = 2; size <= NK; size <<= 1)
#pragma unroll
        for (int stride = size >> 1; stride > 0; stride >>= 1)
#pragma unroll
            for (int i = 0; i < NK; ++i) {
                int j = i ^ stride;
                if (j > i) {
                    bool up = (i & size) == 0;
                    bool sw = up ? (k[i] > k[j]) : (k[i] < k[j]);
                    float tk = k[i]; int tv = v[i];
                    k[i] = sw ? k[j] : k[i]; v[i] = sw ? v[j] : v[i];
                    k[j] = sw ? tk : k[j];   v[j] = sw ? tv : v[j];
                }
            }
#pragma unroll
    for (int i = 0; i < NK; i += 4) {
        *reinterpret_cast<float4*>(okeys + (size_t)g * NK + i) = make_float4(k[i], k[i + 1], k[i + 2], k[i + 3]);
        *reinterpret_cast<int4*>(ovals + (size_t)g * NK + i) = make_int4(v[i], v[i + 1], v[i + 2], v[i + 3]);
    }
}

// Shell sort of variable-length segments (<= 96 items) in local memory.
extern "C" __global__ void segment_shellsort(const uint64_t* __restrict__ in, const int* __restrict__ seg_off,
                                             int nseg, uint64_t* __restrict__ out)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nseg) return;
    int b = seg_off[s], n = min(seg_off[s + 1] - b, 96);
    uint64_t a[96];
    for (int i = 0; i < n; ++i) a[i] = in[b + i];
    const int gaps[5] = {40, 13, 4, 1, 0};
    for (int gi = 0; gaps[gi] > 0; ++gi) {
        int gap = gaps[gi];
        for (int i = gap; i < n; ++i) {
            uint64_t t = a[i];
            int j = i;
            while (j >= gap && a[j - gap] > t) { a[j] = a[j - gap]; j -= gap; }
            a[j] = t;
        }
    }
    for (int i = 0; i < n; ++i) out[b + i] = a[i];
}

// Each warp sorts 32*4 uint32 keys: 4 per lane sorted locally, then bitonic across lanes.
extern "C" __global__ void warp_bitonic_128(const uint32_t* __restrict__ in, uint32_t* __restrict__ out, int nwarps)
{
    int w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (w >= nwarps) return;
    uint4 q = reinterpret_cast<const uint4*>(in + (size_t)w * 128)[lane];
    uint32_t x[4] = {q.x, q.y, q.z, q.w};
    // element index e = lane*4 + r ; full bitonic over 128 elements
#pragma unroll
    for (int size = 2; size <= 128; size <<= 1) {
#pragma unroll
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
            if (stride >= 4) {
                int lstride = stride >> 2;
#pragma unroll
                for (int r = 0; r < 4; ++r) {
                    int e = lane * 4 + r;
                    uint32_t other = __shfl_xor_sync(0xffffffffu, x[r], lstride);
                    bool up = (e & size) == 0;
                    bool lower = (e & stride) == 0;
                    uint32_t mn = min(x[r], other), mx = max(x[r], other);
                    x[r] = (lower == up) ? mn : mx;
                }
            } else {
#pragma unroll
                for (int r = 0; r < 4; ++r) {
                    int rr = r ^ stride;
                    if (rr > r) {
                        int e = lane * 4 + r;
                        bool up = (e & size) == 0;
                        uint32_t a = x[r], b = x[rr];
                        x[r] = up ? min(a, b) : max(a, b);
                        x[rr] = up ? max(a, b) : min(a, b);
                    }
                }
            }
        }
    }
    reinterpret_cast<uint4*>(out + (size_t)w * 128)[lane] = make_uint4(x[0], x[1], x[2], x[3]);
}

// Radix pass (8-bit digit): per-block histogram of digits of 64-bit keys.
extern "C" __global__ void radix_digit_hist(const uint64_t* __restrict__ keys, size_t n, int shift,
                                            unsigned int* __restrict__ block_hist)
{
    __shared__ unsigned int h[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) h[i] = 0;
    __syncthreads();
    size_t per_block = (n + gridDim.x - 1) / gridDim.x;
    size_t beg = (size_t)blockIdx.x * per_block, end = min(n, beg + per_block);
    for (size_t i = beg + threadIdx.x; i < end; i += blockDim.x) {
        unsigned d = (unsigned)(keys[i] >> shift) & 255u;
        // aggregate equal digits inside the warp before touching shared memory
        unsigned peers = __match_any_sync(__activemask(), d);
        int leader = __ffs(peers) - 1;
        if ((threadIdx.x & 31) == leader) atomicAdd(&h[d], __popc(peers));
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x) block_hist[(size_t)i * gridDim.x + blockIdx.x] = h[i];
}
