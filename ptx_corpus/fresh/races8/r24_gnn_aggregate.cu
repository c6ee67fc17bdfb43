// r24_gnn_aggregate.cu
//
// Weighted mean neighbour aggregation for a GraphSAGE / GCN layer (graph ML).
// One block per destination node, one thread per feature (F = 128). The
// neighbour ids and edge weights of the node are staged in shared memory;
// high-degree nodes (deg > 128, the heavy tail of a power-law graph) are
// processed in chunks of 128 neighbours, low-degree nodes in one shot.
//
// Launch configuration:
//   blockDim = (128,1,1)   (4 warps, must equal F)
//   gridDim  = (num_nodes,1,1), num_nodes = 2,449,029 (ogbn-products-like,
//              median degree ~ 25), CSR graph, static shared memory only.

#define BLOCK 128

extern "C" __global__ void __launch_bounds__(BLOCK)
gnn_aggregate_race(const int* __restrict__ rowptr, const int* __restrict__ col,
                   const float* __restrict__ ew, const float* __restrict__ x,
                   float* __restrict__ out, int F)
{
    __shared__ int s_nbr[BLOCK];
    __shared__ float s_w[BLOCK];
    const int v = blockIdx.x, tid = threadIdx.x;
    const int beg = rowptr[v], deg = rowptr[v + 1] - beg;
    float acc = 0.f, wsum = 0.f;

    if (deg > BLOCK) {
        for (int c = 0; c < deg; c += BLOCK) {
            const int m = min(BLOCK, deg - c);
            if (tid < m) { s_nbr[tid] = col[beg + c + tid]; s_w[tid] = ew[beg + c + tid]; }
            __syncthreads();
            for (int j = 0; j < m; ++j) {
                const float w = s_w[j];
                acc += w * x[(size_t)s_nbr[j] * F + tid];
                wsum += w;
            }
            __syncthreads();
        }
    } else {
        if (tid < deg) { s_nbr[tid] = col[beg + tid]; s_w[tid] = ew[beg + tid]; }
        for (int j = 0; j < deg; ++j) {
            const float w = s_w[j];
            acc += w * x[(size_t)s_nbr[j] * F + tid];
            wsum += w;
        }
    }
    out[(size_t)v * F + tid] = (wsum > 0.f) ? acc / wsum : 0.f;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
gnn_aggregate_ok(const int* __restrict__ rowptr, const int* __restrict__ col,
                 const float* __restrict__ ew, const float* __restrict__ x,
                 float* __restrict__ out, int F)
{
    __shared__ int s_nbr[BLOCK];
    __shared__ float s_w[BLOCK];
    const int v = blockIdx.x, tid = threadIdx.x;
    const int beg = rowptr[v], deg = rowptr[v + 1] - beg;
    float acc = 0.f, wsum = 0.f;

    if (deg > BLOCK) {
        for (int c = 0; c < deg; c += BLOCK) {
            const int m = min(BLOCK, deg - c);
            if (tid < m) { s_nbr[tid] = col[beg + c + tid]; s_w[tid] = ew[beg + c + tid]; }
            __syncthreads();
            for (int j = 0; j < m; ++j) {
                const float w = s_w[j];
                acc += w * x[(size_t)s_nbr[j] * F + tid];
                wsum += w;
            }
            __syncthreads();
        }
    } else {
        if (tid < deg) { s_nbr[tid] = col[beg + tid]; s_w[tid] = ew[beg + tid]; }
        __syncthreads();
        for (int j = 0; j < deg; ++j) {
            const float w = s_w[j];
            acc += w * x[(size_t)s_nbr[j] * F + tid];
            wsum += w;
        }
    }
    out[(size_t)v * F + tid] = (wsum > 0.f) ? acc / wsum : 0.f;
}
