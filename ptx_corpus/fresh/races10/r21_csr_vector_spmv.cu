// r21_csr_vector_spmv.cu
// CSR sparse matrix-vector product y = A * x, "CSR-vector" variant with 8 threads per row
// (4 rows per warp, 16 rows per block): each 8-lane group accumulates strided partial
// sums over its row's nonzeros and reduces them in shared memory, synchronising only the
// lanes of its own group with __syncwarp(mask).
// Launch: blockDim = (128,1,1), gridDim = (ceil(nrows/16),1,1), no dynamic shared memory.
#define THREADS 128
#define TPR     8                      // threads per row

extern "C" __global__ void __launch_bounds__(THREADS)
spmv_csr_vector_race(const int* __restrict__ rowptr, const int* __restrict__ colidx,
                     const float* __restrict__ val, const float* __restrict__ x,
                     float* __restrict__ y, int nrows)
{
    __shared__ float s[THREADS];
    const int tid = threadIdx.x;
    const int lv = tid & (TPR - 1);                          // lane within the row group
    const int row = blockIdx.x * (THREADS / TPR) + tid / TPR;

    float sum = 0.f;
    if (row < nrows)
        for (int j = rowptr[row] + lv; j < rowptr[row + 1]; j += TPR)
            sum += val[j] * __ldg(x + colidx[j]);

    s[tid] = sum;
    for (int off = TPR / 2; off > 0; off >>= 1) {
        if (lv < off) {
            __syncwarp(__activemask());                      // sync the lanes taking part
            sum += s[tid + off];
            s[tid] = sum;
        }
    }
    if (lv == 0 && row < nrows) y[row] = sum;
}

extern "C" __global__ void __launch_bounds__(THREADS)
spmv_csr_vector_ok(const int* __restrict__ rowptr, const int* __restrict__ colidx,
                   const float* __restrict__ val, const float* __restrict__ x,
                   float* __restrict__ y, int nrows)
{
    __shared__ float s[THREADS];
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int lv = tid & (TPR - 1);
    const int row = blockIdx.x * (THREADS / TPR) + tid / TPR;
    // mask of the 8 lanes of this row group (0x000000ff, 0x0000ff00, ...)
    const unsigned gmask = 0xffu << (lane & ~(TPR - 1));

    float sum = 0.f;
    if (row < nrows)
        for (int j = rowptr[row] + lv; j < rowptr[row + 1]; j += TPR)
            sum += val[j] * __ldg(x + colidx[j]);

    s[tid] = sum;
    for (int off = TPR / 2; off > 0; off >>= 1) {
        __syncwarp(gmask);                                   // all 8 lanes of the group
        if (lv < off) {
            sum += s[tid + off];          // reads slots [off, 2off) of the group
            s[tid] = sum;                 // writes slots [0, off)
        }
    }
    if (lv == 0 && row < nrows) y[row] = sum;
}
