// One level of top-down BFS on a CSR graph. Each block expands frontier vertices in a
// block-stride loop, collects newly discovered vertices in a shared queue (shared atomic
// counter), then copies the queue to the global next frontier with one global atomic per chunk.
// Assumed launch: 1-D, blockDim.x == 256, any gridDim.x; dist[] == -1 for unvisited vertices,
// *next_count == 0 before launch.

#define BF_THREADS 256
#define BF_QCAP 2048

extern "C" __global__ void __launch_bounds__(BF_THREADS)
bfs_frontier_race(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                  const int* __restrict__ frontier, int frontier_size,
                  int* dist, int level, int* __restrict__ next, int* next_count)
{
    if (blockDim.x != BF_THREADS) return;
    __shared__ int s_queue[BF_QCAP];
    __shared__ int s_qcount;
    __shared__ int s_gbase;
    const int tid = threadIdx.x;

    for (int base = blockIdx.x * BF_THREADS; base < frontier_size; base += gridDim.x * BF_THREADS) {
        if (tid == 0) s_qcount = 0;
        __syncthreads();

        const int fi = base + tid;
        if (fi < frontier_size) {
            const int v = frontier[fi];
            for (int e = row_ptr[v]; e < row_ptr[v + 1]; ++e) {
                const int u = col_idx[e];
                if (atomicCAS(&dist[u], -1, level + 1) == -1) {
                    const int slot = atomicAdd(&s_qcount, 1);
                    if (slot < BF_QCAP) s_queue[slot] = u;
                    else next[atomicAdd(next_count, 1)] = u;   // overflow goes straight to global
                }
            }
        }
        __syncthreads();

        if (tid == 0) s_gbase = atomicAdd(next_count, min(s_qcount, BF_QCAP));
        __syncthreads();

        const int cnt = min(s_qcount, BF_QCAP);
        for (int i = tid; i < cnt; i += BF_THREADS) next[s_gbase + i] = s_queue[i];
    }
}

extern "C" __global__ void __launch_bounds__(BF_THREADS)
bfs_frontier_ok(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                const int* __restrict__ frontier, int frontier_size,
                int* dist, int level, int* __restrict__ next, int* next_count)
{
    if (blockDim.x != BF_THREADS) return;
    __shared__ int s_queue[BF_QCAP];
    __shared__ int s_qcount;
    __shared__ int s_gbase;
    const int tid = threadIdx.x;

    for (int base = blockIdx.x * BF_THREADS; base < frontier_size; base += gridDim.x * BF_THREADS) {
        if (tid == 0) s_qcount = 0;
        __syncthreads();

        const int fi = base + tid;
        if (fi < frontier_size) {
            const int v = frontier[fi];
            for (int e = row_ptr[v]; e < row_ptr[v + 1]; ++e) {
                const int u = col_idx[e];
                if (atomicCAS(&dist[u], -1, level + 1) == -1) {
                    const int slot = atomicAdd(&s_qcount, 1);
                    if (slot < BF_QCAP) s_queue[slot] = u;
                    else next[atomicAdd(next_count, 1)] = u;
                }
            }
        }
        __syncthreads();

        if (tid == 0) s_gbase = atomicAdd(next_count, min(s_qcount, BF_QCAP));
        __syncthreads();

        const int cnt = min(s_qcount, BF_QCAP);
        for (int i = tid; i < cnt; i += BF_THREADS) next[s_gbase + i] = s_queue[i];
        __syncthreads();
    }
}
