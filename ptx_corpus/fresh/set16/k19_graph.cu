// Domain: graph analytics (BFS frontier expansion, PageRank pull, triangle counting by sorted-list intersection, connected components)

// bfs_topdown_frontier_queue: expand one BFS level from a frontier queue, claiming vertices with atomicCAS and appending to the next queue
extern "C" __global__ void bfs_topdown_frontier_queue(const int* __restrict__ rowPtr, const int* __restrict__ colIdx,
                                                      const int* __restrict__ frontier, int frontierSize, int* __restrict__ dist,
                                                      int* __restrict__ nextFrontier, int* __restrict__ nextSize, int level)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= frontierSize) return;
    int v = frontier[i];
    for (int e = rowPtr[v]; e < rowPtr[v + 1]; ++e) {
        int u = colIdx[e];
        if (atomicCAS(&dist[u], -1, level + 1) == -1) {
            int pos = atomicAdd(nextSize, 1);
            nextFrontier[pos] = u;
        }
    }
}

// pagerank_pull_warp_per_vertex: one PageRank iteration in pull form (CSC in-edges), warp per vertex, shuffle reduce, dangling mass term
extern "C" __global__ void pagerank_pull_warp_per_vertex(const int* __restrict__ colPtr, const int* __restrict__ rowIdx,
                                                         const float* __restrict__ rankOverDeg, float* __restrict__ newRank,
                                                         float* __restrict__ delta, int nV, float damping, float danglingSum)
{
    int v = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (v >= nV) return;
    float s = 0.f;
    for (int e = colPtr[v] + lane; e < colPtr[v + 1]; e += 32) s += __ldg(&rankOverDeg[rowIdx[e]]);
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    if (lane == 0) {
        float r = (1.f - damping) / nV + damping * (s + danglingSum / nV);
        atomicAdd(delta, fabsf(r - newRank[v]));
        newRank[v] = r;
    }
}

// triangle_count_edge_merge: per directed edge (u<v), merge-intersect sorted adjacency lists and accumulate a 64-bit triangle count
extern "C" __global__ void triangle_count_edge_merge(const int* __restrict__ rowPtr, const int* __restrict__ colIdx,
                                                     const int* __restrict__ edgeSrc, int nEdges, unsigned long long* __restrict__ total)
{
    unsigned long long local = 0;
    for (int e = blockIdx.x * blockDim.x + threadIdx.x; e < nEdges; e += blockDim.x * gridDim.x) {
        int u = edgeSrc[e], v = colIdx[e];
        if (u >= v) continue;
        int a = rowPtr[u], ae = rowPtr[u + 1], b = rowPtr[v], be = rowPtr[v + 1];
        while (a < ae && b < be) {
            int x = colIdx[a], y = colIdx[b];
            if (x <= v) { ++a; continue; }   // only count w > v
            if (x == y) { ++local; ++a; ++b; }
            else if (x < y) ++a;
            else ++b;
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) local += __shfl_xor_sync(0xffffffffu, local, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(total, local);
}

// cc_hook_and_compress: one round of Shiloach-Vishkin-style hooking on an edge list followed by pointer-jumping compression
extern "C" __global__ void cc_hook_and_compress(const int2* __restrict__ edges, int nEdges, int* __restrict__ parent, int nV, int* __restrict__ changed)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = blockDim.x * gridDim.x;
    for (int e = tid; e < nEdges; e += stride) {
        int2 ed = edges[e];
        int pu = parent[ed.x], pv = parent[ed.y];
        while (pu != parent[pu]) pu = parent[pu];
        while (pv != parent[pv]) pv = parent[pv];
        if (pu != pv) {
            int hi = max(pu, pv), lo = min(pu, pv);
            if (atomicMin(&parent[hi], lo) > lo) *changed = 1;
        }
    }
    for (int v = tid; v < nV; v += stride) {
        int p = parent[v];
        while (p != parent[p]) p = parent[p];
        parent[v] = p;
    }
}
