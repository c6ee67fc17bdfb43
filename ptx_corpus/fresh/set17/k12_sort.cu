// Domain: sorting networks and small sorts (SDK sortingNetworks, register networks, local insertion sort)

__device__ __forceinline__ void cmpSwapKV(unsigned& keyA, unsigned& valA, unsigned& keyB, unsigned& valB, unsigned dir)
{
    if ((keyA > keyB) == dir) {
        unsigned t = keyA; keyA = keyB; keyB = t;
        t = valA; valA = valB; valB = t;
    }
}

// Bitonic sort of key/value pairs in shared memory, 2 elements per thread (SDK bitonicSortShared)
extern "C" __global__ void bitonic_sort_shared(unsigned* __restrict__ d_DstKey, unsigned* __restrict__ d_DstVal,
                                               const unsigned* __restrict__ d_SrcKey, const unsigned* __restrict__ d_SrcVal,
                                               unsigned arrayLength, unsigned dir)
{
    __shared__ unsigned s_key[1024];
    __shared__ unsigned s_val[1024];
    d_SrcKey += blockIdx.x * 1024 + threadIdx.x;
    d_SrcVal += blockIdx.x * 1024 + threadIdx.x;
    d_DstKey += blockIdx.x * 1024 + threadIdx.x;
    d_DstVal += blockIdx.x * 1024 + threadIdx.x;
    s_key[threadIdx.x] = d_SrcKey[0];
    s_val[threadIdx.x] = d_SrcVal[0];
    s_key[threadIdx.x + 512] = d_SrcKey[512];
    s_val[threadIdx.x + 512] = d_SrcVal[512];
    for (unsigned size = 2; size < arrayLength; size <<= 1) {
        unsigned ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            cmpSwapKV(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], ddd);
        }
    }
    for (unsigned stride = arrayLength / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
        cmpSwapKV(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], dir);
    }
    __syncthreads();
    d_DstKey[0] = s_key[threadIdx.x];
    d_DstVal[0] = s_val[threadIdx.x];
    d_DstKey[512] = s_key[threadIdx.x + 512];
    d_DstVal[512] = s_val[threadIdx.x + 512];
}

// 32-element bitonic sorting network per thread, array indices compile-time after unrolling
// (kept in registers), float keys
extern "C" __global__ void sort32_register_network(const float* __restrict__ in, float* __restrict__ out, int nArrays)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nArrays) return;
    float v[32];
#pragma unroll
    for (int i = 0; i < 32; i += 4) {
        float4 q = reinterpret_cast<const float4*>(in + t * 32)[i / 4];
        v[i] = q.x; v[i + 1] = q.y; v[i + 2] = q.z; v[i + 3] = q.w;
    }
#pragma unroll
    for (int k = 2; k <= 32; k <<= 1)
#pragma unroll
        for (int j = k >> 1; j > 0; j >>= 1)
#pragma unroll
            for (int i = 0; i < 32; ++i) {
                int l = i ^ j;
                if (l > i) {
                    float a = v[i], b = v[l];
                    bool up = ((i & k) == 0);
                    v[i] = up ? fminf(a, b) : fmaxf(a, b);
                    v[l] = up ? fmaxf(a, b) : fminf(a, b);
                }
            }
#pragma unroll
    for (int i = 0; i < 32; i += 4)
        reinterpret_cast<float4*>(out + t * 32)[i / 4] = make_float4(v[i], v[i + 1], v[i + 2], v[i + 3]);
}

// Insertion sort of a run-time-length segment (<= 64 keys) in a per-thread local array (stack frame)
extern "C" __global__ void segment_insertion_sort_local(const int* __restrict__ keys, const int* __restrict__ segOff,
                                                        int* __restrict__ out, int nSeg)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nSeg) return;
    int beg = segOff[s], len = min(segOff[s + 1] - beg, 64);
    int a[64];
    for (int i = 0; i < len; ++i) {
        int k = keys[beg + i];
        int j = i - 1;
        while (j >= 0 && a[j] > k) { a[j + 1] = a[j]; --j; }
        a[j + 1] = k;
    }
    for (int i = 0; i < len; ++i) out[beg + i] = a[i];
}

// Warp-level bitonic sort of 32 keys using shuffles (one key per lane), 64-bit keys
extern "C" __global__ void warp_bitonic_u64(const unsigned long long* __restrict__ in, unsigned long long* __restrict__ out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    unsigned long long v = (gid < n) ? in[gid] : ~0ull;
#pragma unroll
    for (int k = 2; k <= 32; k <<= 1)
#pragma unroll
        for (int j = k >> 1; j > 0; j >>= 1) {
            unsigned long long o = __shfl_xor_sync(0xffffffffu, v, j);
            bool up = ((lane & k) == 0);
            bool lower = ((lane & j) == 0);
            bool takeMin = (up == lower);
            v = takeMin ? (v < o ? v : o) : (v > o ? v : o);
        }
    if (gid < n) out[gid] = v;
}

// Radix-sort local pass: per-block 4-bit digit histogram and stable ranking via ballots
extern "C" __global__ void radix_rank_4bit(const unsigned* __restrict__ keys, unsigned* __restrict__ ranks,
                                           unsigned* __restrict__ digitCounts, int shift, int n)
{
    __shared__ unsigned warpCounts[8][16];
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    unsigned k = (gid < n) ? keys[gid] : 0xFFFFFFFFu;
    unsigned d = (k >> shift) & 15;
    unsigned match = 0xffffffffu;
#pragma unroll
    for (int b = 0; b < 4; ++b) {
        unsigned bal = __ballot_sync(0xffffffffu, (d >> b) & 1);
        match &= ((d >> b) & 1) ? bal : ~bal;
    }
    unsigned rankInWarp = __popc(match & ((1u << lane) - 1));
    if (threadIdx.x < 128) (&warpCounts[0][0])[threadIdx.x] = 0;
    __syncthreads();
    if (rankInWarp == 0) warpCounts[wid][d] = __popc(match);
    __syncthreads();
    unsigned before = 0;
    for (int w = 0; w < wid; ++w) before += warpCounts[w][d];
    if (gid < n) ranks[gid] = before + rankInWarp;
    if (threadIdx.x < 16) {
        unsigned tot = 0;
        for (int w = 0; w < 8; ++w) tot += warpCounts[w][threadIdx.x];
        digitCounts[blockIdx.x * 16 + threadIdx.x] = tot;
    }
}
