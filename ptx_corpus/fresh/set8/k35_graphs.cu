// Graph analytics: PageRank pull iteration with dangling-mass redistribution and L1 residual,
// personalised PageRank via forward push with a frontier queue, triangle counting by sorted
// adjacency intersection (warp per edge, binary-search merge), and k-core peeling rounds.
#include <cuda_runtime.h>

extern "C" __global__ void pagerank_pull(const int *__restrict__ in_ptr, const int *__restrict__ in_src,
                                         const float *__restrict__ inv_outdeg, const float *__restrict__ pr,
                                         float *__restrict__ pr_new, int n, float damping, float dangling_sum,
                                         float *__restrict__ l1_delta)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    float d = 0.f;
    if (v < n) {
        float s = 0.f;
        int beg = in_ptr[v], end = in_ptr[v + 1];
        int e = beg;
        for (; e + 4 <= end; e += 4) {
            int u0 = __ldg(in_src + e), u1 = __ldg(in_src + e + 1), u2 = __ldg(in_src + e + 2), u3 = __ldg(in_src + e + 3);
            s += __ldg(pr + u0) * __ldg(inv_outdeg + u0) + __ldg(pr + u1) * __ldg(inv_outdeg + u1)
               + __ldg(pr + u2) * __ldg(inv_outdeg + u2) + __ldg(pr + u3) * __ldg(inv_outdeg + u3);
        }
        for (; e < end; ++e) { int u = __ldg(in_src + e); s += __ldg(pr + u) * __ldg(inv_outdeg + u); }
        float nv = (1.f - damping) / n + damping * (s + dangling_sum / n);
        d = fabsf(nv - pr[v]);
        pr_new[v] = nv;
    }
    for (int o = 16; o; o >>= 1) d += __shfl_down_sync(~0u, d, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(l1_delta, d);
}

// Forward push: for vertices in the frontier, move alpha*r to p, spread (1-alpha)*r/deg to neighbours;
// neighbours whose residual crosses eps*deg are appended to the next frontier (deduplicated by flag).
extern "C" __global__ void ppr_forward_push(const int *__restrict__ rowptr, const int *__restrict__ col,
                                            const int *__restrict__ frontier, int nfront, float alpha, float eps,
                                            float *__restrict__ p, float *__restrict__ r,
                                            int *__restrict__ next, int *__restrict__ nnext, int *__restrict__ inq)
{
    int w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (w >= nfront) return;
    int v = frontier[w];
    int beg = rowptr[v], deg = rowptr[v + 1] - beg;
    float rv = 0.f;
    if (lane == 0) {
        rv = atomicExch(r + v, 0.f);
        p[v] += alpha * rv;
        inq[v] = 0;
    }
    rv = __shfl_sync(~0u, rv, 0);
    if (deg == 0 || rv == 0.f) return;
    float share = (1.f - alpha) * rv / deg;
    for (int e = lane; e < deg; e += 32) {
        int u = col[beg + e];
        float old = atomicAdd(r + u, share);
        int du = rowptr[u + 1] - rowptr[u];
        if (old < eps * du && old + share >= eps * du) {
            if (atomicExch(inq + u, 1) == 0) {
                int pos = atomicAdd(nnext, 1);
                next[pos] = u;
            }
        }
    }
}

__device__ __forceinline__ int lower_bound_dev(const int *a, int lo, int hi, int key)
{
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (__ldg(a + mid) < key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

// Oriented graph (u -> v only if u < v by degree order), adjacency sorted. For each edge (u, v) count
// |N+(u) ∩ N+(v)|. Warp per edge: lanes take elements of the shorter list and binary-search the longer.
extern "C" __global__ void triangle_count_edges(const int *__restrict__ rowptr, const int *__restrict__ col,
                                                const int2 *__restrict__ edges, long long nedges,
                                                unsigned long long *__restrict__ total)
{
    long long e = ((long long)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    unsigned long long cnt = 0;
    if (e < nedges) {
        int2 uv = edges[e];
        int ab = rowptr[uv.x], ae = rowptr[uv.x + 1];
        int bb = rowptr[uv.y], be = rowptr[uv.y + 1];
        if (ae - ab > be - bb) { int t = ab; ab = bb; bb = t; t = ae; ae = be; be = t; }
        int lo = bb;
        for (int i = ab + lane; i < ae; i += 32) {
            int key = __ldg(col + i);
            int pos = lower_bound_dev(col, lo, be, key);
            if (pos < be && __ldg(col + pos) == key) ++cnt;
            // keys increase with i, so the lowest lane's position is a valid new lower bound for all
            lo = __shfl_sync(~0u, pos, 0);
            lo = max(lo, bb);
        }
    }
    for (int o = 16; o; o >>= 1) cnt += __shfl_down_sync(~0u, cnt, o);
    if (lane == 0 && cnt) atomicAdd(total, cnt);
}

// One peeling round for k-core: vertices with current degree < k (and alive) are removed, and
// their neighbours' degrees decremented. Block-level compaction of removed vertices into a list.
extern "C" __global__ void __launch_bounds__(256)
kcore_peel_round(const int *__restrict__ rowptr, const int *__restrict__ col, int n, int k,
                 int *__restrict__ deg, unsigned char *__restrict__ alive, int *__restrict__ core,
                 int *__restrict__ removed_count)
{
    __shared__ int s_list[256];
    __shared__ int s_n;
    if (threadIdx.x == 0) s_n = 0;
    __syncthreads();
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n && alive[v] && deg[v] < k) {
        alive[v] = 0;
        core[v] = k - 1;
        int pos = atomicAdd(&s_n, 1);
        s_list[pos] = v;
    }
    __syncthreads();
    int nrem = s_n;
    if (threadIdx.x == 0 && nrem) atomicAdd(removed_count, nrem);
    // warp-cooperative neighbour decrement for removed vertices
    int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, nw = blockDim.x >> 5;
    for (int i = warp; i < nrem; i += nw) {
        int u = s_list[i];
        for (int e = rowptr[u] + lane; e < rowptr[u + 1]; e += 32) {
            int w = col[e];
            if (alive[w]) atomicSub(deg + w, 1);
        }
    }
}
