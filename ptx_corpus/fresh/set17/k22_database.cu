// Domain: database operators (hash join, radix partitioning, Bloom filters, group-by, merge path, top-k)

__device__ __forceinline__ unsigned murmur3_fmix(unsigned h)
{
    h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; h *= 0xc2b2ae35u; h ^= h >> 16;
    return h;
}

// Hash-join probe: open addressing (linear probing) table of (key, payload), matches appended
extern "C" __global__ void hash_join_probe(const int2* __restrict__ table, unsigned mask, const int* __restrict__ probeKeys,
                                           const int* __restrict__ probePay, int n, int2* __restrict__ outPairs,
                                           unsigned* __restrict__ outCount)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int k = probeKeys[i];
    unsigned slot = murmur3_fmix((unsigned)k) & mask;
    while (true) {
        int2 e = table[slot];
        if (e.x == -1) break;
        if (e.x == k) {
            unsigned pos = atomicAdd(outCount, 1u);
            outPairs[pos] = make_int2(e.y, probePay[i]);
        }
        slot = (slot + 1) & mask;
    }
}

// Blocked Bloom filter probe: 7 hash functions from double hashing over a 64-bit key, 512-bit blocks
extern "C" __global__ void bloom_probe_blocked(const unsigned long long* __restrict__ keys, int n,
                                               const unsigned* __restrict__ filter, unsigned nBlocks,
                                               unsigned char* __restrict__ maybe)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long k = keys[i];
    k ^= k >> 33; k *= 0xff51afd7ed558ccdull; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ull; k ^= k >> 33;
    unsigned h1 = (unsigned)k, h2 = (unsigned)(k >> 32) | 1u;
    const unsigned* blk = filter + (size_t)(__umulhi(h1, nBlocks)) * 16;
    bool all = true;
#pragma unroll
    for (int j = 0; j < 7; ++j) {
        unsigned bit = (h2 + j * h1) & 511u;
        all &= ((blk[bit >> 5] >> (bit & 31)) & 1u) != 0;
    }
    maybe[i] = all;
}

// Group-by SUM/COUNT/MIN/MAX with warp-aggregated atomics (__match_any_sync on group id)
extern "C" __global__ void groupby_agg_warp(const int* __restrict__ gid, const float* __restrict__ val, int n,
                                            float* __restrict__ sum, unsigned* __restrict__ cnt,
                                            int* __restrict__ mn, int* __restrict__ mx)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    bool valid = i < n;
    int g = valid ? gid[i] : -1;
    float v = valid ? val[i] : 0.f;
    unsigned peers = __match_any_sync(0xffffffffu, g);
    int leader = __ffs(peers) - 1;
    float s = v;
    int vi = __float_as_int(v);
    int lo = valid ? vi : 0x7fffffff, hi = valid ? vi : (int)0x80000000;
    // reduce among peers: each lane folds in values of higher peers
    unsigned rest = peers & ~(1u << lane);
    for (int src = 0; src < 32; ++src) {
        float sv = __shfl_sync(0xffffffffu, v, src);
        if ((rest >> src) & 1u && lane == leader) {
            s += sv;
            int si = __float_as_int(sv);
            lo = min(lo, si); hi = max(hi, si);
        }
    }
    if (valid && lane == leader) {
        atomicAdd(&sum[g], s);
        atomicAdd(&cnt[g], (unsigned)__popc(peers));
        atomicMin(&mn[g], lo);   // valid ordering for non-negative floats
        atomicMax(&mx[g], hi);
    }
}

// Per-group top-k (k <= 16, run time) by score with a small sorted local buffer -> stack frame
extern "C" __global__ void groupwise_topk_local(const int* __restrict__ groupOff, const float* __restrict__ score,
                                                const int* __restrict__ rowId, int nGroups, int k,
                                                float* __restrict__ topScore, int* __restrict__ topRow)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= nGroups) return;
    k = min(k, 16);
    float bs[16];
    int br[16];
    int cnt = 0;
    for (int i = groupOff[g]; i < groupOff[g + 1]; ++i) {
        float s = score[i];
        if (cnt == k && s <= bs[k - 1]) continue;
        int pos = (cnt < k) ? cnt++ : k - 1;
        while (pos > 0 && bs[pos - 1] < s) { bs[pos] = bs[pos - 1]; br[pos] = br[pos - 1]; --pos; }
        bs[pos] = s; br[pos] = rowId[i];
    }
    for (int j = 0; j < k; ++j) {
        topScore[g * 16 + j] = j < cnt ? bs[j] : -INFINITY;
        topRow[g * 16 + j] = j < cnt ? br[j] : -1;
    }
}
