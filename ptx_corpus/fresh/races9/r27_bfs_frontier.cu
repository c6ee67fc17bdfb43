// Level-synchronous BFS on a small graph (CSR, nv <= 1024) kept entirely in
// shared memory; one block per source vertex. The frontier lives in a pair of
// flag arrays, dist[] is claimed with atomicCAS, and a shared flag tells the
// block whether another level is needed.
// Launch: blockDim.x = 256, gridDim.x = number of sources; dist_out holds
// gridDim.x * nv ints.
#include <cuda_runtime.h>

#define BLOCK 256
#define MAXV 1024
#define INF 0x7fffffff

extern "C" __global__ void __launch_bounds__(BLOCK)
bfs_block_race(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
               const int* __restrict__ sources, int nv, int* __restrict__ dist_out)
{
    __shared__ int dist[MAXV];
    __shared__ int front[2][MAXV];
    __shared__ int changed;
    const int tid = threadIdx.x;
    const int src = sources[blockIdx.x];

    for (int v = tid; v < nv; v += BLOCK) {
        dist[v] = (v == src) ? 0 : INF;
        front[0][v] = (v == src);
        front[1][v] = 0;
    }
    __syncthreads();

    for (int level = 0; ; ++level) {
        const int cur = level & 1;
        if (tid == 0) changed = 0;
        __syncthreads();

        for (int u = tid; u < nv; u += BLOCK) {
            if (!front[cur][u]) continue;
            front[cur][u] = 0;
            for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
                const int w = col_idx[e];
                if (atomicCAS(&dist[w], INF, level + 1) == INF) {
                    front[cur ^ 1][w] = 1;
                    atomicOr(&changed, 1);
                }
            }
        }
        __syncthreads();
        if (!changed) break;
    }

    for (int v = tid; v < nv; v += BLOCK)
        dist_out[(size_t)blockIdx.x * nv + v] = dist[v];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
bfs_block_ok(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
             const int* __restrict__ sources, int nv, int* __restrict__ dist_out)
{
    __shared__ int dist[MAXV];
    __shared__ int front[2][MAXV];
    __shared__ int changed;
    const int tid = threadIdx.x;
    const int src = sources[blockIdx.x];

    for (int v = tid; v < nv; v += BLOCK) {
        dist[v] = (v == src) ? 0 : INF;
        front[0][v] = (v == src);
        front[1][v] = 0;
    }
    __syncthreads();

    for (int level = 0; ; ++level) {
        const int cur = level & 1;
        if (tid == 0) changed = 0;
        __syncthreads();

        for (int u = tid; u < nv; u += BLOCK) {
            if (!front[cur][u]) continue;
            front[cur][u] = 0;
            for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
                const int w = col_idx[e];
                if (atomicCAS(&dist[w], INF, level + 1) == INF) {
                    front[cur ^ 1][w] = 1;
                    atomicOr(&changed, 1);
                }
            }
        }
        __syncthreads();
        const bool more = changed != 0;
        __syncthreads();   // every thread has read `changed` before it is reset
        if (!more) break;
    }

    for (int v = tid; v < nv; v += BLOCK)
        dist_out[(size_t)blockIdx.x * nv + v] = dist[v];
}
