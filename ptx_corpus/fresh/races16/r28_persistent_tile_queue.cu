// arch: sm_80
// Launch: blockDim = (256,1,1) (8 warps), gridDim = (number of SMs, 1, 1) persistent,
//         ntiles > 2*gridDim.x so that blocks loop several times; *next_tile zeroed
//         before launch. Each work tile is 8 independent 32x32 matrices (one per warp)
//         that are transposed through a warp-private padded shared buffer.
//         Work is fetched dynamically: thread 0 grabs a tile index with atomicAdd and
//         broadcasts it through shared memory.

#define PQ_WARPS 8
#define PQ_MAT   1024

extern "C" __global__ void
persistent_transpose_race(const float* __restrict__ in, float* __restrict__ out,
                          unsigned ntiles, unsigned* __restrict__ next_tile)
{
    __shared__ unsigned s_tile;
    __shared__ float stage[PQ_WARPS][32][33];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;

    while (true) {
        if (tid == 0) s_tile = atomicAdd(next_tile, 1u);
        __syncthreads();
        const unsigned tile = s_tile;
        if (tile >= ntiles) break;

        const float* src = in  + ((size_t)tile * PQ_WARPS + warp) * PQ_MAT;
        float*       dst = out + ((size_t)tile * PQ_WARPS + warp) * PQ_MAT;
        for (int r = 0; r < 32; ++r) stage[warp][r][lane] = src[r * 32 + lane];
        __syncwarp();
        for (int r = 0; r < 32; ++r) dst[r * 32 + lane] = stage[warp][lane][r];
        __syncwarp();
    }
}

extern "C" __global__ void __launch_bounds__(256)
persistent_transpose_ok(const float* __restrict__ in, float* __restrict__ out,
                        unsigned ntiles, unsigned* __restrict__ next_tile)
{
    __shared__ unsigned s_tile[2];
    __shared__ float stage[PQ_WARPS][32][33];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;

    int p = 0;
    while (true) {
        if (tid == 0) s_tile[p] = atomicAdd(next_tile, 1u);
        __syncthreads();
        const unsigned tile = s_tile[p];
        p ^= 1;
        if (tile >= ntiles) break;

        const float* src = in  + ((size_t)tile * PQ_WARPS + warp) * PQ_MAT;
        float*       dst = out + ((size_t)tile * PQ_WARPS + warp) * PQ_MAT;
        for (int r = 0; r < 32; ++r) stage[warp][r][lane] = src[r * 32 + lane];
        __syncwarp();
        for (int r = 0; r < 32; ++r) dst[r * 32 + lane] = stage[warp][lane][r];
        __syncwarp();
    }
}
