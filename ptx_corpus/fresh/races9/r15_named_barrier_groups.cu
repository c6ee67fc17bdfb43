// Inclusive scan of 256 ints per block. The two halves of the block (warps 0-3
// and warps 4-7) scan their 128 elements independently, each on its own named
// barrier so the halves do not wait for each other; the upper half then adds
// the lower half's total.
// Launch: blockDim.x = 256 exactly, gridDim.x = ceil(n / 256).
#include <cuda_runtime.h>

#define BLOCK 256
#define HALF  128

static __device__ __forceinline__ void half_sync(int g)
{
    asm volatile("bar.sync %0, %1;" :: "r"(1 + g), "r"(HALF) : "memory");
}

extern "C" __global__ void __launch_bounds__(BLOCK)
split_scan_race(const int* __restrict__ in, int* __restrict__ out, int n)
{
    __shared__ int s[2][BLOCK];
    const int tid = threadIdx.x;
    const int g = tid / HALF, lt = tid % HALF;
    const int gid = blockIdx.x * BLOCK + tid;

    s[0][tid] = (gid < n) ? in[gid] : 0;
    half_sync(g);

    int p = 0;
    for (int off = 1; off < HALF; off <<= 1) {
        int v = s[p][tid];
        if (lt >= off) v += s[p][tid - off];
        s[p ^ 1][tid] = v;
        p ^= 1;
        half_sync(g);
    }

    int x = s[p][tid];
    if (g == 1) x += s[p][HALF - 1];
    if (gid < n) out[gid] = x;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
split_scan_ok(const int* __restrict__ in, int* __restrict__ out, int n)
{
    __shared__ int s[2][BLOCK];
    const int tid = threadIdx.x;
    const int g = tid / HALF, lt = tid % HALF;
    const int gid = blockIdx.x * BLOCK + tid;

    s[0][tid] = (gid < n) ? in[gid] : 0;
    half_sync(g);

    int p = 0;
    for (int off = 1; off < HALF; off <<= 1) {
        int v = s[p][tid];
        if (lt >= off) v += s[p][tid - off];
        s[p ^ 1][tid] = v;
        p ^= 1;
        half_sync(g);
    }
    __syncthreads();   // the upper half reads the lower half's total

    int x = s[p][tid];
    if (g == 1) x += s[p][HALF - 1];
    if (gid < n) out[gid] = x;
}
