// Block-sparse and multi-vector sparse products: BSR SpMV and CSR x dense SpMM.
#include <cuda_runtime.h>

// Block CSR with dense 4x4 blocks; each thread computes one block row (4 outputs).
extern "C" __global__ void bsr4_spmv(const int* __restrict__ brow_ptr, const int* __restrict__ bcol,
                                     const float* __restrict__ bvals, int n_brows,
                                     const float* __restrict__ x, float* __restrict__ y)
{
    int br = blockIdx.x * blockDim.x + threadIdx.x;
    if (br >= n_brows) return;
    float a0 = 0.f, a1 = 0.f, a2 = 0.f, a3 = 0.f;
    for (int j = brow_ptr[br]; j < brow_ptr[br + 1]; ++j) {
        const float4* B = reinterpret_cast<const float4*>(bvals + (size_t)j * 16);
        float4 xv = *reinterpret_cast<const float4*>(x + bcol[j] * 4);
        float4 r0 = B[0], r1 = B[1], r2 = B[2], r3 = B[3];
        a0 += r0.x * xv.x + r0.y * xv.y + r0.z * xv.z + r0.w * xv.w;
        a1 += r1.x * xv.x + r1.y * xv.y + r1.z * xv.z + r1.w * xv.w;
        a2 += r2.x * xv.x + r2.y * xv.y + r2.z * xv.z + r2.w * xv.w;
        a3 += r3.x * xv.x + r3.y * xv.y + r3.z * xv.z + r3.w * xv.w;
    }
    reinterpret_cast<float4*>(y)[br] = make_float4(a0, a1, a2, a3);
}

// CSR sparse x dense (row-major, 16 columns) product in double; each thread owns one row's 16 outputs.
extern "C" __global__ void csr_spmm_f64_n16(const int* __restrict__ row_ptr, const int* __restrict__ col,
                                            const double* __restrict__ val, int n_rows,
                                            const double* __restrict__ B, double* __restrict__ C)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n_rows) return;
    double acc[16];
#pragma unroll
    for (int j = 0; j < 16; ++j) acc[j] = 0.0;
    for (int p = row_ptr[r]; p < row_ptr[r + 1]; ++p) {
        double a = val[p];
        const double2* b = reinterpret_cast<const double2*>(B + (size_t)col[p] * 16);
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            double2 v = __ldg(b + j);
            acc[2 * j] = fma(a, v.x, acc[2 * j]);
            acc[2 * j + 1] = fma(a, v.y, acc[2 * j + 1]);
        }
    }
    double2* c = reinterpret_cast<double2*>(C + (size_t)r * 16);
#pragma unroll
    for (int j = 0; j < 8; ++j) c[j] = make_double2(acc[2 * j], acc[2 * j + 1]);
}
