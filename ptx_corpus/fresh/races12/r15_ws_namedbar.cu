// Warp-specialised GEMV y = A x. Warp 0 is a producer that stages 32-float chunks of x into shared memory;
// warps 1..4 (128 threads) are consumers, each owning one row of A. Producer and consumers hand over the
// single staging buffer with named barriers: FULL (id 1) and EMPTY (id 2), 160 threads each.
// Launch: blockDim = (160,1,1) (compile-time), gridDim = (nrows/128,1,1), no dynamic shared memory;
// nrows multiple of 128, ncols multiple of 32 and >= 32 (the race needs ncols >= 64).
#define NCONS 128
#define NTHR (NCONS + 32)
#define CH 32
#define BAR_FULL 1
#define BAR_EMPTY 2

__device__ __forceinline__ void named_sync(int id, int n) { asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(n) : "memory"); }
__device__ __forceinline__ void named_arrive(int id, int n) { asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(n) : "memory"); }

extern "C" __global__ void __launch_bounds__(NTHR)
gemv_ws_race(const float* __restrict__ A, const float* __restrict__ x, float* __restrict__ y, int ncols)
{
    __shared__ float s_x[CH];
    const int tid = threadIdx.x;
    const int nchunks = ncols / CH;
    if (tid < 32) {                                   // producer warp
        for (int k = 0; k < nchunks; ++k) {
            const float v = x[k * CH + tid];          // global load overlaps with the consumers
            s_x[tid] = v;
            if (k > 0) named_sync(BAR_EMPTY, NTHR);   // consumers finished chunk k-1
            named_arrive(BAR_FULL, NTHR);
        }
    } else {                                          // consumer warps
        const int row = blockIdx.x * NCONS + (tid - 32);
        float acc = 0.f;
        for (int k = 0; k < nchunks; ++k) {
            named_sync(BAR_FULL, NTHR);
#pragma unroll 8
            for (int j = 0; j < CH; ++j) acc += A[(size_t)row * ncols + k * CH + j] * s_x[j];
            if (k + 1 < nchunks) named_arrive(BAR_EMPTY, NTHR);
        }
        y[row] = acc;
    }
}

extern "C" __global__ void __launch_bounds__(NTHR)
gemv_ws_ok(const float* __restrict__ A, const float* __restrict__ x, float* __restrict__ y, int ncols)
{
    __shared__ float s_x[CH];
    const int tid = threadIdx.x;
    const int nchunks = ncols / CH;
    if (tid < 32) {
        for (int k = 0; k < nchunks; ++k) {
            const float v = x[k * CH + tid];
            if (k > 0) named_sync(BAR_EMPTY, NTHR);
            s_x[tid] = v;
            named_arrive(BAR_FULL, NTHR);
        }
    } else {
        const int row = blockIdx.x * NCONS + (tid - 32);
        float acc = 0.f;
        for (int k = 0; k < nchunks; ++k) {
            named_sync(BAR_FULL, NTHR);
#pragma unroll 8
            for (int j = 0; j < CH; ++j) acc += A[(size_t)row * ncols + k * CH + j] * s_x[j];
            if (k + 1 < nchunks) named_arrive(BAR_EMPTY, NTHR);
        }
        y[row] = acc;
    }
}
