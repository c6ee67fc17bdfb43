// CSR SpMV, "vector" kernel with 64 threads (two warps) cooperating on each row;
// 256-thread blocks handle 4 rows.
#include <cuda_runtime.h>

#define BLOCK 256
#define VEC   64
#define ROWS_PER_BLOCK (BLOCK / VEC)

extern "C" __global__ void __launch_bounds__(BLOCK)
spmv_vector_race(int nrows, const int* __restrict__ rowptr, const int* __restrict__ colidx,
                 const float* __restrict__ val, const float* __restrict__ x, float* __restrict__ y)
{
    __shared__ float s_sum[BLOCK];
    const int tid  = threadIdx.x;
    const int lane = tid & (VEC - 1);
    const int row  = blockIdx.x * ROWS_PER_BLOCK + tid / VEC;

    float sum = 0.0f;
    if (row < nrows) {
        int beg = rowptr[row], end = rowptr[row + 1];
        for (int j = beg + lane; j < end; j += VEC)
            sum = fmaf(val[j], x[colidx[j]], sum);
    }
    s_sum[tid] = sum;
    __syncwarp();

    #pragma unroll
    for (int off = VEC / 2; off > 0; off >>= 1) {
        if (lane < off)
            s_sum[tid] += s_sum[tid + off];
        __syncwarp();
    }
    if (lane == 0 && row < nrows)
        y[row] = s_sum[tid];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
spmv_vector_ok(int nrows, const int* __restrict__ rowptr, const int* __restrict__ colidx,
               const float* __restrict__ val, const float* __restrict__ x, float* __restrict__ y)
{
    __shared__ float s_warp[BLOCK / 32];
    const int tid  = threadIdx.x;
    const int lane = tid & (VEC - 1);
    const int warp = tid >> 5;
    const int row  = blockIdx.x * ROWS_PER_BLOCK + tid / VEC;

    float sum = 0.0f;
    if (row < nrows) {
        int beg = rowptr[row], end = rowptr[row + 1];
        for (int j = beg + lane; j < end; j += VEC)
            sum = fmaf(val[j], x[colidx[j]], sum);
    }
    #pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        sum += __shfl_down_sync(0xffffffffu, sum, off);
    if ((tid & 31) == 0)
        s_warp[warp] = sum;
    __syncthreads();

    if (lane == 0 && row < nrows)
        y[row] = s_warp[warp] + s_warp[warp + 1];
}
