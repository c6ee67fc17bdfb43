#define BFS_QCAP 2048

extern "C" __global__ void
bfs_block_race(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
               int* __restrict__ dist, int src)
{
    __shared__ int s_q[2][BFS_QCAP];
    __shared__ int s_qn[2];
    int tid = threadIdx.x;

    if (tid == 0) {
        s_q[0][0] = src;
        s_qn[0] = 1;
        s_qn[1] = 0;
        dist[src] = 0;
    }
    __syncthreads();

    int cur = 0, level = 0;
    while (true) {
        int n = s_qn[cur];
        if (n == 0) break;
        for (int i = tid; i < n; i += blockDim.x) {
            int u = s_q[cur][i];
            for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
                int v = col_idx[e];
                if (atomicCAS(&dist[v], -1, level + 1) == -1) {
                    int p = atomicAdd(&s_qn[cur ^ 1], 1);
                    s_q[cur ^ 1][p] = v;
                }
            }
        }
        if (tid == 0) s_qn[cur] = 0;
        cur ^= 1;
        ++level;
        __syncthreads();
    }
}

extern "C" __global__ void
bfs_block_ok(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
             int* __restrict__ dist, int src)
{
    __shared__ int s_q[2][BFS_QCAP];
    __shared__ int s_qn[2];
    int tid = threadIdx.x;

    if (tid == 0) {
        s_q[0][0] = src;
        s_qn[0] = 1;
        s_qn[1] = 0;
        dist[src] = 0;
    }
    __syncthreads();

    int cur = 0, level = 0;
    while (true) {
        int n = s_qn[cur];
        if (n == 0) break;
        for (int i = tid; i < n; i += blockDim.x) {
            int u = s_q[cur][i];
            for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
                int v = col_idx[e];
                if (atomicCAS(&dist[v], -1, level + 1) == -1) {
                    int p = atomicAdd(&s_qn[cur ^ 1], 1);
                    s_q[cur ^ 1][p] = v;
                }
            }
        }
        __syncthreads();
        if (tid == 0) s_qn[cur] = 0;
        cur ^= 1;
        ++level;
        __syncthreads();
    }
}
