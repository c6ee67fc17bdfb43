// Graph analytics on CSR graphs with 64-bit edge offsets: warp-cooperative
// BFS frontier expansion, pull-based PageRank, triangle counting by sorted
// list intersection, and connected components by hooking + pointer jumping.
#include <cuda_runtime.h>
#include <stdint.h>

extern "C" __global__ void bfs_expand_warp(const int64_t* __restrict__ row_ptr, const int* __restrict__ col,
                                           const int* __restrict__ frontier, int fsize,
                                           int* __restrict__ dist, int level,
                                           int* __restrict__ next, int* __restrict__ next_size)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    int nw = (gridDim.x * blockDim.x) >> 5;
    for (int f = warp; f < fsize; f += nw) {
        int u = frontier[f];
        int64_t b = row_ptr[u], e = row_ptr[u + 1];
        for (int64_t k = b + lane; k < e + ((32 - (e - b) % 32) % 32); k += 32) {
            bool claim = false;
            int v = -1;
            if (k < e) {
                v = col[k];
                claim = (atomicCAS(&dist[v], -1, level + 1) == -1);
            }
            unsigned m = __ballot_sync(0xffffffffu, claim);
            int base = 0;
            if (lane == 0 && m) base = atomicAdd(next_size, __popc(m));
            base = __shfl_sync(0xffffffffu, base, 0);
            if (claim) next[base + __popc(m & ((1u << lane) - 1))] = v;
        }
    }
}

extern "C" __global__ void pagerank_pull(const int64_t* __restrict__ in_ptr, const int* __restrict__ in_src,
                                         const float* __restrict__ rank, const int* __restrict__ outdeg,
                                         int n, float damping, float* __restrict__ new_rank,
                                         float* __restrict__ l1_delta)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    float delta = 0.f;
    if (v < n) {
        float s = 0.f;
        for (int64_t k = in_ptr[v]; k < in_ptr[v + 1]; ++k) {
            int u = in_src[k];
            s += __ldg(&rank[u]) / (float)max(__ldg(&outdeg[u]), 1);
        }
        float r = (1.f - damping) / n + damping * s;
        delta = fabsf(r - rank[v]);
        new_rank[v] = r;
    }
    for (int o = 16; o > 0; o >>= 1) delta += __shfl_down_sync(0xffffffffu, delta, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(l1_delta, delta);
}

// For each edge (u,v) with u < v, count |N(u) ∩ N(v)| restricted to w > v.
extern "C" __global__ void triangle_count(const int64_t* __restrict__ row_ptr, const int* __restrict__ col,
                                          const int* __restrict__ esrc, int64_t nedges,
                                          unsigned long long* __restrict__ total)
{
    int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long cnt = 0;
    if (e < nedges) {
        int u = esrc[e], v = col[e];
        if (u < v) {
            const int* a = col + row_ptr[u]; const int* ae = col + row_ptr[u + 1];
            const int* b = col + row_ptr[v]; const int* be = col + row_ptr[v + 1];
            // skip to > v
            while (a < ae && *a <= v) ++a;
            while (b < be && *b <= v) ++b;
            while (a < ae && b < be) {
                int x = *a, y = *b;
                cnt += (x == y);
                a += (x <= y);
                b += (y <= x);
            }
        }
    }
    for (int o = 16; o > 0; o >>= 1) cnt += __shfl_down_sync(0xffffffffu, cnt, o);
    if ((threadIdx.x & 31) == 0 && cnt) atomicAdd(total, cnt);
}

// Hooking (min-label) over edges followed by full pointer jumping, one launch.
extern "C" __global__ void cc_hook_and_jump(const int* __restrict__ esrc, const int* __restrict__ edst,
                                            int64_t nedges, int* __restrict__ parent, int n,
                                            int* __restrict__ changed)
{
    int64_t tid = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t e = tid; e < nedges; e += stride) {
        int a = esrc[e], b = edst[e];
        int pa = parent[a], pb = parent[b];
        while (pa != parent[pa]) pa = parent[pa];
        while (pb != parent[pb]) pb = parent[pb];
        if (pa != pb) {
            int hi = max(pa, pb), lo = min(pa, pb);
            if (atomicCAS(&parent[hi], hi, lo) == hi) *changed = 1;
        }
    }
    for (int64_t v = tid; v < n; v += stride) {
        int p = parent[v];
        while (p != parent[p]) p = parent[p];
        parent[v] = p;
    }
}
