// CSR sparse matrix-vector product (Bell & Garland style): scalar and vector kernels.

// One thread per row, grid-stride over rows (no shared memory).
// Launch: blockDim = 256, gridDim = any
extern "C" __global__ void __launch_bounds__(256)
spmv_csr_scalar(const int* __restrict__ rowptr, const int* __restrict__ col, const float* __restrict__ val,
                const float* __restrict__ x, float* __restrict__ y, int nrows)
{
    for (int row = blockIdx.x * blockDim.x + threadIdx.x; row < nrows; row += blockDim.x * gridDim.x) {
        float sum = 0.0f;
        int end = rowptr[row + 1];
        for (int jj = rowptr[row]; jj < end; ++jj) sum += val[jj] * x[col[jj]];
        y[row] = sum;
    }
}

// One warp per row, warps stride over rows; per-warp shared partial sums.
// Launch: blockDim = 128 (4 warps), gridDim = any
extern "C" __global__ void __launch_bounds__(128)
spmv_csr_vector(const int* __restrict__ rowptr, const int* __restrict__ col, const float* __restrict__ val,
                const float* __restrict__ x, float* __restrict__ y, int nrows)
{
    __shared__ float sv[128];
    int tid = threadIdx.x;
    int lane = tid & 31;
    int warpG = (blockIdx.x * blockDim.x + tid) >> 5;
    int nwarps = (gridDim.x * blockDim.x) >> 5;
    for (int row = warpG; row < nrows; row += nwarps) {
        int beg = rowptr[row], end = rowptr[row + 1];
        float sum = 0.0f;
        for (int jj = beg + lane; jj < end; jj += 32) sum += val[jj] * x[col[jj]];
        sv[tid] = sum;
        __syncwarp();
        for (int off = 16; off > 0; off >>= 1) {
            float o = 0.0f;
            if (lane < off) o = sv[tid + off];
            __syncwarp();
            if (lane < off) {
                sum += o;
                sv[tid] = sum;
            }
            __syncwarp();
        }
        if (lane == 0) y[row] = sum;
    }
}
