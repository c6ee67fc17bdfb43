// Domain: sparse matrix-vector products (CSR scalar, CSR vector/warp, ELLPACK, sliced-ELL with double accumulation)

// spmv_csr_scalar: one thread per row CSR SpMV (y = A*x)
extern "C" __global__ void spmv_csr_scalar(const int* __restrict__ rowPtr, const int* __restrict__ colIdx, const float* __restrict__ val,
                                           const float* __restrict__ x, float* __restrict__ y, int nRows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nRows) return;
    float s = 0.f;
    for (int j = rowPtr[r]; j < rowPtr[r + 1]; ++j) s += val[j] * __ldg(&x[colIdx[j]]);
    y[r] = s;
}

// spmv_csr_vector_warp: one warp per row, lanes stride over the row, shuffle reduction, y = alpha*A*x + beta*y
extern "C" __global__ void spmv_csr_vector_warp(const int* __restrict__ rowPtr, const int* __restrict__ colIdx, const double* __restrict__ val,
                                                const double* __restrict__ x, double* __restrict__ y, int nRows, double alpha, double beta)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= nRows) return;   // whole warp exits together
    int start = rowPtr[warp], end = rowPtr[warp + 1];
    double s = 0.0;
    for (int j = start + lane; j < end; j += 32) s += val[j] * x[colIdx[j]];
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off);
    if (lane == 0) y[warp] = alpha * s + beta * y[warp];
}

// spmv_ell_unrolled4: ELLPACK column-major SpMV with 4 independent gathers per iteration and padding sentinel (-1); __launch_bounds__(256,2)
extern "C" __global__ void __launch_bounds__(256, 2) spmv_ell_unrolled4(const int* __restrict__ cols, const float* __restrict__ vals, const float* __restrict__ x,
                                              float* __restrict__ y, int nRows, int width)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nRows) return;
    float s0 = 0.f, s1 = 0.f, s2 = 0.f, s3 = 0.f;
    int k = 0;
    for (; k + 3 < width; k += 4) {
        int c0 = cols[(k + 0) * nRows + r], c1 = cols[(k + 1) * nRows + r];
        int c2 = cols[(k + 2) * nRows + r], c3 = cols[(k + 3) * nRows + r];
        float v0 = vals[(k + 0) * nRows + r], v1 = vals[(k + 1) * nRows + r];
        float v2 = vals[(k + 2) * nRows + r], v3 = vals[(k + 3) * nRows + r];
        if (c0 >= 0) s0 += v0 * __ldg(&x[c0]);
        if (c1 >= 0) s1 += v1 * __ldg(&x[c1]);
        if (c2 >= 0) s2 += v2 * __ldg(&x[c2]);
        if (c3 >= 0) s3 += v3 * __ldg(&x[c3]);
    }
    for (; k < width; ++k) {
        int c = cols[k * nRows + r];
        if (c >= 0) s0 += vals[k * nRows + r] * __ldg(&x[c]);
    }
    y[r] = (s0 + s1) + (s2 + s3);
}

// spmm_sell_c32_multivec8: sliced-ELL (slice height 32) times 8 dense right-hand sides, 8 accumulators per row in registers
extern "C" __global__ void spmm_sell_c32_multivec8(const int* __restrict__ sliceOff, const int* __restrict__ sliceLen,
                                                   const int* __restrict__ cols, const float* __restrict__ vals,
                                                   const float* __restrict__ X, float* __restrict__ Y, int nRows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    int slice = r >> 5, lane = r & 31;
    if (r >= nRows) return;
    int off = sliceOff[slice], len = sliceLen[slice];
    float acc[8];
#pragma unroll
    for (int v = 0; v < 8; ++v) acc[v] = 0.f;
    for (int k = 0; k < len; ++k) {
        int idx = off + k * 32 + lane;
        int c = cols[idx];
        float a = vals[idx];
        if (c >= 0) {
            const float4* xr = reinterpret_cast<const float4*>(X + (size_t)c * 8);
            float4 p = __ldg(xr), q = __ldg(xr + 1);
            acc[0] += a * p.x; acc[1] += a * p.y; acc[2] += a * p.z; acc[3] += a * p.w;
            acc[4] += a * q.x; acc[5] += a * q.y; acc[6] += a * q.z; acc[7] += a * q.w;
        }
    }
    float4* yr = reinterpret_cast<float4*>(Y + (size_t)r * 8);
    yr[0] = make_float4(acc[0], acc[1], acc[2], acc[3]);
    yr[1] = make_float4(acc[4], acc[5], acc[6], acc[7]);
}
