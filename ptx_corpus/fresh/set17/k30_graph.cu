// Domain: graph analytics (BFS, PageRank, triangle counting, bounded path enumeration)

// Top-down BFS level expansion over a CSR graph with a frontier queue
extern "C" __global__ void bfs_topdown_expand(const int* __restrict__ rowPtr, const int* __restrict__ colIdx,
                                              const int* __restrict__ frontier, int frontierSize,
                                              int* __restrict__ dist, int* __restrict__ nextFrontier,
                                              int* __restrict__ nextSize, int level)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= frontierSize) return;
    int u = frontier[t];
    for (int e = rowPtr[u]; e < rowPtr[u + 1]; ++e) {
        int v = colIdx[e];
        if (atomicCAS(&dist[v], -1, level + 1) == -1) nextFrontier[atomicAdd(nextSize, 1)] = v;
    }
}

// Pull-based PageRank iteration in double precision, warp per vertex, dangling mass handled
extern "C" __global__ void pagerank_pull_warp(const int* __restrict__ inPtr, const int* __restrict__ inIdx,
                                              const int* __restrict__ outDeg, const double* __restrict__ rank,
                                              double* __restrict__ newRank, int n, double damping, double danglingSum,
                                              double* __restrict__ diff)
{
    int v = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (v >= n) return;
    double s = 0.0;
    for (int e = inPtr[v] + lane; e < inPtr[v + 1]; e += 32) {
        int u = inIdx[e];
        s += rank[u] / outDeg[u];
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0) {
        double r = (1.0 - damping) / n + damping * (s + danglingSum / n);
        newRank[v] = r;
        atomicAdd(diff, fabs(r - rank[v]));
    }
}

// Triangle counting on an oriented (u < v) CSR graph by sorted-list intersection, 64-bit total
extern "C" __global__ void triangle_count_intersect(const int* __restrict__ rowPtr, const int* __restrict__ colIdx,
                                                    int n, unsigned long long* __restrict__ total)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long cnt = 0;
    if (u < n) {
        for (int e = rowPtr[u]; e < rowPtr[u + 1]; ++e) {
            int v = colIdx[e];
            int i = rowPtr[u], iend = rowPtr[u + 1], j = rowPtr[v], jend = rowPtr[v + 1];
            while (i < iend && j < jend) {
                int a = colIdx[i], b = colIdx[j];
                if (a == b) { ++cnt; ++i; ++j; }
                else if (a < b) ++i;
                else ++j;
            }
        }
    }
    for (int o = 16; o > 0; o >>= 1) cnt += __shfl_down_sync(0xffffffffu, cnt, o);
    if ((threadIdx.x & 31) == 0 && cnt) atomicAdd(total, cnt);
}

// Count simple paths of length <= maxLen (<= 8) from each source by iterative DFS with explicit
// per-thread stacks of (vertex, edge cursor) and an on-path array: run-time indexed -> stack frame
extern "C" __global__ void count_simple_paths_dfs(const int* __restrict__ rowPtr, const int* __restrict__ colIdx,
                                                  const int* __restrict__ sources, int nSources, int maxLen,
                                                  unsigned long long* __restrict__ counts)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nSources) return;
    maxLen = min(maxLen, 8);
    int vstack[9], cur[9];
    int depth = 0;
    vstack[0] = sources[s];
    cur[0] = rowPtr[vstack[0]];
    unsigned long long paths = 0;
    while (depth >= 0) {
        int u = vstack[depth];
        if (depth == maxLen || cur[depth] >= rowPtr[u + 1]) { --depth; continue; }
        int v = colIdx[cur[depth]++];
        bool onPath = false;
        for (int k = 0; k <= depth; ++k) onPath |= (vstack[k] == v);
        if (onPath) continue;
        ++paths;
        ++depth;
        vstack[depth] = v;
        cur[depth] = rowPtr[v];
    }
    counts[s] = paths;
}
