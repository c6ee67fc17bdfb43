// Per-thread selection and sorting on small runtime-sized windows held in local arrays.
#include <cuda_runtime.h>
#include <stdint.h>

// Sliding-window median over a 1D signal with runtime window (<= 63) via insertion sort.
extern "C" __global__ void running_median(const float* __restrict__ x, float* __restrict__ y, int n, int win)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float buf[63];
    int h = win / 2, cnt = 0;
    for (int k = -h; k <= h; ++k) {
        int j = min(max(i + k, 0), n - 1);
        float v = x[j];
        int p = cnt++;
        while (p > 0 && buf[p - 1] > v) { buf[p] = buf[p - 1]; --p; }
        buf[p] = v;
    }
    y[i] = buf[cnt / 2];
}

// k nearest neighbours (k <= 16) of each query among reference points, sorted distance list kept in local memory.
extern "C" __global__ void knn_bruteforce(const float4* __restrict__ ref, int n_ref, const float4* __restrict__ qry,
                                          int n_q, int k, int* __restrict__ idx_out, float* __restrict__ dist_out)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= n_q) return;
    float4 p = qry[q];
    float bd[16]; int bi[16];
    for (int j = 0; j < k; ++j) { bd[j] = 3.4e38f; bi[j] = -1; }
    for (int r = 0; r < n_ref; ++r) {
        float4 c = ref[r];
        float dx = c.x - p.x, dy = c.y - p.y, dz = c.z - p.z;
        float d = dx * dx + dy * dy + dz * dz;
        if (d >= bd[k - 1]) continue;
        int j = k - 1;
        while (j > 0 && bd[j - 1] > d) { bd[j] = bd[j - 1]; bi[j] = bi[j - 1]; --j; }
        bd[j] = d; bi[j] = r;
    }
    for (int j = 0; j < k; ++j) { idx_out[(size_t)q * k + j] = bi[j]; dist_out[(size_t)q * k + j] = bd[j]; }
}

// Radix-256 counting per thread over 64-bit keys of a small segment, then key at a given rank.
extern "C" __global__ void segment_rank_select_u64(const uint64_t* __restrict__ keys, const int* __restrict__ seg_off,
                                                   const int* __restrict__ rank, int n_seg,
                                                   uint64_t* __restrict__ out)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= n_seg) return;
    int b = seg_off[s], e = seg_off[s + 1];
    int want = rank[s];
    uint64_t prefix = 0, mask = 0;
    unsigned short hist[256];
    for (int shift = 56; shift >= 0; shift -= 8) {
        for (int d = 0; d < 256; ++d) hist[d] = 0;
        for (int i = b; i < e; ++i) {
            uint64_t kk = keys[i];
            if ((kk & mask) == prefix) ++hist[(kk >> shift) & 0xff];
        }
        int d = 0;
        while (d < 255 && want >= hist[d]) { want -= hist[d]; ++d; }
        prefix |= (uint64_t)d << shift;
        mask |= 0xffull << shift;
    }
    out[s] = prefix;
}

// Bitonic sort of 32 (key, value) pairs per thread with 64-bit keys, network fully in registers.
extern "C" __global__ void bitonic32_kv_u64(unsigned long long* __restrict__ keys, int* __restrict__ vals, int n_groups)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n_groups) return;
    unsigned long long k[32];
    int v[32];
    const ulonglong2* kp = reinterpret_cast<const ulonglong2*>(keys + (size_t)g * 32);
    const int4* vp = reinterpret_cast<const int4*>(vals + (size_t)g * 32);
#pragma unroll
    for (int i = 0; i < 16; ++i) { ulonglong2 t = kp[i]; k[2 * i] = t.x; k[2 * i + 1] = t.y; }
#pragma unroll
    for (int i = 0; i < 8; ++i) { int4 t = vp[i]; v[4 * i] = t.x; v[4 * i + 1] = t.y; v[4 * i + 2] = t.z; v[4 * i + 3] = t.w; }
#pragma unroll
    for (int s = 2; s <= 32; s <<= 1)
#pragma unroll
        for (int j = s >> 1; j > 0; j >>= 1)
#pragma unroll
            for (int i = 0; i < 32; ++i) {
                int l = i ^ j;
                if (l > i) {
                    bool up = (i & s) == 0;
                    bool sw = up ? (k[i] > k[l]) : (k[i] < k[l]);
                    unsigned long long a = k[i], b = k[l];
                    int x = v[i], y = v[l];
                    k[i] = sw ? b : a; k[l] = sw ? a : b;
                    v[i] = sw ? y : x; v[l] = sw ? x : y;
                }
            }
    ulonglong2* ko = reinterpret_cast<ulonglong2*>(keys + (size_t)g * 32);
    int4* vo = reinterpret_cast<int4*>(vals + (size_t)g * 32);
#pragma unroll
    for (int i = 0; i < 16; ++i) ko[i] = make_ulonglong2(k[2 * i], k[2 * i + 1]);
#pragma unroll
    for (int i = 0; i < 8; ++i) vo[i] = make_int4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
}
