// Persistent kernel with a dynamic tile scheduler: thread 0 grabs the next tile index
// from a global counter and broadcasts it through shared memory.
// Launch (both kernels): blockDim = 256, gridDim = 264 (2 x 132 SMs), ntiles = 1<<14,
// TILE = 1024 floats, *g_next = 0 before launch.
#define TILE 1024

extern "C" __global__ void persistent_race(const float* __restrict__ in, float* __restrict__ out,
                                           int ntiles, int* g_next, float a, float b)
{
    __shared__ int s_tile;
    for (;;) {
        if (threadIdx.x == 0) s_tile = atomicAdd(g_next, 1);
        __syncthreads();
        int t = s_tile;
        if (t >= ntiles) break;
        const float* src = in + (size_t)t * TILE;
        float* dst = out + (size_t)t * TILE;
        for (int i = threadIdx.x; i < TILE; i += blockDim.x)
            dst[i] = fmaf(a, src[i], b);
    }
}

extern "C" __global__ void persistent_ok(const float* __restrict__ in, float* __restrict__ out,
                                         int ntiles, int* g_next, float a, float b)
{
    __shared__ int s_tile[2];          // toggled slot: one barrier per iteration suffices
    for (int it = 0;; ++it) {
        if (threadIdx.x == 0) s_tile[it & 1] = atomicAdd(g_next, 1);
        __syncthreads();
        int t = s_tile[it & 1];
        if (t >= ntiles) break;
        const float* src = in + (size_t)t * TILE;
        float* dst = out + (size_t)t * TILE;
        for (int i = threadIdx.x; i < TILE; i += blockDim.x)
            dst[i] = fmaf(a, src[i], b);
    }
}
