// Domain: sparse matrix-vector multiplication
// spmv_csr_scalar     - CSR, one thread per row, runtime row lengths
// spmv_csr_vector     - CSR, one warp per row, lane-strided nonzeros, shuffle reduction, __ldg gathers
// spmv_ell_colmajor   - ELLPACK with column-major padded storage and -1 sentinel columns
// spmv_bsr_2x2        - block-sparse rows with dense 2x2 blocks, two outputs per thread

extern "C" __global__ void spmv_csr_scalar(const int *rowptr, const int *col, const float *val,
                                           const float *x, float *y, int nrows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrows) return;
    float s = 0.f;
    for (int j = rowptr[r]; j < rowptr[r + 1]; ++j) s += val[j] * x[col[j]];
    y[r] = s;
}

extern "C" __global__ void spmv_csr_vector(const int *__restrict__ rowptr, const int *__restrict__ col,
                                           const float *__restrict__ val, const float *__restrict__ x,
                                           float *__restrict__ y, int nrows)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= nrows) return;
    int beg = __ldg(&rowptr[warp]), end = __ldg(&rowptr[warp + 1]);
    float s = 0.f;
    for (int j = beg + lane; j < end; j += 32) s += __ldg(&val[j]) * __ldg(&x[__ldg(&col[j])]);
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0) y[warp] = s;
}

extern "C" __global__ void spmv_ell_colmajor(const int *__restrict__ idx, const float *__restrict__ val,
                                             const float *__restrict__ x, float *__restrict__ y,
                                             int nrows, int width)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrows) return;
    float s = 0.f;
    for (int k = 0; k < width; ++k) {
        int c = idx[k * nrows + r];
        if (c >= 0) s += val[k * nrows + r] * x[c];
    }
    y[r] = s;
}

extern "C" __global__ void spmv_bsr_2x2(const int *__restrict__ browptr, const int *__restrict__ bcol,
                                        const float4 *__restrict__ blocks, const float2 *__restrict__ x,
                                        float2 *__restrict__ y, int nbrows)
{
    int br = blockIdx.x * blockDim.x + threadIdx.x;
    if (br >= nbrows) return;
    float y0 = 0.f, y1 = 0.f;
    for (int j = browptr[br]; j < browptr[br + 1]; ++j) {
        float4 b = blocks[j];
        float2 xv = x[bcol[j]];
        y0 += b.x * xv.x + b.y * xv.y;
        y1 += b.z * xv.x + b.w * xv.y;
    }
    y[br] = make_float2(y0, y1);
}
