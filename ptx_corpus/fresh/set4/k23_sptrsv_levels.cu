// Level-scheduled sparse triangular solve (CSR, lower): thread-per-row and warp-per-row level kernels, plus a sync-free variant with ready flags (double precision).
#include <cuda_runtime.h>

// rows in this level listed in levelRows[levelPtr[l]..levelPtr[l+1])
extern "C" __global__ void
sptrsv_level_thread(const int* __restrict__ rowPtr, const int* __restrict__ colIdx, const double* __restrict__ val,
                    const double* __restrict__ b, double* __restrict__ x, const int* __restrict__ levelRows, int begin, int end,
                    int unitDiag)
{
    int k = begin + blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= end) return;
    int r = levelRows[k];
    double s = b[r], diag = 1.0;
    for (int p = rowPtr[r]; p < rowPtr[r + 1]; ++p) {
        int c = colIdx[p];
        if (c < r) s -= val[p] * x[c];
        else if (c == r) diag = val[p];
    }
    x[r] = unitDiag ? s : s / diag;
}

// warp per row for long rows; lanes stride through nonzeros, shuffle reduction
extern "C" __global__ void
sptrsv_level_warp(const int* __restrict__ rowPtr, const int* __restrict__ colIdx, const double* __restrict__ val,
                  const double* __restrict__ b, double* __restrict__ x, const int* __restrict__ levelRows, int begin, int end)
{
    int w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    int k = begin + w;
    if (k >= end) return;
    int r = levelRows[k];
    double s = 0.0, diag = 0.0;
    for (int p = rowPtr[r] + lane; p < rowPtr[r + 1]; p += 32) {
        int c = colIdx[p];
        double v = val[p];
        if (c < r) s = fma(v, x[c], s);
        else if (c == r) diag = v;
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) { s += __shfl_xor_sync(0xffffffffu, s, o); diag += __shfl_xor_sync(0xffffffffu, diag, o); }
    if (lane == 0) x[r] = (b[r] - s) / diag;
}

// sync-free: warp per row, spin on ready flags of dependencies (requires all rows scheduled in dependency order)
extern "C" __global__ void __launch_bounds__(128, 8)
sptrsv_syncfree_warp(const int* __restrict__ rowPtr, const int* __restrict__ colIdx, const double* __restrict__ val,
                     const double* __restrict__ b, volatile double* x, volatile int* ready, int n)
{
    int r = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (r >= n) return;
    double s = 0.0, diag = 0.0;
    int end = rowPtr[r + 1];
    for (int p = rowPtr[r] + lane; p < end; p += 32) {
        int c = colIdx[p];
        double v = val[p];
        if (c < r) {
            while (ready[c] == 0) { __nanosleep(32); }
            __threadfence();
            s = fma(v, x[c], s);
        } else if (c == r) diag = v;
    }
    double dsum = diag;  // exactly one lane holds the diagonal entry
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) { s += __shfl_xor_sync(0xffffffffu, s, o); dsum += __shfl_xor_sync(0xffffffffu, dsum, o); }
    if (lane == 0) {
        x[r] = (b[r] - s) / dsum;
        __threadfence();
        ready[r] = 1;
    }
}
