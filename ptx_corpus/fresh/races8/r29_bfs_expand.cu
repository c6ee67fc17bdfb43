// r29_bfs_expand.cu
//
// Top-down BFS level expansion, warp-per-vertex (graph analytics).
// Each warp walks the frontier with a grid-wide warp stride; lane 0 fetches
// the frontier vertex's CSR adjacency range and publishes it to the warp
// through a per-warp shared slot, then the 32 lanes scan the neighbour list
// cooperatively, claiming unvisited vertices with atomicCAS on the depth
// array and appending them to the next frontier.
//
// Launch configuration:
//   blockDim = (256,1,1)   (8 warps)
//   gridDim  = (8 * numSMs,1,1), e.g. 1056; fsize up to ~1M vertices
//   depth[] initialised to -1 except the source; *next_size = 0 before
//   each level; static shared memory only.

#define BLOCK 256
#define WARPS (BLOCK / 32)

extern "C" __global__ void __launch_bounds__(BLOCK)
bfs_expand_race(const int* __restrict__ rowptr, const int* __restrict__ col,
                const int* __restrict__ frontier, int fsize, int* __restrict__ depth,
                int cur_depth, int* __restrict__ next, int* __restrict__ next_size)
{
    __shared__ int s_beg[WARPS], s_end[WARPS];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int gwarp = blockIdx.x * WARPS + warp, nwarps = gridDim.x * WARPS;

    for (int f = gwarp; f < fsize; f += nwarps) {
        if (lane == 0) {
            const int u = frontier[f];
            s_beg[warp] = rowptr[u];
            s_end[warp] = rowptr[u + 1];
        }
        __syncwarp();
        const int beg = s_beg[warp], end = s_end[warp];
        for (int e = beg + lane; e < end; e += 32) {
            const int v = col[e];
            if (atomicCAS(&depth[v], -1, cur_depth + 1) == -1)
                next[atomicAdd(next_size, 1)] = v;
        }
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
bfs_expand_ok(const int* __restrict__ rowptr, const int* __restrict__ col,
              const int* __restrict__ frontier, int fsize, int* __restrict__ depth,
              int cur_depth, int* __restrict__ next, int* __restrict__ next_size)
{
    __shared__ int s_beg[WARPS], s_end[WARPS];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int gwarp = blockIdx.x * WARPS + warp, nwarps = gridDim.x * WARPS;

    for (int f = gwarp; f < fsize; f += nwarps) {
        if (lane == 0) {
            const int u = frontier[f];
            s_beg[warp] = rowptr[u];
            s_end[warp] = rowptr[u + 1];
        }
        __syncwarp();
        const int beg = s_beg[warp], end = s_end[warp];
        for (int e = beg + lane; e < end; e += 32) {
            const int v = col[e];
            if (atomicCAS(&depth[v], -1, cur_depth + 1) == -1)
                next[atomicAdd(next_size, 1)] = v;
        }
        __syncwarp();
    }
}
