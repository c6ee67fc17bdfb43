// Graph analytics on CSR graphs: Jones-Plassmann greedy colouring step, triangle counting via
// sorted-list intersection (warp per vertex), and a label-propagation community detection step.

__device__ __forceinline__ unsigned int hash_prio(unsigned int v, unsigned int seed)
{
    unsigned int h = v * 0x9E3779B1u ^ seed;
    h ^= h >> 16; h *= 0x85EBCA6Bu; h ^= h >> 13; h *= 0xC2B2AE35u; h ^= h >> 16;
    return h;
}

// One round of Jones-Plassmann: uncoloured vertex with the highest priority among uncoloured neighbours
// takes the smallest colour not used by coloured neighbours (colour bitmask up to 64 colours).
extern "C" __global__ void jp_color_round(const int* __restrict__ row_ptr, const int* __restrict__ col_idx, int nv,
                                          int* __restrict__ color, unsigned int seed, int* __restrict__ n_uncolored)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nv || color[v] >= 0) return;
    unsigned int pv = hash_prio(v, seed);
    bool is_max = true;
    unsigned long long used = 0;
    int b = row_ptr[v], e = row_ptr[v + 1];
    for (int k = b; k < e; ++k) {
        int u = col_idx[k];
        int cu = color[u];
        if (cu < 0) {
            unsigned int pu = hash_prio(u, seed);
            if (pu > pv || (pu == pv && u > v)) { is_max = false; break; }
        } else if (cu < 64) {
            used |= 1ull << cu;
        }
    }
    if (is_max) color[v] = __ffsll(~used) - 1;
    else atomicAdd(n_uncolored, 1);
}

// Triangle counting for a degree-ordered DAG (u<v adjacency, sorted): one warp per vertex u;
// for each neighbour v, lanes binary-search chunks of N(u) in N(v).
extern "C" __global__ void triangle_count_warp_bsearch(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                                                       int nv, unsigned long long* __restrict__ total,
                                                       unsigned int* __restrict__ per_vertex)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= nv) return;
    int u = warp;
    int ub = row_ptr[u], ue = row_ptr[u + 1];
    unsigned int cnt = 0;
    for (int k = ub; k < ue; ++k) {
        int v = col_idx[k];
        int vb = row_ptr[v], ve = row_ptr[v + 1];
        // intersect N(u)[k+1..] with N(v): search elements of the shorter list in the longer one
        int ab = k + 1, ae = ue;
        int la = ae - ab, lb = ve - vb;
        const int* S = la <= lb ? col_idx + ab : col_idx + vb;
        const int* L = la <= lb ? col_idx + vb : col_idx + ab;
        int ns = min(la, lb), nl = max(la, lb);
        for (int s = lane; s < ns; s += 32) {
            int key = S[s];
            int lo = 0, hi = nl;
            while (lo < hi) { int mid = (lo + hi) >> 1; if (L[mid] < key) lo = mid + 1; else hi = mid; }
            if (lo < nl && L[lo] == key) ++cnt;
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) cnt += __shfl_xor_sync(0xffffffffu, cnt, o);
    if (lane == 0) {
        per_vertex[u] = cnt;
        atomicAdd(total, (unsigned long long)cnt);
    }
}

// Label propagation community detection step: each vertex adopts the most frequent neighbour label
// (local hash table with linear probing, runtime indexed -> local memory).
extern "C" __global__ void label_propagation_step(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                                                  const int* __restrict__ labels_in, int* __restrict__ labels_out,
                                                  int nv, int* __restrict__ changed)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nv) return;
    int keys[64];
    int vals[64];
#pragma unroll
    for (int i = 0; i < 64; ++i) { keys[i] = -1; vals[i] = 0; }
    int b = row_ptr[v], e = min(row_ptr[v + 1], b + 48);
    int best = labels_in[v], bestc = 0;
    for (int k = b; k < e; ++k) {
        int l = labels_in[col_idx[k]];
        unsigned h = ((unsigned)l * 2654435761u) >> 26;
        while (keys[h] != -1 && keys[h] != l) h = (h + 1) & 63;
        keys[h] = l;
        int c = ++vals[h];
        if (c > bestc || (c == bestc && l < best)) { bestc = c; best = l; }
    }
    labels_out[v] = best;
    if (best != labels_in[v]) atomicOr(changed, 1);
}
