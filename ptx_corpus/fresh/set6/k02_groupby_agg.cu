// Group-by aggregation operators for a columnar query engine.
//  * shared-memory pre-aggregation with spill to a global hash table
//  * segmented reduction over a sorted key column
//  * finalisation of SUM/COUNT/SUMSQ into AVG/VAR/STDDEV
#include <stdint.h>

#define GB_SMEM_SLOTS 1024
#define GB_EMPTY (-2147483647 - 1)

__device__ __forceinline__ unsigned int gb_hash32(int k)
{
    unsigned int h = (unsigned int)k;
    h ^= h >> 16; h *= 0x85ebca6bu;
    h ^= h >> 13; h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

// order-preserving float <-> int mapping for atomicMin/Max on floats
__device__ __forceinline__ int gb_float_to_ordered(float f)
{
    int i = __float_as_int(f);
    return i >= 0 ? i : i ^ 0x7fffffff;
}

struct GbGlobalTable {
    int*                keys;
    double*             sums;
    double*             sumsq;
    unsigned long long* counts;
    int*                mins;   // ordered-int encoded float
    int*                maxs;
    unsigned int        mask;
};

__device__ int gb_global_slot(GbGlobalTable t, int key)
{
    unsigned int slot = gb_hash32(key) & t.mask;
    for (;;) {
        int prev = atomicCAS(&t.keys[slot], GB_EMPTY, key);
        if (prev == GB_EMPTY || prev == key) return (int)slot;
        slot = (slot + 1) & t.mask;
    }
}

extern "C" __global__ void
groupby_shared_preagg(const int* __restrict__ keys,
                      const float* __restrict__ vals,
                      const unsigned char* __restrict__ row_mask,
                      int n,
                      GbGlobalTable gt)
{
    __shared__ int      s_key[GB_SMEM_SLOTS];
    __shared__ double   s_sum[GB_SMEM_SLOTS];
    __shared__ float    s_sq[GB_SMEM_SLOTS];
    __shared__ unsigned s_cnt[GB_SMEM_SLOTS];
    __shared__ int      s_min[GB_SMEM_SLOTS];
    __shared__ int      s_max[GB_SMEM_SLOTS];

    for (int i = threadIdx.x; i < GB_SMEM_SLOTS; i += blockDim.x) {
        s_key[i] = GB_EMPTY; s_sum[i] = 0.0; s_sq[i] = 0.f; s_cnt[i] = 0;
        s_min[i] = 0x7fffffff; s_max[i] = (int)0x80000000;
    }
    __syncthreads();

    const int stride = gridDim.x * blockDim.x;
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < n; r += stride) {
        if (row_mask && !row_mask[r]) continue;
        int k = keys[r];
        float v = vals[r];
        int ov = gb_float_to_ordered(v);
        unsigned int slot = gb_hash32(k) & (GB_SMEM_SLOTS - 1);
        bool placed = false;
        // bounded probing in shared memory; overflow goes straight to global
        for (int p = 0; p < 16; ++p) {
            int prev = atomicCAS(&s_key[slot], GB_EMPTY, k);
            if (prev == GB_EMPTY || prev == k) {
                atomicAdd(&s_sum[slot], (double)v);
                atomicAdd(&s_sq[slot], v * v);
                atomicAdd(&s_cnt[slot], 1u);
                atomicMin(&s_min[slot], ov);
                atomicMax(&s_max[slot], ov);
                placed = true;
                break;
            }
            slot = (slot + 1) & (GB_SMEM_SLOTS - 1);
        }
        if (!placed) {
            int g = gb_global_slot(gt, k);
            atomicAdd(&gt.sums[g], (double)v);
            atomicAdd(&gt.sumsq[g], (double)v * (double)v);
            atomicAdd(&gt.counts[g], 1ull);
            atomicMin(&gt.mins[g], ov);
            atomicMax(&gt.maxs[g], ov);
        }
    }
    __syncthreads();

    for (int i = threadIdx.x; i < GB_SMEM_SLOTS; i += blockDim.x) {
        int k = s_key[i];
        if (k == GB_EMPTY) continue;
        int g = gb_global_slot(gt, k);
        atomicAdd(&gt.sums[g], s_sum[i]);
        atomicAdd(&gt.sumsq[g], (double)s_sq[i]);
        atomicAdd(&gt.counts[g], (unsigned long long)s_cnt[i]);
        atomicMin(&gt.mins[g], s_min[i]);
        atomicMax(&gt.maxs[g], s_max[i]);
    }
}

// Segmented sum over a key-sorted column. Each warp handles 32 consecutive
// rows; a segmented inclusive scan (head flags) gives per-run totals, the
// last lane of each run writes/atomically merges its partial.
extern "C" __global__ void groupby_sorted_segreduce(const long long* __restrict__ sorted_keys,
                                                    const double* __restrict__ vals,
                                                    const int* __restrict__ group_id,  // dense id of each run
                                                    int n,
                                                    double* __restrict__ group_sum,
                                                    double* __restrict__ group_max)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    bool valid = i < n;
    long long key = valid ? sorted_keys[i] : 0x7fffffffffffffffLL;
    double s = valid ? vals[i] : 0.0;
    double m = valid ? vals[i] : -1.0e308;
    long long prev_key = __shfl_up_sync(0xffffffffu, key, 1);
    unsigned int head = (lane == 0 || prev_key != key) ? 1u : 0u;
    unsigned int heads = __ballot_sync(0xffffffffu, head);

#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        double s_up = __shfl_up_sync(0xffffffffu, s, off);
        double m_up = __shfl_up_sync(0xffffffffu, m, off);
        // segment start of this lane = highest head at or below lane
        unsigned int below = heads & ((2u << lane) - 1u);
        int seg_start = 31 - __clz(below);
        if (lane - off >= seg_start) {
            s += s_up;
            m = fmax(m, m_up);
        }
    }
    long long next_key = __shfl_down_sync(0xffffffffu, key, 1);
    bool tail = valid && (lane == 31 || next_key != key || i == n - 1);
    if (tail) {
        int g = group_id[i];
        // the first and last runs in a warp may be shared with neighbours
        unsigned int below = heads & ((2u << lane) - 1u);
        int seg_start = 31 - __clz(below);
        bool interior = (seg_start > 0) && (lane < 31) && (next_key != key);
        if (interior) {
            group_sum[g] = s;
            group_max[g] = m;
        } else {
            atomicAdd(&group_sum[g], s);
            unsigned long long* addr = (unsigned long long*)&group_max[g];
            unsigned long long old = *addr, assumed;
            do {
                assumed = old;
                if (__longlong_as_double(assumed) >= m) break;
                old = atomicCAS(addr, assumed, __double_as_longlong(m));
            } while (old != assumed);
        }
    }
}

// Turn accumulated moments into result columns.
extern "C" __global__ void groupby_finalize_stats(const int* __restrict__ table_keys,
                                                  const double* __restrict__ sums,
                                                  const double* __restrict__ sumsq,
                                                  const unsigned long long* __restrict__ counts,
                                                  const int* __restrict__ mins,
                                                  const int* __restrict__ maxs,
                                                  int num_slots,
                                                  int ddof,
                                                  int* __restrict__ out_key,
                                                  double* __restrict__ out_avg,
                                                  double* __restrict__ out_std,
                                                  float* __restrict__ out_range,
                                                  int* __restrict__ out_n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= num_slots) return;
    int k = table_keys[i];
    if (k == GB_EMPTY) return;
    unsigned long long c = counts[i];
    double n = (double)c;
    double mean = sums[i] / n;
    double m2 = sumsq[i] - n * mean * mean;
    if (m2 < 0.0) m2 = 0.0;
    double denom = n - (double)ddof;
    double var = denom > 0.0 ? m2 / denom : __longlong_as_double(0x7ff8000000000000ll);
    int mi = mins[i], ma = maxs[i];
    float fmn = __int_as_float(mi >= 0 ? mi : mi ^ 0x7fffffff);
    float fmx = __int_as_float(ma >= 0 ? ma : ma ^ 0x7fffffff);
    int o = atomicAdd(out_n, 1);
    out_key[o] = k;
    out_avg[o] = mean;
    out_std[o] = sqrt(var);
    out_range[o] = fmx - fmn;
}
