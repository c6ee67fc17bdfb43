// Domain: sparse matrix-vector products (CSR scalar/vector, ELL, SELL-C, COO, block-CSR)

extern "C" __global__ void spmv_csr_scalar(const int* __restrict__ rowPtr, const int* __restrict__ col,
                                           const float* __restrict__ val, const float* __restrict__ x,
                                           float* __restrict__ y, int nRows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nRows) return;
    float s = 0.f;
    for (int j = rowPtr[r]; j < rowPtr[r + 1]; ++j) s += val[j] * __ldg(&x[col[j]]);
    y[r] = s;
}

// CSR-vector: one warp per row, double precision, y = alpha*A*x + beta*y
extern "C" __global__ void spmv_csr_vector_double(const int* __restrict__ rowPtr, const int* __restrict__ col,
                                                  const double* __restrict__ val, const double* __restrict__ x,
                                                  double* __restrict__ y, int nRows, double alpha, double beta)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= nRows) return;
    int beg = rowPtr[warp], end = rowPtr[warp + 1];
    double s = 0.0;
    for (int j = beg + lane; j < end; j += 32) s += val[j] * x[col[j]];
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0) y[warp] = alpha * s + beta * y[warp];
}

// SELL-C-sigma with C = 32 (one slice per warp), multiple right-hand sides (4), float4 output
extern "C" __global__ void spmm_sell32_rhs4(const int* __restrict__ sliceOff, const int* __restrict__ sliceLen,
                                            const int* __restrict__ col, const float* __restrict__ val,
                                            const float4* __restrict__ X, float4* __restrict__ Y,
                                            const int* __restrict__ perm, int nRows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    int slice = r >> 5, lane = r & 31;
    if (r >= nRows) return;
    int off = sliceOff[slice], len = sliceLen[slice];
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int k = 0; k < len; ++k) {
        int idx = off + k * 32 + lane;
        int c = col[idx];
        float v = val[idx];
        float4 xv = X[c];
        acc.x += v * xv.x; acc.y += v * xv.y; acc.z += v * xv.z; acc.w += v * xv.w;
    }
    Y[perm[r]] = acc;
}

// COO with segmented warp reduction on sorted rows (log-step suffix sums within a row),
// atomics only at segment heads
extern "C" __global__ void spmv_coo_segmented(const int* __restrict__ row, const int* __restrict__ col,
                                              const float* __restrict__ val, const float* __restrict__ x,
                                              float* __restrict__ y, int nnz)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int r = (i < nnz) ? row[i] : -1;
    float v = (i < nnz) ? val[i] * x[col[i]] : 0.f;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        float ov = __shfl_down_sync(0xffffffffu, v, o);
        int orow = __shfl_down_sync(0xffffffffu, r, o);
        if (lane + o < 32 && orow == r) v += ov;
    }
    int prev = __shfl_up_sync(0xffffffffu, r, 1);
    if (r >= 0 && (lane == 0 || prev != r)) atomicAdd(&y[r], v);
}

// Block-CSR with 4x4 dense blocks: each thread handles one block row, 16 accumulator products
extern "C" __global__ void spmv_bsr4x4(const int* __restrict__ bRowPtr, const int* __restrict__ bCol,
                                       const float* __restrict__ bVal, const float4* __restrict__ x4,
                                       float4* __restrict__ y4, int nBlockRows)
{
    int br = blockIdx.x * blockDim.x + threadIdx.x;
    if (br >= nBlockRows) return;
    float y0 = 0.f, y1 = 0.f, y2 = 0.f, y3 = 0.f;
    for (int j = bRowPtr[br]; j < bRowPtr[br + 1]; ++j) {
        const float4* B = reinterpret_cast<const float4*>(bVal + 16 * j);
        float4 xv = x4[bCol[j]];
        float4 r0 = B[0], r1 = B[1], r2 = B[2], r3 = B[3];
        y0 += r0.x * xv.x + r0.y * xv.y + r0.z * xv.z + r0.w * xv.w;
        y1 += r1.x * xv.x + r1.y * xv.y + r1.z * xv.z + r1.w * xv.w;
        y2 += r2.x * xv.x + r2.y * xv.y + r2.z * xv.z + r2.w * xv.w;
        y3 += r3.x * xv.x + r3.y * xv.y + r3.z * xv.z + r3.w * xv.w;
    }
    y4[br] = make_float4(y0, y1, y2, y3);
}
