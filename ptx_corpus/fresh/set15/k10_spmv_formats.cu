// Domain: sparse matrix-vector products in several storage formats
// spmv_csr_scalar: one thread per row CSR SpMV, y = alpha*A*x + beta*y.
// spmv_csr_vector: one warp per row CSR SpMV with shuffle reduction (double precision).
// spmv_sell_c32: SELL-C-sigma with C=32 slices, row permutation applied on output.
// spmm_csr_8rhs: CSR times 8 dense right-hand sides (row-major X, 8 accumulators per thread).

extern "C" __global__ void spmv_csr_scalar(int nrows, const int* __restrict__ rowptr, const int* __restrict__ col,
                                           const float* __restrict__ val, const float* __restrict__ x,
                                           float alpha, float beta, float* __restrict__ y)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrows) return;
    float s = 0.f;
    int e = rowptr[r + 1];
    for (int k = rowptr[r]; k < e; k++) s = fmaf(val[k], __ldg(&x[col[k]]), s);
    y[r] = alpha * s + (beta != 0.f ? beta * y[r] : 0.f);
}

extern "C" __global__ void spmv_csr_vector(int nrows, const int* __restrict__ rowptr, const int* __restrict__ col,
                                           const double* __restrict__ val, const double* __restrict__ x,
                                           double* __restrict__ y)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= nrows) return;
    int b = rowptr[warp], e = rowptr[warp + 1];
    double s = 0.0;
    for (int k = b + lane; k < e; k += 32) s = fma(val[k], __ldg(&x[col[k]]), s);
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0) y[warp] = s;
}

extern "C" __global__ void spmv_sell_c32(int nrows, int nslices, const int* __restrict__ slice_ptr,
                                         const int* __restrict__ slice_len, const int* __restrict__ col,
                                         const float* __restrict__ val, const int* __restrict__ perm,
                                         const float* __restrict__ x, float* __restrict__ y)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int slice = gid >> 5, lane = gid & 31;
    if (slice >= nslices) return;
    int row = slice * 32 + lane;
    int off = slice_ptr[slice] + lane;
    int len = slice_len[slice];
    float s = 0.f;
#pragma unroll 4
    for (int k = 0; k < len; k++) {
        int c = col[off + k * 32];
        float v = val[off + k * 32];
        if (c >= 0) s = fmaf(v, __ldg(&x[c]), s);
    }
    if (row < nrows) y[perm[row]] = s;
}

extern "C" __global__ void spmm_csr_8rhs(int nrows, const int* __restrict__ rowptr, const int* __restrict__ col,
                                         const float* __restrict__ val, const float* __restrict__ X,
                                         float* __restrict__ Y)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrows) return;
    float acc[8];
#pragma unroll
    for (int j = 0; j < 8; j++) acc[j] = 0.f;
    int e = rowptr[r + 1];
    for (int k = rowptr[r]; k < e; k++) {
        float v = val[k];
        const float4* xr = reinterpret_cast<const float4*>(X + (size_t)col[k] * 8);
        float4 a = __ldg(&xr[0]), b = __ldg(&xr[1]);
        acc[0] = fmaf(v, a.x, acc[0]); acc[1] = fmaf(v, a.y, acc[1]);
        acc[2] = fmaf(v, a.z, acc[2]); acc[3] = fmaf(v, a.w, acc[3]);
        acc[4] = fmaf(v, b.x, acc[4]); acc[5] = fmaf(v, b.y, acc[5]);
        acc[6] = fmaf(v, b.z, acc[6]); acc[7] = fmaf(v, b.w, acc[7]);
    }
    float4* yr = reinterpret_cast<float4*>(Y + (size_t)r * 8);
    yr[0] = make_float4(acc[0], acc[1], acc[2], acc[3]);
    yr[1] = make_float4(acc[4], acc[5], acc[6], acc[7]);
}
