// r22_named_barrier_groups.cu
// Row L2 norms, two rows per block: the 256 threads form two independent
// 128-thread groups (4 warps each), and each group synchronises only itself
// with its own named barrier (bar.sync id, count), id = 1 + group.
//
// Launch (both kernels): blockDim = 256 (BLOCK = 2 groups x 128);
//   gridDim = ceil(rows / 2).
#define BLOCK 256
#define GROUP 128
#define GWARPS (GROUP / 32)
#define FULL_MASK 0xffffffffu

__device__ __forceinline__ void named_bar_sync(int id, int nthreads)
{
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(nthreads) : "memory");
}
__device__ __forceinline__ float warp_sum(float v)
{
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL_MASK, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
named_barrier_groups_race(const float* __restrict__ x, float* __restrict__ norms,
                          int rows, int cols)
{
    __shared__ float s_part[2][GWARPS];
    const int tid = threadIdx.x;
    const int g = tid / GROUP, gt = tid % GROUP;
    const int lane = tid & 31, gw = gt >> 5;
    const int row = blockIdx.x * 2 + g;

    float acc = 0.f;
    if (row < rows) {
        const float* xr = x + (size_t)row * cols;
        for (int c = gt; c < cols; c += GROUP) { const float v = xr[c]; acc = fmaf(v, v, acc); }
    }
    acc = warp_sum(acc);
    if (lane == 0) s_part[g][gw] = acc;
    named_bar_sync(1 + g, GROUP / 2);      // count too small: releases after any 2 of the 4 warps
    if (gt == 0 && row < rows) {
        float t = 0.f;
        #pragma unroll
        for (int w = 0; w < GWARPS; ++w) t += s_part[g][w];
        norms[row] = sqrtf(t);
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
named_barrier_groups_ok(const float* __restrict__ x, float* __restrict__ norms,
                        int rows, int cols)
{
    __shared__ float s_part[2][GWARPS];
    const int tid = threadIdx.x;
    const int g = tid / GROUP, gt = tid % GROUP;
    const int lane = tid & 31, gw = gt >> 5;
    const int row = blockIdx.x * 2 + g;

    float acc = 0.f;
    if (row < rows) {
        const float* xr = x + (size_t)row * cols;
        for (int c = gt; c < cols; c += GROUP) { const float v = xr[c]; acc = fmaf(v, v, acc); }
    }
    acc = warp_sum(acc);
    if (lane == 0) s_part[g][gw] = acc;
    // Each group only exchanges data inside its own half of s_part, so a barrier
    // over the group's 128 threads is sufficient.
    named_bar_sync(1 + g, GROUP);
    if (gt == 0 && row < rows) {
        float t = 0.f;
        #pragma unroll
        for (int w = 0; w < GWARPS; ++w) t += s_part[g][w];
        norms[row] = sqrtf(t);
    }
}
