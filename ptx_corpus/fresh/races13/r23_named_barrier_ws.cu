// Warp-specialised producer/consumer over a single shared tile, synchronised with
// named barriers (bar.sync / bar.arrive via inline PTX, like CUTLASS NamedBarrier).
// Warps 0-1 (64 threads) produce tiles into s_buf, warps 2-3 (64 threads) consume them.
// Barrier FULL (id 1): producers arrive, consumers sync. Barrier EMPTY (id 2): consumers
// arrive, producers sync. Both barriers involve all 128 threads.
// Launch (both kernels): blockDim = 128, gridDim = 132, ntiles = 64, TILE = 256 floats.
#define TILE 256
#define NPROD 64
#define NCONS 64
#define BAR_FULL 1
#define BAR_EMPTY 2

__device__ __forceinline__ void named_bar_sync(int id, int nthreads) {
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(nthreads) : "memory");
}
__device__ __forceinline__ void named_bar_arrive(int id, int nthreads) {
    asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(nthreads) : "memory");
}

extern "C" __global__ void __launch_bounds__(NPROD + NCONS)
ws_pipeline_race(const float* __restrict__ in, float* __restrict__ out, int ntiles, float scale)
{
    __shared__ float s_buf[TILE];
    int tid = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * ntiles * TILE;
    if (tid < NPROD) {
        for (int t = 0; t < ntiles; ++t) {
            if (t > 0) named_bar_sync(BAR_EMPTY, NPROD);        // wrong count: producers alone complete it
            for (int i = tid; i < TILE; i += NPROD) s_buf[i] = src[t * TILE + i] * scale;
            named_bar_arrive(BAR_FULL, NPROD + NCONS);
        }
    } else {
        int c = tid - NPROD;
        for (int t = 0; t < ntiles; ++t) {
            named_bar_sync(BAR_FULL, NPROD + NCONS);
            float acc = 0.f;
            for (int i = c; i < TILE; i += NCONS) acc += s_buf[i] * s_buf[TILE - 1 - i];
            out[((size_t)blockIdx.x * ntiles + t) * NCONS + c] = acc;
            if (t + 1 < ntiles) named_bar_arrive(BAR_EMPTY, NPROD);
        }
    }
}

extern "C" __global__ void __launch_bounds__(NPROD + NCONS)
ws_pipeline_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles, float scale)
{
    __shared__ float s_buf[TILE];
    int tid = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * ntiles * TILE;
    if (tid < NPROD) {
        for (int t = 0; t < ntiles; ++t) {
            if (t > 0) named_bar_sync(BAR_EMPTY, NPROD + NCONS);
            for (int i = tid; i < TILE; i += NPROD) s_buf[i] = src[t * TILE + i] * scale;
            named_bar_arrive(BAR_FULL, NPROD + NCONS);
        }
    } else {
        int c = tid - NPROD;
        for (int t = 0; t < ntiles; ++t) {
            named_bar_sync(BAR_FULL, NPROD + NCONS);
            float acc = 0.f;
            for (int i = c; i < TILE; i += NCONS) acc += s_buf[i] * s_buf[TILE - 1 - i];
            out[((size_t)blockIdx.x * ntiles + t) * NCONS + c] = acc;
            if (t + 1 < ntiles) named_bar_arrive(BAR_EMPTY, NPROD + NCONS);
        }
    }
}
