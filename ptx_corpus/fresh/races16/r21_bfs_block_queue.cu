// arch: sm_80
// Launch: blockDim = (256,1,1), gridDim = (nsrc,1,1) with nsrc <= nv <= 1024.
//         Multi-source BFS (e.g. for all-pairs hop distances on a small graph in CSR):
//         block b runs a level-synchronous BFS from source vertex b entirely in shared
//         memory, with the frontier kept in two shared queues and appended through a
//         shared atomic counter. dist_out is nsrc x nv. Labels hold for graphs in which
//         the BFS from some source has at least two non-empty levels after the source
//         (e.g. a path 0-1-2).

#define BFS_MAXV 1024

extern "C" __global__ void
bfs_block_queue_race(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                     int nv, int* __restrict__ dist_out)
{
    __shared__ int dist[BFS_MAXV];
    __shared__ int q[2][BFS_MAXV];
    __shared__ int s_cnt[2];
    const int tid = threadIdx.x;
    const int src = blockIdx.x;

    for (int v = tid; v < nv; v += blockDim.x) dist[v] = (v == src) ? 0 : -1;
    if (tid == 0) { q[0][0] = src; s_cnt[0] = 1; s_cnt[1] = 0; }
    __syncthreads();

    int cur = 0, level = 0;
    while (true) {
        const int n = s_cnt[cur];
        if (n == 0) break;
        for (int i = tid; i < n; i += blockDim.x) {
            const int u = q[cur][i];
            for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
                const int v = col_idx[e];
                if (atomicCAS(&dist[v], -1, level + 1) == -1) {
                    const int pos = atomicAdd(&s_cnt[cur ^ 1], 1);
                    q[cur ^ 1][pos] = v;
                }
            }
        }
        __syncthreads();
        if (tid == 0) s_cnt[cur] = 0;      // recycle the consumed counter
        cur ^= 1;
        ++level;
    }

    for (int v = tid; v < nv; v += blockDim.x) dist_out[(size_t)src * nv + v] = dist[v];
}

extern "C" __global__ void
bfs_block_queue_ok(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                   int nv, int* __restrict__ dist_out)
{
    __shared__ int dist[BFS_MAXV];
    __shared__ int q[2][BFS_MAXV];
    __shared__ int s_cnt[3];
    const int tid = threadIdx.x;
    const int src = blockIdx.x;

    for (int v = tid; v < nv; v += blockDim.x) dist[v] = (v == src) ? 0 : -1;
    if (tid == 0) { q[0][0] = src; s_cnt[0] = 1; s_cnt[1] = 0; s_cnt[2] = 0; }
    __syncthreads();

    int cur = 0, level = 0;
    int c_now = 0, c_next = 1, c_old = 2;
    while (true) {
        const int n = s_cnt[c_now];
        if (n == 0) break;
        if (tid == 0) s_cnt[c_old] = 0;    // counter of level-1, free since the last barrier
        for (int i = tid; i < n; i += blockDim.x) {
            const int u = q[cur][i];
            for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
                const int v = col_idx[e];
                if (atomicCAS(&dist[v], -1, level + 1) == -1) {
                    const int pos = atomicAdd(&s_cnt[c_next], 1);
                    q[cur ^ 1][pos] = v;
                }
            }
        }
        __syncthreads();
        cur ^= 1;
        ++level;
        const int t = c_old; c_old = c_now; c_now = c_next; c_next = t;
    }

    for (int v = tid; v < nv; v += blockDim.x) dist_out[(size_t)src * nv + v] = dist[v];
}
