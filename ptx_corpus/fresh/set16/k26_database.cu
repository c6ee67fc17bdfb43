// Domain: database operators (hash-join build/probe, predicate filter with stream compaction, hash group-by aggregation, Bloom-filter probes)

__device__ __forceinline__ unsigned long long mix64(unsigned long long k)
{
    k ^= k >> 33; k *= 0xff51afd7ed558ccdull; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ull; k ^= k >> 33;
    return k;
}

// hashjoin_build_linear_probe: insert (key,rowid) pairs packed in 64 bits into an open-addressing table with atomicCAS
extern "C" __global__ void hashjoin_build_linear_probe(const int* __restrict__ keys, int n, unsigned long long* __restrict__ table, unsigned mask)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int k = keys[i];
    unsigned long long entry = ((unsigned long long)(unsigned)k << 32) | (unsigned)i;
    unsigned slot = (unsigned)mix64((unsigned)k) & mask;
    while (true) {
        unsigned long long prev = atomicCAS(&table[slot], ~0ull, entry);
        if (prev == ~0ull) break;
        slot = (slot + 1) & mask;
    }
}

// hashjoin_probe_emit_pairs: probe the table for each outer key, emit all (outer,inner) matches through a warp-aggregated output cursor
extern "C" __global__ void hashjoin_probe_emit_pairs(const int* __restrict__ probeKeys, int n, const unsigned long long* __restrict__ table,
                                                     unsigned mask, int2* __restrict__ outPairs, int* __restrict__ outCount, int maxOut)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int k = (i < n) ? probeKeys[i] : 0;
    unsigned slot = (unsigned)mix64((unsigned)k) & mask;
    bool active = i < n;
    while (__any_sync(0xffffffffu, active)) {
        bool match = false;
        int inner = -1;
        if (active) {
            unsigned long long e = table[slot];
            if (e == ~0ull) active = false;
            else {
                if ((int)(e >> 32) == k) { match = true; inner = (int)(e & 0xffffffffu); }
                slot = (slot + 1) & mask;
            }
        }
        unsigned bal = __ballot_sync(0xffffffffu, match);
        int base = 0;
        if (lane == 0 && bal) base = atomicAdd(outCount, __popc(bal));
        base = __shfl_sync(0xffffffffu, base, 0);
        if (match) {
            int o = base + __popc(bal & ((1u << lane) - 1u));
            if (o < maxOut) outPairs[o] = make_int2(i, inner);
        }
    }
}

// filter_between_compact_block: SELECT rowid WHERE lo <= a < hi AND b != c, 4 rows per thread, block-level compaction via shared prefix of warp counts
extern "C" __global__ void filter_between_compact_block(const float* __restrict__ a, const int* __restrict__ b, const int* __restrict__ c,
                                                        int n, float lo, float hi, int* __restrict__ outRows, int* __restrict__ outCount)
{
    __shared__ int warpCnt[32];
    __shared__ int blockBase;
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    int base = blockIdx.x * blockDim.x * 4;
    bool keep[4];
    int my = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        int i = base + k * blockDim.x + threadIdx.x;
        keep[k] = false;
        if (i < n) { float av = a[i]; keep[k] = av >= lo && av < hi && b[i] != c[i]; }
        my += keep[k];
    }
    int incl = my;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) { int t = __shfl_up_sync(0xffffffffu, incl, d); if (lane >= d) incl += t; }
    if (lane == 31) warpCnt[wid] = incl;
    __syncthreads();
    if (threadIdx.x == 0) {
        int s = 0;
        for (int w = 0; w < (int)(blockDim.x >> 5); ++w) { int t = warpCnt[w]; warpCnt[w] = s; s += t; }
        blockBase = atomicAdd(outCount, s);
    }
    __syncthreads();
    int pos = blockBase + warpCnt[wid] + incl - my;
#pragma unroll
    for (int k = 0; k < 4; ++k)
        if (keep[k]) outRows[pos++] = base + k * blockDim.x + threadIdx.x;
}

// groupby_sum_count_min_max_smem: GROUP BY key (<= 1024 distinct groups per block table) computing SUM/COUNT/MIN/MAX in a shared hash table, flushed to global aggregates
extern "C" __global__ void groupby_sum_count_min_max_smem(const int* __restrict__ keys, const int* __restrict__ vals, int n,
                                                          int* __restrict__ gKeys, unsigned long long* __restrict__ gSum,
                                                          unsigned* __restrict__ gCnt, int* __restrict__ gMin, int* __restrict__ gMax, unsigned gMask)
{
    __shared__ int sk[1024];
    __shared__ unsigned long long ss[1024];
    __shared__ unsigned sc[1024];
    __shared__ int smin[1024], smax[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) { sk[i] = -1; ss[i] = 0; sc[i] = 0; smin[i] = 0x7fffffff; smax[i] = (int)0x80000000; }
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        int k = keys[i], v = vals[i];
        unsigned s = (unsigned)mix64((unsigned)k) & 1023u;
        for (int p = 0; p < 1024; ++p) {
            int prev = atomicCAS(&sk[s], -1, k);
            if (prev == -1 || prev == k) {
                atomicAdd(&ss[s], (unsigned long long)(long long)v);
                atomicAdd(&sc[s], 1u);
                atomicMin(&smin[s], v); atomicMax(&smax[s], v);
                break;
            }
            s = (s + 1) & 1023u;
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) {
        int k = sk[i];
        if (k < 0) continue;
        unsigned g = (unsigned)mix64((unsigned)k) & gMask;
        while (true) {
            int prev = atomicCAS(&gKeys[g], -1, k);
            if (prev == -1 || prev == k) break;
            g = (g + 1) & gMask;
        }
        atomicAdd(&gSum[g], ss[i]); atomicAdd(&gCnt[g], sc[i]);
        atomicMin(&gMin[g], smin[i]); atomicMax(&gMax[g], smax[i]);
    }
}

// bloom_probe_k8_independent_loads: Bloom-filter membership for 64-bit keys, 8 hash probes issued as a chain of independent global loads
extern "C" __global__ void bloom_probe_k8_independent_loads(const unsigned long long* __restrict__ keys, int n, const unsigned* __restrict__ bitsArr,
                                                            unsigned long long nBits, unsigned char* __restrict__ maybe)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long k = keys[i];
    unsigned long long h1 = mix64(k), h2 = mix64(k ^ 0x9E3779B97F4A7C15ull) | 1ull;
    unsigned w[8];
    unsigned b[8];
#pragma unroll
    for (int j = 0; j < 8; ++j) {
        unsigned long long bit = (h1 + j * h2) % nBits;
        b[j] = (unsigned)(bit & 31);
        w[j] = __ldg(&bitsArr[bit >> 5]);
    }
    bool all = true;
#pragma unroll
    for (int j = 0; j < 8; ++j) all &= (w[j] >> b[j]) & 1u;
    maybe[i] = all;
}
