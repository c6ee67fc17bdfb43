// Columnar hash join: build, probe (inner join with warp-aggregated output),
// and semi/anti join producing a row bitmap.
#include <stdint.h>

#define HJ_EMPTY_KEY 0xFFFFFFFFFFFFFFFFull
#define HJ_MAX_LOCAL_MATCHES 8

__device__ __forceinline__ unsigned long long hj_mix64(unsigned long long k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
}

// Multimap build: every build row is inserted (duplicates allowed).
extern "C" __global__ void hash_join_build(const unsigned long long* __restrict__ build_keys,
                                           const unsigned char* __restrict__ build_valid,
                                           int num_rows,
                                           unsigned long long* __restrict__ table_keys,
                                           int* __restrict__ table_rows,
                                           unsigned long long capacity_mask,
                                           int* __restrict__ overflow_flag)
{
    const int stride = gridDim.x * blockDim.x;
    for (int row = blockIdx.x * blockDim.x + threadIdx.x; row < num_rows; row += stride) {
        if (build_valid != nullptr && !build_valid[row]) continue;  // NULL keys never match
        unsigned long long key = build_keys[row];
        unsigned long long slot = hj_mix64(key) & capacity_mask;
        unsigned long long probes = 0;
        while (true) {
            unsigned long long prev = atomicCAS(&table_keys[slot], HJ_EMPTY_KEY, key);
            if (prev == HJ_EMPTY_KEY) {
                table_rows[slot] = row;
                break;
            }
            slot = (slot + 1) & capacity_mask;
            if (++probes > capacity_mask) {
                atomicExch(overflow_flag, 1);
                break;
            }
        }
    }
}

// Inner join probe. Each thread buffers up to HJ_MAX_LOCAL_MATCHES matches,
// the warp computes an exclusive prefix of match counts and reserves output
// space with a single atomic per warp. Rows with more matches loop.
extern "C" __global__ void hash_join_probe(const unsigned long long* __restrict__ probe_keys,
                                           int num_probe,
                                           const unsigned long long* __restrict__ table_keys,
                                           const int* __restrict__ table_rows,
                                           unsigned long long capacity_mask,
                                           int* __restrict__ out_probe_idx,
                                           int* __restrict__ out_build_idx,
                                           unsigned long long* __restrict__ out_count,
                                           unsigned long long out_capacity)
{
    const int lane = threadIdx.x & 31;
    const int warps_total = (gridDim.x * blockDim.x) >> 5;
    const int warp_global = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int local_build[HJ_MAX_LOCAL_MATCHES];

    for (int base = warp_global * 32; base < num_probe; base += warps_total * 32) {
        int row = base + lane;
        bool active = row < num_probe;
        unsigned long long key = active ? probe_keys[row] : HJ_EMPTY_KEY;
        unsigned long long slot = hj_mix64(key) & capacity_mask;
        bool done = !active;

        while (__any_sync(0xffffffffu, !done)) {
            int nloc = 0;
            while (!done && nloc < HJ_MAX_LOCAL_MATCHES) {
                unsigned long long k = table_keys[slot];
                if (k == HJ_EMPTY_KEY) { done = true; break; }
                if (k == key) local_build[nloc++] = table_rows[slot];
                slot = (slot + 1) & capacity_mask;
            }
            // warp inclusive scan of nloc
            int incl = nloc;
#pragma unroll
            for (int off = 1; off < 32; off <<= 1) {
                int v = __shfl_up_sync(0xffffffffu, incl, off);
                if (lane >= off) incl += v;
            }
            int total = __shfl_sync(0xffffffffu, incl, 31);
            unsigned long long warp_base = 0;
            if (lane == 31 && total > 0) warp_base = atomicAdd(out_count, (unsigned long long)total);
            warp_base = __shfl_sync(0xffffffffu, warp_base, 31);
            unsigned long long pos = warp_base + (unsigned long long)(incl - nloc);
            for (int j = 0; j < nloc; ++j) {
                if (pos + j < out_capacity) {
                    out_probe_idx[pos + j] = row;
                    out_build_idx[pos + j] = local_build[j];
                }
            }
        }
    }
}

// Semi join (anti = 0) or anti join (anti = 1): one bit per probe row.
// Uses ballot to assemble 32-bit words so each word is written exactly once.
extern "C" __global__ void hash_join_semi_bitmap(const unsigned long long* __restrict__ probe_keys,
                                                 const unsigned int* __restrict__ probe_null_mask,
                                                 int num_probe,
                                                 const unsigned long long* __restrict__ table_keys,
                                                 unsigned long long capacity_mask,
                                                 int anti,
                                                 unsigned int* __restrict__ out_bitmap,
                                                 unsigned int* __restrict__ out_selected)
{
    __shared__ unsigned int s_count;
    if (threadIdx.x == 0) s_count = 0;
    __syncthreads();

    int row = blockIdx.x * blockDim.x + threadIdx.x;
    bool found = false;
    bool is_null = true;
    if (row < num_probe) {
        is_null = probe_null_mask ? !((probe_null_mask[row >> 5] >> (row & 31)) & 1u) : false;
        if (!is_null) {
            unsigned long long key = probe_keys[row];
            unsigned long long slot = hj_mix64(key) & capacity_mask;
            for (;;) {
                unsigned long long k = __ldg(&table_keys[slot]);
                if (k == key) { found = true; break; }
                if (k == HJ_EMPTY_KEY) break;
                slot = (slot + 1) & capacity_mask;
            }
        }
    }
    // SQL semantics: NOT IN with NULL probe key is not selected.
    bool sel = (row < num_probe) && !is_null && (anti ? !found : found);
    unsigned int word = __ballot_sync(0xffffffffu, sel);
    if ((threadIdx.x & 31) == 0 && row < num_probe) {
        out_bitmap[row >> 5] = word;
        atomicAdd(&s_count, __popc(word));
    }
    __syncthreads();
    if (threadIdx.x == 0 && s_count) atomicAdd(out_selected, s_count);
}
