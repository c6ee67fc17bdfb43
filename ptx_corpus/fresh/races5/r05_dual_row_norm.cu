// Row L2 norms, two rows in flight per block: threads 0..127 form group 0, threads 128..255 group 1.
// The groups may run a different number of rows, so each group synchronises on its own
// named hardware barrier (bar.sync id, 128) instead of __syncthreads().
#include <cuda_runtime.h>

#define BLOCK       256
#define GROUP       128
#define GROUPS      (BLOCK / GROUP)

__device__ __forceinline__ void group_bar_sync(int id, int nthreads)
{
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(nthreads) : "memory");
}

extern "C" __global__ void __launch_bounds__(BLOCK)
dual_row_norm_race(const float* __restrict__ X, int nrows, int ncols, float* __restrict__ norms)
{
    __shared__ float s_red[GROUPS][GROUP];
    const int g  = threadIdx.x / GROUP;
    const int lt = threadIdx.x % GROUP;
    const int bar_id = 1 + (threadIdx.x >> 8);

    for (int row = blockIdx.x * GROUPS + g; row < nrows; row += gridDim.x * GROUPS) {
        const float* x = X + (size_t)row * ncols;
        float acc = 0.0f;
        for (int c = lt; c < ncols; c += GROUP) {
            float v = x[c];
            acc = fmaf(v, v, acc);
        }
        s_red[g][lt] = acc;
        group_bar_sync(bar_id, GROUP);

        for (int s = GROUP / 2; s > 0; s >>= 1) {
            if (lt < s)
                s_red[g][lt] += s_red[g][lt + s];
            group_bar_sync(bar_id, GROUP);
        }
        if (lt == 0)
            norms[row] = sqrtf(s_red[g][0]);
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
dual_row_norm_ok(const float* __restrict__ X, int nrows, int ncols, float* __restrict__ norms)
{
    __shared__ float s_red[GROUPS][GROUP];
    const int g  = threadIdx.x / GROUP;
    const int lt = threadIdx.x % GROUP;
    const int bar_id = 1 + (threadIdx.x >> 7);

    for (int row = blockIdx.x * GROUPS + g; row < nrows; row += gridDim.x * GROUPS) {
        const float* x = X + (size_t)row * ncols;
        float acc = 0.0f;
        for (int c = lt; c < ncols; c += GROUP) {
            float v = x[c];
            acc = fmaf(v, v, acc);
        }
        s_red[g][lt] = acc;
        group_bar_sync(bar_id, GROUP);

        for (int s = GROUP / 2; s > 0; s >>= 1) {
            if (lt < s)
                s_red[g][lt] += s_red[g][lt + s];
            group_bar_sync(bar_id, GROUP);
        }
        if (lt == 0)
            norms[row] = sqrtf(s_red[g][0]);
    }
}
