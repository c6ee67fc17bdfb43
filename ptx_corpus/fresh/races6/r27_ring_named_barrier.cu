// r27: warp-specialized producer/consumer pipeline through a 2-slot shared ring buffer,
// synchronized with named barriers (bar.sync / bar.arrive, ids 1..4, 256 participants):
// warps 0-3 load chunks of x into the ring, warps 4-7 compute a 2-tap filter from it.
// FULL[slot] = barrier 1+slot, EMPTY[slot] = barrier 3+slot.
// Launch: blockDim = (256,1,1) exactly, grid = any; each block streams nchunks chunks of 512 floats.
#define CHUNK 512
#define NPROD 128

__device__ __forceinline__ void named_sync(int id, int n)
{
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(n) : "memory");
}
__device__ __forceinline__ void named_arrive(int id, int n)
{
    asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(n) : "memory");
}

extern "C" __global__ void __launch_bounds__(256)
ring_named_barrier_race(const float* __restrict__ x, float* __restrict__ y, int nchunks)
{
    __shared__ float ring[2][CHUNK];
    const int tid = threadIdx.x;
    const float* xb = x + (size_t)blockIdx.x * nchunks * CHUNK;
    float* yb = y + (size_t)blockIdx.x * nchunks * CHUNK;
    if (tid < NPROD) {                                   // producers
        for (int k = 0; k < nchunks; ++k) {
            const int slot = k & 1;
            if (k >= 2) named_sync(3 + slot, 256);       // wait until the slot was released
#pragma unroll
            for (int q = 0; q < CHUNK / NPROD; ++q)
                ring[slot][q * NPROD + tid] = xb[(size_t)k * CHUNK + q * NPROD + tid];
            named_arrive(1 + slot, 256);                 // slot is full
        }
    } else {                                             // consumers
        const int c = tid - NPROD;
        for (int k = 0; k < nchunks; ++k) {
            const int slot = k & 1;
            named_sync(1 + slot, 256);                   // wait until the slot is full
            if (k + 2 < nchunks) named_arrive(3 + slot, 256);   // release the slot early
#pragma unroll
            for (int q = 0; q < CHUNK / NPROD; ++q) {
                const int e = c * (CHUNK / NPROD) + q;
                const float a = ring[slot][e];
                const float b = ring[slot][(e + 1) & (CHUNK - 1)];
                yb[(size_t)k * CHUNK + e] = 0.5f * (a + b);
            }
        }
    }
}

extern "C" __global__ void __launch_bounds__(256)
ring_named_barrier_ok(const float* __restrict__ x, float* __restrict__ y, int nchunks)
{
    __shared__ float ring[2][CHUNK];
    const int tid = threadIdx.x;
    const float* xb = x + (size_t)blockIdx.x * nchunks * CHUNK;
    float* yb = y + (size_t)blockIdx.x * nchunks * CHUNK;
    if (tid < NPROD) {                                   // producers
        for (int k = 0; k < nchunks; ++k) {
            const int slot = k & 1;
            if (k >= 2) named_sync(3 + slot, 256);       // wait until the slot was released
#pragma unroll
            for (int q = 0; q < CHUNK / NPROD; ++q)
                ring[slot][q * NPROD + tid] = xb[(size_t)k * CHUNK + q * NPROD + tid];
            named_arrive(1 + slot, 256);                 // slot is full
        }
    } else {                                             // consumers
        const int c = tid - NPROD;
        for (int k = 0; k < nchunks; ++k) {
            const int slot = k & 1;
            named_sync(1 + slot, 256);                   // wait until the slot is full
#pragma unroll
            for (int q = 0; q < CHUNK / NPROD; ++q) {
                const int e = c * (CHUNK / NPROD) + q;
                const float a = ring[slot][e];
                const float b = ring[slot][(e + 1) & (CHUNK - 1)];
                yb[(size_t)k * CHUNK + e] = 0.5f * (a + b);
            }
            if (k + 2 < nchunks) named_arrive(3 + slot, 256);   // release the slot
        }
    }
}
