// Block-local CSR->CSC transpose: column counts via shared atomics, serial scan by thread 0, scatter with atomic cursors. blockDim = 128.
#define NCOL 64
template <bool FIX>
__device__ __forceinline__ void csrT_body(const int* __restrict__ colIdx, const float* __restrict__ val,
                                          const int* __restrict__ rowOf, int nnz,
                                          int* outRow, float* outVal, int* outPtr)
{
    __shared__ int cnt[NCOL];
    __shared__ int off[NCOL + 1];
    __shared__ int cur[NCOL];
    int t = threadIdx.x;
    if (t < NCOL) cnt[t] = 0;
    __syncthreads();
    for (int e = t; e < nnz; e += blockDim.x) atomicAdd(&cnt[colIdx[e]], 1);
    __syncthreads();
    if (t == 0) {
        int s = 0;
        for (int c = 0; c < NCOL; c++) { off[c] = s; cur[c] = s; s += cnt[c]; }
        off[NCOL] = s;
    }
    if (FIX) __syncthreads();
    if (t <= NCOL) outPtr[t] = off[t];
    for (int e = t; e < nnz; e += blockDim.x) {
        int c = colIdx[e];
        int p = atomicAdd(&cur[c], 1);
        outRow[p] = rowOf[e];
        outVal[p] = val[e];
    }
}
extern "C" __global__ void __launch_bounds__(128) csr_transpose_race(const int* colIdx, const float* val, const int* rowOf, int nnz, int* outRow, float* outVal, int* outPtr)
{ csrT_body<false>(colIdx, val, rowOf, nnz, outRow, outVal, outPtr); }
extern "C" __global__ void __launch_bounds__(128) csr_transpose_ok(const int* colIdx, const float* val, const int* rowOf, int nnz, int* outRow, float* outVal, int* outPtr)
{ csrT_body<true>(colIdx, val, rowOf, nnz, outRow, outVal, outPtr); }
