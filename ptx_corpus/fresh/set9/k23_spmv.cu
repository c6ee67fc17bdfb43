// Sparse matrix-vector products (Bell & Garland): CSR scalar, CSR vector, ELL, and a double-precision CSR vector.
extern "C" __global__ void spmv_csr_scalar(int num_rows, const int *ptr, const int *indices,
                                           const float *data, const float *x, float *y)
{
    int row = blockDim.x * blockIdx.x + threadIdx.x;
    if (row < num_rows) {
        float dot = 0;
        int row_start = ptr[row];
        int row_end = ptr[row + 1];
        for (int jj = row_start; jj < row_end; jj++)
            dot += data[jj] * x[indices[jj]];
        y[row] += dot;
    }
}

extern "C" __global__ void spmv_csr_vector(int num_rows, const int *ptr, const int *indices,
                                           const float *data, const float *x, float *y)
{
    __shared__ float vals[256];
    int thread_id = blockDim.x * blockIdx.x + threadIdx.x;
    int warp_id = thread_id / 32;
    int lane = thread_id & (32 - 1);
    int row = warp_id;
    if (row < num_rows) {
        int row_start = ptr[row];
        int row_end = ptr[row + 1];
        vals[threadIdx.x] = 0;
        for (int jj = row_start + lane; jj < row_end; jj += 32)
            vals[threadIdx.x] += data[jj] * x[indices[jj]];
        __syncwarp();
        if (lane < 16) vals[threadIdx.x] += vals[threadIdx.x + 16]; __syncwarp();
        if (lane < 8) vals[threadIdx.x] += vals[threadIdx.x + 8]; __syncwarp();
        if (lane < 4) vals[threadIdx.x] += vals[threadIdx.x + 4]; __syncwarp();
        if (lane < 2) vals[threadIdx.x] += vals[threadIdx.x + 2]; __syncwarp();
        if (lane < 1) vals[threadIdx.x] += vals[threadIdx.x + 1]; __syncwarp();
        if (lane == 0) y[row] += vals[threadIdx.x];
    }
}

extern "C" __global__ void spmv_ell(int num_rows, int num_cols, int num_cols_per_row, const int *indices,
                                    const float *data, const float *x, float *y)
{
    int row = blockDim.x * blockIdx.x + threadIdx.x;
    if (row < num_rows) {
        float dot = 0;
        for (int n = 0; n < num_cols_per_row; n++) {
            int col = indices[num_rows * n + row];
            float val = data[num_rows * n + row];
            if (val != 0) dot += val * x[col];
        }
        y[row] += dot;
    }
}

// CSR vector kernel with a template sub-warp size and shuffle reduction, double precision, y = alpha*A*x + beta*y.
template <int THREADS_PER_ROW>
__device__ __forceinline__ void csr_vector_shfl(int num_rows, const int *__restrict__ ptr, const int *__restrict__ col,
                                                const double *__restrict__ val, const double *__restrict__ x,
                                                double *__restrict__ y, double alpha, double beta)
{
    int gtid = blockIdx.x * blockDim.x + threadIdx.x;
    int row = gtid / THREADS_PER_ROW;
    int lane = gtid & (THREADS_PER_ROW - 1);
    double sum = 0.0;
    if (row < num_rows) {
        int s = __ldg(&ptr[row]), e = __ldg(&ptr[row + 1]);
        for (int j = s + lane; j < e; j += THREADS_PER_ROW)
            sum += __ldg(&val[j]) * __ldg(&x[__ldg(&col[j])]);
    }
#pragma unroll
    for (int o = THREADS_PER_ROW / 2; o > 0; o >>= 1)
        sum += __shfl_down_sync(0xffffffffu, sum, o, THREADS_PER_ROW);
    if (row < num_rows && lane == 0) y[row] = alpha * sum + beta * y[row];
}

extern "C" __global__ void dspmv_csr_vector8(int num_rows, const int *ptr, const int *col, const double *val,
                                             const double *x, double *y, double alpha, double beta)
{
    csr_vector_shfl<8>(num_rows, ptr, col, val, x, y, alpha, beta);
}
