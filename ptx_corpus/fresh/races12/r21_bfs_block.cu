// Level-synchronous BFS on a small CSR graph, run by ONE block: visited flags and the two frontier queues
// live in shared memory. Writes dist[v] (-1 if unreachable from src).
// Launch: blockDim = (256,1,1) (compile-time), gridDim = (1,1,1), no dynamic shared memory;
// 1 <= nv <= 1024, row_ptr[nv] = number of edges <= 4096, 0 <= col[e] < nv, 0 <= src < nv.
#define NT 256
#define MAXV 1024
#define MAXQ 4096

extern "C" __global__ void __launch_bounds__(NT)
bfs_block_race(const int* __restrict__ row_ptr, const int* __restrict__ col, int nv, int src, int* __restrict__ dist)
{
    __shared__ int s_vis[MAXV];
    __shared__ int s_q[2][MAXQ];
    __shared__ int s_len[2];
    const int tid = threadIdx.x;
    for (int v = tid; v < nv; v += NT) { s_vis[v] = 0; dist[v] = -1; }
    __syncthreads();
    if (tid == 0) { s_vis[src] = 1; s_q[0][0] = src; s_len[0] = 1; s_len[1] = 0; }
    __syncthreads();

    int cur = 0, level = 0;
    while (true) {
        const int len = min(s_len[cur], MAXQ);
        if (len == 0) break;
        for (int i = tid; i < len; i += NT) {
            const int u = s_q[cur][i];
            dist[u] = level;
            for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
                const int v = col[e];
                if (!s_vis[v]) {
                    s_vis[v] = 1;
                    const int p = atomicAdd(&s_len[cur ^ 1], 1);
                    if (p < MAXQ) s_q[cur ^ 1][p] = v;
                }
            }
        }
        __syncthreads();
        if (tid == 0) s_len[cur] = 0;
        cur ^= 1;
        ++level;
        __syncthreads();
    }
}

extern "C" __global__ void __launch_bounds__(NT)
bfs_block_ok(const int* __restrict__ row_ptr, const int* __restrict__ col, int nv, int src, int* __restrict__ dist)
{
    __shared__ int s_vis[MAXV];
    __shared__ int s_q[2][MAXQ];
    __shared__ int s_len[2];
    const int tid = threadIdx.x;
    for (int v = tid; v < nv; v += NT) { s_vis[v] = 0; dist[v] = -1; }
    __syncthreads();
    if (tid == 0) { s_vis[src] = 1; s_q[0][0] = src; s_len[0] = 1; s_len[1] = 0; }
    __syncthreads();

    int cur = 0, level = 0;
    while (true) {
        const int len = min(s_len[cur], MAXQ);
        if (len == 0) break;
        for (int i = tid; i < len; i += NT) {
            const int u = s_q[cur][i];
            dist[u] = level;
            for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
                const int v = col[e];
                if (atomicExch(&s_vis[v], 1) == 0) {
                    const int p = atomicAdd(&s_len[cur ^ 1], 1);
                    if (p < MAXQ) s_q[cur ^ 1][p] = v;
                }
            }
        }
        __syncthreads();
        if (tid == 0) s_len[cur] = 0;
        cur ^= 1;
        ++level;
        __syncthreads();
    }
}
