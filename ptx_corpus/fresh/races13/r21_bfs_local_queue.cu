// One BFS level (vertex-parallel frontier expansion) with a block-local shared-memory
// queue that is flushed to the global next-frontier with a single atomicAdd per block.
// Launch (both kernels): blockDim = 256, gridDim = ceil(frontier_size/256),
// graph with 1<<20 vertices, CSR row_ptr/col_idx, visited[] is 0/1.
#define BQ_CAP 2048

extern "C" __global__ void bfs_level_race(const int* __restrict__ frontier, int frontier_size,
                                          const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                                          int* visited, int* label, int level,
                                          int* next_frontier, int* next_size)
{
    __shared__ int s_queue[BQ_CAP];
    __shared__ int s_qsize;
    __shared__ int s_gbase;
    int tid = threadIdx.x;
    if (tid == 0) s_qsize = 0;
    __syncthreads();

    int i = blockIdx.x * blockDim.x + tid;
    if (i < frontier_size) {
        int v = frontier[i];
        for (int e = row_ptr[v]; e < row_ptr[v + 1]; ++e) {
            int nb = col_idx[e];
            if (atomicCAS(&visited[nb], 0, 1) == 0) {
                label[nb] = level + 1;
                int p = atomicAdd(&s_qsize, 1);
                if (p < BQ_CAP) s_queue[p] = nb;
                else next_frontier[atomicAdd(next_size, 1)] = nb;      // overflow path
            }
        }
    }
    __syncthreads();
    int cnt = min(s_qsize, BQ_CAP);
    if (tid == 0) s_gbase = atomicAdd(next_size, cnt);
    // missing __syncthreads(): s_gbase is read below by all threads
    for (int k = tid; k < cnt; k += blockDim.x)
        next_frontier[s_gbase + k] = s_queue[k];
}

extern "C" __global__ void bfs_level_ok(const int* __restrict__ frontier, int frontier_size,
                                        const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                                        int* visited, int* label, int level,
                                        int* next_frontier, int* next_size)
{
    __shared__ int s_queue[BQ_CAP];
    __shared__ int s_qsize;
    __shared__ int s_gbase;
    int tid = threadIdx.x;
    if (tid == 0) s_qsize = 0;
    __syncthreads();

    int i = blockIdx.x * blockDim.x + tid;
    if (i < frontier_size) {
        int v = frontier[i];
        for (int e = row_ptr[v]; e < row_ptr[v + 1]; ++e) {
            int nb = col_idx[e];
            if (atomicCAS(&visited[nb], 0, 1) == 0) {
                label[nb] = level + 1;
                int p = atomicAdd(&s_qsize, 1);
                if (p < BQ_CAP) s_queue[p] = nb;
                else next_frontier[atomicAdd(next_size, 1)] = nb;
            }
        }
    }
    __syncthreads();
    int cnt = min(s_qsize, BQ_CAP);
    if (tid == 0) s_gbase = atomicAdd(next_size, cnt);
    __syncthreads();
    for (int k = tid; k < cnt; k += blockDim.x)
        next_frontier[s_gbase + k] = s_queue[k];
}
