// r20_persistent_workqueue.cu
// Jacobi (diagonal) scaling of a CSR matrix in place, val[j] /= diag[row], with dynamic
// load balancing for very skewed row lengths: each persistent block repeatedly lets
// thread 0 grab the next row from a global work counter and broadcasts the row index to
// the block through shared memory; the block then processes the row cooperatively.
// Launch: blockDim = (256,1,1), gridDim = (G,1,1) (e.g. 4*numSMs, G < nrows),
//         *work_counter = 0 before launch, no dynamic shared memory.

extern "C" __global__ void __launch_bounds__(256)
csr_scale_rows_race(const int* __restrict__ rowptr, float* __restrict__ val,
                    const float* __restrict__ diag, int nrows, int* __restrict__ work_counter)
{
    __shared__ int s_row;
    for (;;) {
        if (threadIdx.x == 0) s_row = atomicAdd(work_counter, 1);
        __syncthreads();
        const int row = s_row;
        if (row >= nrows) break;
        const float inv = 1.f / diag[row];
        const int end = rowptr[row + 1];
        for (int j = rowptr[row] + threadIdx.x; j < end; j += blockDim.x) val[j] *= inv;
    }
}

extern "C" __global__ void __launch_bounds__(256)
csr_scale_rows_ok(const int* __restrict__ rowptr, float* __restrict__ val,
                  const float* __restrict__ diag, int nrows, int* __restrict__ work_counter)
{
    // Two broadcast slots used alternately: slot k is rewritten two iterations later,
    // i.e. only after every thread has passed the barrier of the iteration in between,
    // so one barrier per row is enough.
    __shared__ int s_row[2];
    for (int k = 0;; k ^= 1) {
        if (threadIdx.x == 0) s_row[k] = atomicAdd(work_counter, 1);
        __syncthreads();
        const int row = s_row[k];
        if (row >= nrows) break;
        const float inv = 1.f / diag[row];
        const int end = rowptr[row + 1];
        for (int j = rowptr[row] + threadIdx.x; j < end; j += blockDim.x) val[j] *= inv;
    }
}
