// Domain: GPU database operators (int64 keys, hashing, compaction)
// hash_join_probe_i64    - probe an open-addressing hash table (linear probing) with int64 keys, emit matches
// filter_compact_ballot  - predicate filter (range on two columns) with warp-ballot stream compaction
// groupby_sum_count_i64  - hash aggregation: SUM/COUNT/MIN per group key with 64-bit atomics
// radix_partition_hist   - per-block 8-bit radix histograms of uint64 keys in shared memory, written per digit

extern "C" __global__ void hash_join_probe_i64(const long long *__restrict__ probe_keys,
                                               const long long *__restrict__ ht_keys,
                                               const int *__restrict__ ht_vals, int ht_mask,
                                               int *__restrict__ out_probe_idx, int *__restrict__ out_build_val,
                                               int *__restrict__ out_count, int nprobe)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nprobe) return;
    long long k = probe_keys[i];
    unsigned long long h = (unsigned long long)k * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    unsigned slot = (unsigned)h & ht_mask;
    while (true) {
        long long hk = ht_keys[slot];
        if (hk == -1LL) break;
        if (hk == k) {
            int pos = atomicAdd(out_count, 1);
            out_probe_idx[pos] = i;
            out_build_val[pos] = ht_vals[slot];
        }
        slot = (slot + 1) & ht_mask;
    }
}

extern "C" __global__ void filter_compact_ballot(const int *__restrict__ a, const float *__restrict__ b,
                                                 int lo, int hi, float bmin, int *__restrict__ out_rows,
                                                 unsigned *__restrict__ out_n, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    bool keep = false;
    if (i < n) {
        int av = a[i];
        keep = av >= lo && av < hi && b[i] > bmin;
    }
    unsigned m = __ballot_sync(0xffffffffu, keep);
    unsigned base = 0;
    if (lane == 0 && m) base = atomicAdd(out_n, __popc(m));
    base = __shfl_sync(0xffffffffu, base, 0);
    if (keep) out_rows[base + __popc(m & ((1u << lane) - 1u))] = i;
}

extern "C" __global__ void groupby_sum_count_i64(const long long *keys, const long long *vals,
                                                 unsigned long long *tkeys, unsigned long long *tsum,
                                                 unsigned long long *tcnt, long long *tmin, int tmask, int n)
{
    const unsigned long long EMPTY = 0xffffffffffffffffull;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        unsigned long long k = (unsigned long long)keys[i];
        long long v = vals[i];
        unsigned long long h = k ^ (k >> 33);
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 33;
        unsigned s = (unsigned)h & tmask;
        for (;;) {
            unsigned long long prev = atomicCAS(&tkeys[s], EMPTY, k);
            if (prev == EMPTY || prev == k) {
                atomicAdd(&tsum[s], (unsigned long long)v);
                atomicAdd(&tcnt[s], 1ull);
                atomicMin(&tmin[s], v);
                break;
            }
            s = (s + 1) & tmask;
        }
    }
}

extern "C" __global__ void radix_partition_hist(const unsigned long long *keys, unsigned *hist /*8 x 256 x nblocks*/,
                                                int n)
{
    __shared__ unsigned h[8][256];
    for (int i = threadIdx.x; i < 8 * 256; i += blockDim.x) (&h[0][0])[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        unsigned long long k = keys[i];
#pragma unroll
        for (int d = 0; d < 8; ++d) atomicAdd(&h[d][(k >> (8 * d)) & 0xff], 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 8 * 256; i += blockDim.x) {
        int d = i >> 8, bin = i & 255;
        hist[((size_t)d * 256 + bin) * gridDim.x + blockIdx.x] = h[d][bin];
    }
}
