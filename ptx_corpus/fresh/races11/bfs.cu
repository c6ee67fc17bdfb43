// BFS frontier expansion with a block-level shared queue (Luo et al. / Rodinia style).
// level[v] == -1 marks unvisited vertices.

#define BQ_CAP 1024

// One frontier vertex per thread.
// Launch: blockDim = 256, gridDim = ceil(nfront / 256)
extern "C" __global__ void __launch_bounds__(256)
bfs_frontier_queue(const int* __restrict__ rowptr, const int* __restrict__ adj, int* __restrict__ level,
                   const int* __restrict__ frontier, int nfront, int* __restrict__ next,
                   int* __restrict__ nextCount, int curLevel)
{
    __shared__ int q[BQ_CAP];
    __shared__ int qcount;
    __shared__ int qbase;
    int tid = threadIdx.x;
    if (tid == 0) qcount = 0;
    __syncthreads();
    int f = blockIdx.x * blockDim.x + tid;
    if (f < nfront) {
        int u = frontier[f];
        int eEnd = rowptr[u + 1];
        for (int e = rowptr[u]; e < eEnd; ++e) {
            int v = adj[e];
            if (atomicCAS(&level[v], -1, curLevel + 1) != -1) continue;
            int slot = atomicAdd(&qcount, 1);
            if (slot < BQ_CAP) q[slot] = v;
            else next[atomicAdd(nextCount, 1)] = v;
        }
    }
    __syncthreads();
    if (tid == 0) qbase = atomicAdd(nextCount, min(qcount, BQ_CAP));
    __syncthreads();
    int c = min(qcount, BQ_CAP);
    for (int i = tid; i < c; i += blockDim.x) next[qbase + i] = q[i];
}

// Persistent variant: each block expands frontier chunks of 256 vertices
// at blockIdx.x*256, (blockIdx.x + gridDim.x)*256, ...
// Launch: blockDim = 256, gridDim = 8; nfront > 2048
extern "C" __global__ void __launch_bounds__(256)
bfs_expand_chunks(const int* __restrict__ rowptr, const int* __restrict__ adj, int* __restrict__ level,
                  const int* __restrict__ frontier, int nfront, int* __restrict__ next,
                  int* __restrict__ nextCount, int curLevel)
{
    __shared__ int q[BQ_CAP];
    __shared__ int qcount;
    __shared__ int qbase;
    int tid = threadIdx.x;
    for (int chunk = blockIdx.x * blockDim.x; chunk < nfront; chunk += gridDim.x * blockDim.x) {
        if (tid == 0) qcount = 0;
        __syncthreads();
        int f = chunk + tid;
        if (f < nfront) {
            int u = frontier[f];
            int eEnd = rowptr[u + 1];
            for (int e = rowptr[u]; e < eEnd; ++e) {
                int v = adj[e];
                if (atomicCAS(&level[v], -1, curLevel + 1) != -1) continue;
                int slot = atomicAdd(&qcount, 1);
                if (slot < BQ_CAP) q[slot] = v;
                else next[atomicAdd(nextCount, 1)] = v;
            }
        }
        __syncthreads();
        if (tid == 0) qbase = atomicAdd(nextCount, min(qcount, BQ_CAP));
        __syncthreads();
        int c = min(qcount, BQ_CAP);
        for (int i = tid; i < c; i += blockDim.x) next[qbase + i] = q[i];
    }
}
