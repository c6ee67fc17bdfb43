#define BQ_T 128
#define BQ_DEPTH 24
#define BQ_WARP 32

extern "C" __global__ void __launch_bounds__(BQ_T)
interval_tree_query_race(const float2* __restrict__ nodes, int nnodes,
                         const float* __restrict__ q, int* __restrict__ hits, int nq)
{
    __shared__ int stack[BQ_DEPTH * BQ_T];
    int tid = threadIdx.x;
    int qi = blockIdx.x * BQ_T + tid;
    if (qi >= nq) return;

    float p = q[qi];
    int cnt = 0, sp = 0;
    stack[sp++ * BQ_WARP + tid] = 0;
    while (sp > 0) {
        int node = stack[--sp * BQ_WARP + tid];
        float2 b = nodes[node];
        if (p < b.x || p > b.y) continue;
        int l = 2 * node + 1;
        if (l >= nnodes) { ++cnt; continue; }
        if (sp + 2 <= BQ_DEPTH) {
            stack[sp++ * BQ_WARP + tid] = l;
            if (l + 1 < nnodes) stack[sp++ * BQ_WARP + tid] = l + 1;
        }
    }
    hits[qi] = cnt;
}

extern "C" __global__ void __launch_bounds__(BQ_T)
interval_tree_query_ok(const float2* __restrict__ nodes, int nnodes,
                       const float* __restrict__ q, int* __restrict__ hits, int nq)
{
    __shared__ int stack[BQ_DEPTH * BQ_T];
    int tid = threadIdx.x;
    int qi = blockIdx.x * BQ_T + tid;
    if (qi >= nq) return;

    float p = q[qi];
    int cnt = 0, sp = 0;
    stack[sp++ * BQ_T + tid] = 0;
    while (sp > 0) {
        int node = stack[--sp * BQ_T + tid];
        float2 b = nodes[node];
        if (p < b.x || p > b.y) continue;
        int l = 2 * node + 1;
        if (l >= nnodes) { ++cnt; continue; }
        if (sp + 2 <= BQ_DEPTH) {
            stack[sp++ * BQ_T + tid] = l;
            if (l + 1 < nnodes) stack[sp++ * BQ_T + tid] = l + 1;
        }
    }
    hits[qi] = cnt;
}
