extern "C" __global__ void bfs_expand_frontier(const int* __restrict__ rowPtr, const int* __restrict__ adj,
    const int* __restrict__ frontier, int frontierSize, int* __restrict__ dist, int* __restrict__ nextFrontier,
    int* __restrict__ nextSize, int level)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    if (t >= frontierSize) return;
    int u = frontier[t];
    for (int k = rowPtr[u]; k < rowPtr[u + 1]; ++k) {
        int v = adj[k];
        if (atomicCAS(&dist[v], -1, level + 1) == -1) {
            unsigned active = __activemask();
            int leader = __ffs(active) - 1;
            int rank = __popc(active & ((1u << lane) - 1));
            int base = 0;
            if (lane == leader) base = atomicAdd(nextSize, __popc(active));
            base = __shfl_sync(active, base, leader);
            nextFrontier[base + rank] = v;
        }
    }
}

extern "C" __global__ void pagerank_pull(const int* __restrict__ inPtr, const int* __restrict__ inAdj,
    const float* __restrict__ rankOld, const int* __restrict__ outDeg, float* __restrict__ rankNew,
    float* __restrict__ diff, int n, float damping, float danglingSum)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    float d = 0.f;
    if (v < n) {
        float s = 0.f;
        for (int k = inPtr[v]; k < inPtr[v + 1]; ++k) {
            int u = __ldg(&inAdj[k]);
            s += __ldg(&rankOld[u]) / (float)__ldg(&outDeg[u]);
        }
        float r = (1.f - damping) / n + damping * (s + danglingSum / n);
        rankNew[v] = r;
        d = fabsf(r - rankOld[v]);
    }
    for (int o = 16; o > 0; o >>= 1) d += __shfl_xor_sync(0xffffffffu, d, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(diff, d);
}
