// Connected components, k-core peeling and betweenness helpers on CSR graphs.
#include <cuda_runtime.h>

// Shiloach-Vishkin style hooking step over an edge list.
extern "C" __global__ void cc_hook(const int* __restrict__ src, const int* __restrict__ dst,
                                   int n_edges, int* __restrict__ parent, int* __restrict__ changed)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= n_edges) return;
    int u = src[e], v = dst[e];
    int pu = parent[u], pv = parent[v];
    while (pu != parent[pu]) pu = parent[pu];
    while (pv != parent[pv]) pv = parent[pv];
    if (pu == pv) return;
    int hi = max(pu, pv), lo = min(pu, pv);
    if (atomicCAS(parent + hi, hi, lo) == hi) *changed = 1;
}

// k-core peeling: decrement degrees of neighbours of vertices removed this round.
extern "C" __global__ void kcore_peel(const int* __restrict__ row_ptr, const int* __restrict__ col,
                                      const int* __restrict__ frontier, int n_front,
                                      int* __restrict__ degree, int k,
                                      int* __restrict__ next_front, int* __restrict__ next_count)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= n_front) return;
    int v = frontier[warp];
    int b = row_ptr[v], e = row_ptr[v + 1];
    for (int j = b + lane; j < e; j += 32) {
        int u = col[j];
        int old = atomicSub(degree + u, 1);
        if (old == k + 1) {
            int pos = atomicAdd(next_count, 1);
            next_front[pos] = u;
        }
    }
}

// Brandes dependency accumulation for one BFS level (backward sweep).
extern "C" __global__ void bc_accumulate_level(const int* __restrict__ row_ptr, const int* __restrict__ col,
                                               const int* __restrict__ level_verts, int n_level,
                                               const int* __restrict__ dist, const double* __restrict__ sigma,
                                               double* __restrict__ delta, float* __restrict__ bc, int src)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n_level) return;
    int v = level_verts[i];
    int dv = dist[v];
    double sv = sigma[v], acc = 0.0;
    for (int j = row_ptr[v]; j < row_ptr[v + 1]; ++j) {
        int w = col[j];
        if (dist[w] == dv + 1) acc += (sv / sigma[w]) * (1.0 + delta[w]);
    }
    delta[v] = acc;
    if (v != src) bc[v] += (float)acc;
}
