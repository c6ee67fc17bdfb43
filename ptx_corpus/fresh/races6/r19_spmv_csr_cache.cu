// r19: scalar CSR SpMV (one thread per row) with the block's slice of row_ptr cached in
// dynamic shared memory (blockDim.x + 1 entries).
// Launch: any 1-D blockDim.x (typ. 256), grid = ceil(nrows/blockDim.x),
//         dynamic shared memory = (blockDim.x + 1) * sizeof(int).
extern "C" __global__ void spmv_csr_cache_race(int nrows, const int* __restrict__ row_ptr,
                                               const int* __restrict__ col_idx,
                                               const float* __restrict__ vals,
                                               const float* __restrict__ x, float* __restrict__ y)
{
    extern __shared__ int s_ptr[];
    const int tid = threadIdx.x;
    const int row0 = blockIdx.x * blockDim.x;
    const int row = row0 + tid;
    if (row <= nrows) s_ptr[tid] = row_ptr[row];
    if (tid == 0) s_ptr[blockDim.x] = row_ptr[min(row0 + (int)blockDim.x, nrows)];
    if (row < nrows) {
        const int beg = s_ptr[tid], end = s_ptr[tid + 1];
        float sum = 0.f;
        for (int j = beg; j < end; ++j) sum += vals[j] * x[col_idx[j]];
        y[row] = sum;
    }
}

extern "C" __global__ void spmv_csr_cache_ok(int nrows, const int* __restrict__ row_ptr,
                                             const int* __restrict__ col_idx,
                                             const float* __restrict__ vals,
                                             const float* __restrict__ x, float* __restrict__ y)
{
    extern __shared__ int s_ptr[];
    const int tid = threadIdx.x;
    const int row0 = blockIdx.x * blockDim.x;
    const int row = row0 + tid;
    if (row <= nrows) s_ptr[tid] = row_ptr[row];
    if (tid == 0) s_ptr[blockDim.x] = row_ptr[min(row0 + (int)blockDim.x, nrows)];
    __syncthreads();
    if (row < nrows) {
        const int beg = s_ptr[tid], end = s_ptr[tid + 1];
        float sum = 0.f;
        for (int j = beg; j < end; ++j) sum += vals[j] * x[col_idx[j]];
        y[row] = sum;
    }
}
