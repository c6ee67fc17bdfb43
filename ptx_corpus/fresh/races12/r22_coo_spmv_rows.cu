// COO SpMV y = A x with row-blocked accumulation in shared memory. Entries are sorted by row;
// block b owns rows [256b, 256b+256) and the entry range [blk_ptr[b], blk_ptr[b+1]).
// Launch: blockDim = (256,1,1) (compile-time), gridDim = (nrows/256,1,1), no dynamic shared memory;
// nrows multiple of 256, every entry e in block b's range has 256b <= row[e] < 256b+256, 0 <= col[e] < ncols.
#define NT 256

extern "C" __global__ void __launch_bounds__(NT)
coo_spmv_race(const int* __restrict__ blk_ptr, const int* __restrict__ row, const int* __restrict__ col,
              const float* __restrict__ val, const float* __restrict__ x, float* __restrict__ y)
{
    __shared__ float s_y[NT];
    const int tid = threadIdx.x, r0 = blockIdx.x * NT;
    s_y[tid] = 0.f;
    __syncthreads();
    const int e0 = blk_ptr[blockIdx.x], e1 = blk_ptr[blockIdx.x + 1];
    for (int e = e0 + tid; e < e1; e += NT)
        s_y[row[e] - r0] += val[e] * x[col[e]];
    __syncthreads();
    y[r0 + tid] = s_y[tid];
}

extern "C" __global__ void __launch_bounds__(NT)
coo_spmv_ok(const int* __restrict__ blk_ptr, const int* __restrict__ row, const int* __restrict__ col,
            const float* __restrict__ val, const float* __restrict__ x, float* __restrict__ y)
{
    __shared__ float s_y[NT];
    const int tid = threadIdx.x, r0 = blockIdx.x * NT;
    s_y[tid] = 0.f;
    __syncthreads();
    const int e0 = blk_ptr[blockIdx.x], e1 = blk_ptr[blockIdx.x + 1];
    for (int e = e0 + tid; e < e1; e += NT)
        atomicAdd(&s_y[row[e] - r0], val[e] * x[col[e]]);
    __syncthreads();
    y[r0 + tid] = s_y[tid];
}
