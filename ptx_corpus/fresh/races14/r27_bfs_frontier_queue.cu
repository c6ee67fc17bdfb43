// r27_bfs_frontier_queue.cu
// One level of top-down BFS on a CSR graph: each thread expands one frontier
// vertex, claims unvisited neighbours with atomicCAS on level[], and pushes
// them into a block-local queue in shared memory (shared atomicAdd on the
// tail); the block then reserves space in the global next frontier with one
// atomicAdd and copies its queue out.  Overflowing vertices go straight to
// global memory.
//
// Launch (both kernels): blockDim = 256 (BLOCK); gridDim = ceil(frontier_size / 256).
#define BLOCK 256
#define QCAP 2048

extern "C" __global__ void __launch_bounds__(BLOCK)
bfs_frontier_queue_race(const int* __restrict__ rowptr, const int* __restrict__ colidx,
                        const int* __restrict__ frontier, int frontier_size,
                        int* __restrict__ level, int cur_level,
                        int* __restrict__ next_frontier, int* __restrict__ next_size)
{
    __shared__ int s_queue[QCAP];
    __shared__ int s_tail;
    __shared__ int s_count, s_base;
    const int tid = threadIdx.x;
    const int i = blockIdx.x * BLOCK + tid;

    if (tid == 0) s_tail = 0;
    __syncthreads();

    if (i < frontier_size) {
        const int v = frontier[i];
        for (int e = rowptr[v]; e < rowptr[v + 1]; ++e) {
            const int u = colidx[e];
            if (atomicCAS(&level[u], -1, cur_level + 1) == -1) {
                const int pos = atomicAdd(&s_tail, 1);
                if (pos < QCAP) s_queue[pos] = u;
                else next_frontier[atomicAdd(next_size, 1)] = u;
            }
        }
    }

    if (tid == 0) {                        // reads the tail while others may still be pushing
        const int cnt = min(s_tail, QCAP);
        s_count = cnt;
        s_base = atomicAdd(next_size, cnt);
    }
    __syncthreads();
    for (int j = tid; j < s_count; j += BLOCK) next_frontier[s_base + j] = s_queue[j];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
bfs_frontier_queue_ok(const int* __restrict__ rowptr, const int* __restrict__ colidx,
                      const int* __restrict__ frontier, int frontier_size,
                      int* __restrict__ level, int cur_level,
                      int* __restrict__ next_frontier, int* __restrict__ next_size)
{
    __shared__ int s_queue[QCAP];
    __shared__ int s_tail;
    __shared__ int s_count, s_base;
    const int tid = threadIdx.x;
    const int i = blockIdx.x * BLOCK + tid;

    if (tid == 0) s_tail = 0;
    __syncthreads();

    if (i < frontier_size) {
        const int v = frontier[i];
        for (int e = rowptr[v]; e < rowptr[v + 1]; ++e) {
            const int u = colidx[e];
            if (atomicCAS(&level[u], -1, cur_level + 1) == -1) {
                const int pos = atomicAdd(&s_tail, 1);
                if (pos < QCAP) s_queue[pos] = u;
                else next_frontier[atomicAdd(next_size, 1)] = u;
            }
        }
    }
    __syncthreads();                       // all pushes done

    if (tid == 0) {
        const int cnt = min(s_tail, QCAP);
        s_count = cnt;
        s_base = atomicAdd(next_size, cnt);
    }
    __syncthreads();
    for (int j = tid; j < s_count; j += BLOCK) next_frontier[s_base + j] = s_queue[j];
}
