// CSR SpMV, "vector" kernel (Bell & Garland): one warp per row, lanes stride over the row's
// non-zeros, the 32 partial sums are reduced through shared memory. Warps without a row exit early.
// y = alpha*A*x + beta*y.
// Assumed launch: 1-D, blockDim.x == 256 (8 warps), any gridDim.x (warps grid-stride over rows).

#define SV_THREADS 256

extern "C" __global__ void __launch_bounds__(SV_THREADS)
spmv_csr_vector_race(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                     const float* __restrict__ val, const float* __restrict__ x,
                     float* __restrict__ y, int nrows, float alpha, float beta)
{
    if (blockDim.x != SV_THREADS) return;
    __shared__ volatile float s_vals[SV_THREADS];
    const int tid = threadIdx.x, lane = tid & 31;
    const int warp_id = (blockIdx.x * SV_THREADS + tid) >> 5;
    const int nwarps = (gridDim.x * SV_THREADS) >> 5;
    if (warp_id >= nrows) return;

    for (int row = warp_id; row < nrows; row += nwarps) {
        const int start = row_ptr[row], end = row_ptr[row + 1];
        float sum = 0.f;
        for (int jj = start + lane; jj < end; jj += 32) sum += val[jj] * x[col_idx[jj]];

        s_vals[tid] = sum;
        if (lane < 16) s_vals[tid] = sum = sum + s_vals[tid + 16];
        if (lane <  8) s_vals[tid] = sum = sum + s_vals[tid +  8];
        if (lane <  4) s_vals[tid] = sum = sum + s_vals[tid +  4];
        if (lane <  2) s_vals[tid] = sum = sum + s_vals[tid +  2];
        if (lane <  1) s_vals[tid] = sum = sum + s_vals[tid +  1];

        if (lane == 0) y[row] = alpha * s_vals[tid] + beta * y[row];
    }
}

extern "C" __global__ void __launch_bounds__(SV_THREADS)
spmv_csr_vector_ok(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                   const float* __restrict__ val, const float* __restrict__ x,
                   float* __restrict__ y, int nrows, float alpha, float beta)
{
    if (blockDim.x != SV_THREADS) return;
    __shared__ volatile float s_vals[SV_THREADS];
    const int tid = threadIdx.x, lane = tid & 31;
    const int warp_id = (blockIdx.x * SV_THREADS + tid) >> 5;
    const int nwarps = (gridDim.x * SV_THREADS) >> 5;
    if (warp_id >= nrows) return;

    for (int row = warp_id; row < nrows; row += nwarps) {
        const int start = row_ptr[row], end = row_ptr[row + 1];
        float sum = 0.f;
        for (int jj = start + lane; jj < end; jj += 32) sum += val[jj] * x[col_idx[jj]];

        s_vals[tid] = sum;
        __syncwarp();
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) {
            if (lane < off) s_vals[tid] = sum = sum + s_vals[tid + off];
            __syncwarp();
        }

        if (lane == 0) y[row] = alpha * s_vals[tid] + beta * y[row];
        __syncwarp();
    }
}
