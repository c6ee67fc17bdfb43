// Sparse matrix-vector multiply: CSR scalar, CSR vector (warp per row), ELL, and a
// templated CSR-vector with sub-warp size (Bell & Garland style).
#include <cuda_runtime.h>

template <typename T, int THREADS_PER_VECTOR, int BLOCK>
__device__ __forceinline__ void spmvCsrVector(int numRows, const int *__restrict__ Ap, const int *__restrict__ Aj,
                                              const T *__restrict__ Ax, const T *__restrict__ x, T *__restrict__ y)
{
    __shared__ volatile int ptrs[BLOCK / THREADS_PER_VECTOR][2];
    const int thread_id = BLOCK * blockIdx.x + threadIdx.x;
    const int thread_lane = threadIdx.x & (THREADS_PER_VECTOR - 1);
    const int vector_id = thread_id / THREADS_PER_VECTOR;
    const int vector_lane = threadIdx.x / THREADS_PER_VECTOR;
    const int num_vectors = (BLOCK / THREADS_PER_VECTOR) * gridDim.x;
    for (int row = vector_id; row < numRows; row += num_vectors) {
        if (thread_lane < 2) ptrs[vector_lane][thread_lane] = Ap[row + thread_lane];
        __syncwarp();
        const int row_start = ptrs[vector_lane][0];
        const int row_end = ptrs[vector_lane][1];
        T sum = 0;
        if (THREADS_PER_VECTOR == 32 && row_end - row_start > 32) {
            int jj = row_start - (row_start & (THREADS_PER_VECTOR - 1)) + thread_lane;
            if (jj >= row_start && jj < row_end) sum += Ax[jj] * x[Aj[jj]];
            for (jj += THREADS_PER_VECTOR; jj < row_end; jj += THREADS_PER_VECTOR) sum += Ax[jj] * x[Aj[jj]];
        } else {
            for (int jj = row_start + thread_lane; jj < row_end; jj += THREADS_PER_VECTOR) sum += Ax[jj] * x[Aj[jj]];
        }
#pragma unroll
        for (int o = THREADS_PER_VECTOR / 2; o > 0; o >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, o, THREADS_PER_VECTOR);
        if (thread_lane == 0) y[row] = sum;
        __syncwarp();
    }
}

extern "C" __global__ void __launch_bounds__(128)
spmv_csr_vector_f32_w32(int n, const int *Ap, const int *Aj, const float *Ax, const float *x, float *y)
{
    spmvCsrVector<float, 32, 128>(n, Ap, Aj, Ax, x, y);
}

extern "C" __global__ void __launch_bounds__(256)
spmv_csr_vector_f64_w8(int n, const int *Ap, const int *Aj, const double *Ax, const double *x, double *y)
{
    spmvCsrVector<double, 8, 256>(n, Ap, Aj, Ax, x, y);
}

// ELLPACK: column-major padded storage.
extern "C" __global__ void spmv_ell_f64(int numRows, int numColsPerRow, int pitch, const int *__restrict__ indices,
                                        const double *__restrict__ data, const double *__restrict__ x, double *y,
                                        double alpha, double beta)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= numRows) return;
    double sum = 0;
#pragma unroll 4
    for (int n = 0; n < numColsPerRow; n++) {
        int col = indices[pitch * n + row];
        double val = data[pitch * n + row];
        if (col >= 0) sum += val * x[col];
    }
    y[row] = alpha * sum + beta * y[row];
}
