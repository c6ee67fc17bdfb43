// Domain: prefix sums and histograms
// scan_block_warp: inclusive block-wide scan of ints using warp shuffles and a shared array of warp totals.
// scan_thread8_block: each thread scans 8 consecutive elements in registers, then a block exclusive scan of thread totals.
// hist256_shared_atomic: 256-bin byte histogram with shared-memory atomics and per-warp sub-histograms.
// hist_thread_private: per-thread private 64-bin counters (runtime-indexed local array) merged into shared.

extern "C" __global__ void scan_block_warp(const int* __restrict__ in, int* __restrict__ out,
                                           int* __restrict__ block_sums, int n)
{
    __shared__ int warp_tot[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    int v = (i < n) ? in[i] : 0;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        int t = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o) v += t;
    }
    if (lane == 31) warp_tot[wid] = v;
    __syncthreads();
    if (wid == 0) {
        int nw = blockDim.x >> 5;
        int w = (lane < nw) ? warp_tot[lane] : 0;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            int t = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += t;
        }
        warp_tot[lane] = w;
    }
    __syncthreads();
    if (wid > 0) v += warp_tot[wid - 1];
    if (i < n) out[i] = v;
    if (threadIdx.x == blockDim.x - 1 && block_sums) block_sums[blockIdx.x] = v;
}

extern "C" __global__ void scan_thread8_block(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float wsum[32];
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
    float v[8];
    if (base + 7 < n) {
        float4 a = reinterpret_cast<const float4*>(in + base)[0];
        float4 b = reinterpret_cast<const float4*>(in + base)[1];
        v[0] = a.x; v[1] = a.y; v[2] = a.z; v[3] = a.w; v[4] = b.x; v[5] = b.y; v[6] = b.z; v[7] = b.w;
    } else {
#pragma unroll
        for (int k = 0; k < 8; k++) v[k] = (base + k < n) ? in[base + k] : 0.f;
    }
#pragma unroll
    for (int k = 1; k < 8; k++) v[k] += v[k - 1];
    float tot = v[7];
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    float x = tot;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        float t = __shfl_up_sync(0xffffffffu, x, o);
        if (lane >= o) x += t;
    }
    if (lane == 31) wsum[wid] = x;
    __syncthreads();
    if (wid == 0) {
        float w = (lane < (int)(blockDim.x >> 5)) ? wsum[lane] : 0.f;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) {
            float t = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += t;
        }
        wsum[lane] = w;
    }
    __syncthreads();
    float excl = x - tot + (wid > 0 ? wsum[wid - 1] : 0.f);
#pragma unroll
    for (int k = 0; k < 8; k++)
        if (base + k < n) out[base + k] = v[k] + excl;
}

extern "C" __global__ void hist256_shared_atomic(const unsigned char* __restrict__ data, size_t n,
                                                 unsigned int* __restrict__ hist)
{
    // blockDim.x must be a multiple of 32 and <= 256; 8 sub-histograms to reduce contention
    __shared__ unsigned int sub[8][256];
    int wid = (threadIdx.x >> 5) & 7;
    for (int i = threadIdx.x; i < 8 * 256; i += blockDim.x) (&sub[0][0])[i] = 0;
    __syncthreads();
    size_t stride = (size_t)gridDim.x * blockDim.x;
    size_t n4 = n / 4;
    const unsigned int* d4 = reinterpret_cast<const unsigned int*>(data);
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        unsigned int w = d4[i];
        atomicAdd(&sub[wid][w & 0xff], 1u);
        atomicAdd(&sub[wid][(w >> 8) & 0xff], 1u);
        atomicAdd(&sub[wid][(w >> 16) & 0xff], 1u);
        atomicAdd(&sub[wid][w >> 24], 1u);
    }
    for (size_t i = n4 * 4 + (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&sub[wid][data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) {
        unsigned int s = 0;
#pragma unroll
        for (int w = 0; w < 8; w++) s += sub[w][b];
        if (s) atomicAdd(&hist[b], s);
    }
}

extern "C" __global__ void hist_thread_private(const float* __restrict__ x, int n, float lo, float hi,
                                               unsigned int* __restrict__ hist)
{
    __shared__ unsigned int sh[64];
    unsigned short cnt[64];
#pragma unroll
    for (int b = 0; b < 64; b++) cnt[b] = 0;
    for (int b = threadIdx.x; b < 64; b += blockDim.x) sh[b] = 0;
    __syncthreads();
    float scale = 64.f / (hi - lo);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;
    int local_n = 0;
    for (; i < n; i += stride) {
        float v = x[i];
        if (!(v >= lo && v < hi)) continue;
        int b = min(63, (int)((v - lo) * scale));
        cnt[b]++;
        if (++local_n == 65535) {   // flush before the 16-bit counters can overflow
            for (int k = 0; k < 64; k++) { if (cnt[k]) atomicAdd(&sh[k], (unsigned)cnt[k]); cnt[k] = 0; }
            local_n = 0;
        }
    }
    for (int k = 0; k < 64; k++) {
        int b = (k + threadIdx.x) & 63;   // stagger to reduce conflicts
        if (cnt[b]) atomicAdd(&sh[b], (unsigned)cnt[b]);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < 64; b += blockDim.x)
        if (sh[b]) atomicAdd(&hist[b], sh[b]);
}
