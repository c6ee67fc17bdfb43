// Domain: database operators and string processing
// hash_join_probe: probes a linear-probing hash table (64-bit keys) and emits matching (probe row, build payload) pairs.
// groupby_local_table: hash aggregation (sum, count, min, max) with a per-thread 32-slot local hash table flushed via atomics.
// like_match_recursive: SQL LIKE matching ('%' and '_' wildcards, '\' escape) with a recursive noinline backtracking matcher.
// csv_dfa_chunks: parallel CSV parsing pass: each thread simulates a 4-state quote-aware DFA from every start state over its chunk.

#include <stdint.h>

extern "C" __global__ void hash_join_probe(const unsigned long long* __restrict__ ht_keys, const int* __restrict__ ht_vals,
                                           unsigned long long mask, const unsigned long long* __restrict__ probe_keys,
                                           int nprobe, int2* __restrict__ out, int* __restrict__ out_count, int out_cap)
{
    const unsigned long long EMPTY = ~0ULL;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nprobe) return;
    unsigned long long k = probe_keys[i];
    unsigned long long h = k * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    unsigned long long slot = h & mask;
    for (unsigned long long step = 0; step <= mask; step++) {
        unsigned long long sk = ht_keys[slot];
        if (sk == EMPTY) break;
        if (sk == k) {
            int pos = atomicAdd(out_count, 1);
            if (pos < out_cap) out[pos] = make_int2(i, ht_vals[slot]);
        }
        slot = (slot + 1) & mask;
    }
}

#define GB_SLOTS 32
extern "C" __global__ void groupby_local_table(const int* __restrict__ keys, const double* __restrict__ vals, int n,
                                               int* __restrict__ g_keys, double* __restrict__ g_sum,
                                               unsigned long long* __restrict__ g_cnt, int g_mask)
{
    // global table: open addressing on g_keys (-1 = empty), g_mask+1 slots
    int lk[GB_SLOTS];
    double ls[GB_SLOTS];
    int lc[GB_SLOTS];
    for (int s = 0; s < GB_SLOTS; s++) lk[s] = -1;
    int used = 0;
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i <= n; i += stride) {
        bool flush = (i == n) || used >= GB_SLOTS * 3 / 4;
        if (flush) {
            for (int s = 0; s < GB_SLOTS; s++) {
                if (lk[s] < 0) continue;
                int key = lk[s];
                unsigned h = ((unsigned)key * 2654435761u) & (unsigned)g_mask;
                while (true) {
                    int prev = atomicCAS(&g_keys[h], -1, key);
                    if (prev == -1 || prev == key) break;
                    h = (h + 1) & (unsigned)g_mask;
                }
                atomicAdd(&g_sum[h], ls[s]);
                atomicAdd(&g_cnt[h], (unsigned long long)lc[s]);
                lk[s] = -1;
            }
            used = 0;
        }
        if (i == n) break;
        int key = keys[i];
        if (key < 0) continue;
        double v = vals[i];
        unsigned s = ((unsigned)key * 2654435761u) & (GB_SLOTS - 1);
        while (lk[s] >= 0 && lk[s] != key) s = (s + 1) & (GB_SLOTS - 1);
        if (lk[s] < 0) { lk[s] = key; ls[s] = 0.0; lc[s] = 0; used++; }
        ls[s] += v;
        lc[s]++;
    }
    // threads whose stride loop never reached i == n still hold entries
    for (int s = 0; s < GB_SLOTS; s++) {
        if (lk[s] < 0) continue;
        int key = lk[s];
        unsigned h = ((unsigned)key * 2654435761u) & (unsigned)g_mask;
        while (true) {
            int prev = atomicCAS(&g_keys[h], -1, key);
            if (prev == -1 || prev == key) break;
            h = (h + 1) & (unsigned)g_mask;
        }
        atomicAdd(&g_sum[h], ls[s]);
        atomicAdd(&g_cnt[h], (unsigned long long)lc[s]);
    }
}

__device__ __noinline__ bool like_rec(const char* s, int sn, const char* p, int pn, int depth)
{
    if (depth > 64) return false;
    int i = 0, j = 0;
    while (j < pn) {
        char pc = p[j];
        if (pc == '%') {
            while (j < pn && p[j] == '%') j++;
            if (j == pn) return true;
            for (int k = i; k <= sn; k++)
                if (like_rec(s + k, sn - k, p + j, pn - j, depth + 1)) return true;
            return false;
        }
        if (i >= sn) return false;
        if (pc == '\\' && j + 1 < pn) {
            j++;
            if (s[i] != p[j]) return false;
        } else if (pc != '_' && s[i] != pc) {
            return false;
        }
        i++;
        j++;
    }
    return i == sn;
}

extern "C" __global__ void like_match_recursive(const char* __restrict__ strs, const int* __restrict__ offs,
                                                const char* __restrict__ pattern, int plen,
                                                uint8_t* __restrict__ match, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int b = offs[i], e = offs[i + 1];
    match[i] = like_rec(strs + b, e - b, pattern, plen, 0) ? 1 : 0;
}

// states: 0 = field start, 1 = unquoted field, 2 = inside quotes, 3 = quote seen inside quotes
// char classes: 0 = other, 1 = comma, 2 = newline, 3 = quote
__constant__ uint8_t c_csv_trans[4][4] = {
    {1, 0, 0, 2}, {1, 0, 0, 1}, {2, 2, 2, 3}, {1, 0, 0, 2}};

extern "C" __global__ void csv_dfa_chunks(const char* __restrict__ text, long long len, int chunk,
                                          uint8_t* __restrict__ end_state, unsigned* __restrict__ nrecords)
{
    // end_state: [nchunks][4] final state for each start state; nrecords: [nchunks][4] newline-as-record-end counts
    long long c = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long beg = c * chunk;
    if (beg >= len) return;
    long long end = min(len, beg + chunk);
    int st[4] = {0, 1, 2, 3};
    unsigned rec[4] = {0, 0, 0, 0};
    for (long long p = beg; p < end; p++) {
        char ch = text[p];
        int cls = ch == ',' ? 1 : ch == '\n' ? 2 : ch == '"' ? 3 : 0;
#pragma unroll
        for (int s = 0; s < 4; s++) {
            int cur = st[s];
            if (cls == 2 && cur != 2) rec[s]++;
            st[s] = c_csv_trans[cur][cls];
        }
    }
#pragma unroll
    for (int s = 0; s < 4; s++) {
        end_state[c * 4 + s] = (uint8_t)st[s];
        nrecords[c * 4 + s] = rec[s];
    }
}
