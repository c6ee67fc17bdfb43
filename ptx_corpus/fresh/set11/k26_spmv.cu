// Sparse matrix-vector products: CSR scalar (row per thread), CSR vector (warp per row), ELLPACK column-major, and a double-precision CSR with a sub-warp per row.
#include <cuda_runtime.h>

extern "C" __global__ void spmv_csr_scalar(int nRows, const int* __restrict__ rowPtr, const int* __restrict__ colIdx,
                                           const float* __restrict__ val, const float* __restrict__ x, float* __restrict__ y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= nRows) return;
    float s = 0.f;
    int end = rowPtr[row + 1];
    for (int j = rowPtr[row]; j < end; ++j) s += val[j] * __ldg(&x[colIdx[j]]);
    y[row] = s;
}

extern "C" __global__ void __launch_bounds__(256)
spmv_csr_vector(int nRows, const int* __restrict__ rowPtr, const int* __restrict__ colIdx,
                const float* __restrict__ val, const float* __restrict__ x, float* __restrict__ y,
                float alpha, float beta)
{
    int warpId = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    int nWarps = (gridDim.x * blockDim.x) >> 5;
    for (int row = warpId; row < nRows; row += nWarps) {
        int start = rowPtr[row], end = rowPtr[row + 1];
        float s = 0.f;
        for (int j = start + lane; j < end; j += 32) s += val[j] * __ldg(&x[colIdx[j]]);
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
        if (lane == 0) y[row] = alpha * s + (beta != 0.f ? beta * y[row] : 0.f);
    }
}

// ELL storage: nRows x maxNnz, column-major so consecutive threads read consecutive entries; col < 0 is padding.
extern "C" __global__ void spmv_ell(int nRows, int maxNnz, const int* __restrict__ ellCol, const float* __restrict__ ellVal,
                                    const float* __restrict__ x, float* __restrict__ y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= nRows) return;
    float s = 0.f;
    for (int k = 0; k < maxNnz; ++k) {
        int c = ellCol[(size_t)k * nRows + row];
        if (c >= 0) s += ellVal[(size_t)k * nRows + row] * x[c];
    }
    y[row] = s;
}

// Double CSR with THREADS_PER_ROW lanes per row (chosen for mean row length ~ 8-16).
#define TPR 8
extern "C" __global__ void spmv_csr_subwarp_f64(int nRows, const int* __restrict__ rowPtr, const int* __restrict__ colIdx,
                                                const double* __restrict__ val, const double* __restrict__ x,
                                                double* __restrict__ y)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int row = gid / TPR;
    int lane = gid % TPR;
    double s = 0.0;
    if (row < nRows) {
        int start = rowPtr[row], end = rowPtr[row + 1];
        for (int j = start + lane; j < end; j += TPR) s = fma(val[j], x[colIdx[j]], s);
    }
#pragma unroll
    for (int o = TPR / 2; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o, TPR);
    if (row < nRows && lane == 0) y[row] = s;
}
