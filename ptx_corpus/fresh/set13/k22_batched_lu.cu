// k22_batched_lu.cu
// Dense linear algebra: batched LU with partial pivoting and triangular solves.
//  - lu_pivot_dyn_local:     n x n (n <= 16) LU with row pivoting; pivot-driven row swaps use
//                            run-time indices -> matrix stays in local memory
//  - lu_nopiv_5x5_reg:       5x5 LU without pivoting (diagonally dominant), unrolled in registers
//  - lu_solve_batched:       forward/back substitution with stored pivots (reads global)
//  - lu_8x8_double_lb:       8x8 double LU with pivot via predicated selects, __launch_bounds__(256, 8)

#define LMAX 16

extern "C" __global__ void lu_pivot_dyn_local(const double* __restrict__ Ain, double* __restrict__ LUout,
                                              int* __restrict__ pivOut, int* __restrict__ info, int n, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    double A[LMAX][LMAX];
    n = min(n, LMAX);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) A[i][j] = Ain[(size_t)b * n * n + i * n + j];
    int status = 0;
    for (int k = 0; k < n; ++k) {
        int p = k;
        double mx = fabs(A[k][k]);
        for (int i = k + 1; i < n; ++i) { double v = fabs(A[i][k]); if (v > mx) { mx = v; p = i; } }
        pivOut[(size_t)b * n + k] = p;
        if (mx == 0.0) { if (!status) status = k + 1; continue; }
        if (p != k)
            for (int j = 0; j < n; ++j) { double t = A[k][j]; A[k][j] = A[p][j]; A[p][j] = t; }
        double inv = 1.0 / A[k][k];
        for (int i = k + 1; i < n; ++i) {
            double l = A[i][k] * inv;
            A[i][k] = l;
            for (int j = k + 1; j < n; ++j) A[i][j] -= l * A[k][j];
        }
    }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) LUout[(size_t)b * n * n + i * n + j] = A[i][j];
    info[b] = status;
}

extern "C" __global__ void lu_nopiv_5x5_reg(const float* __restrict__ Ain, const float* __restrict__ rhs,
                                            float* __restrict__ x, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float A[5][5], y[5];
#pragma unroll
    for (int i = 0; i < 5; ++i) {
        y[i] = rhs[b * 5 + i];
#pragma unroll
        for (int j = 0; j < 5; ++j) A[i][j] = Ain[b * 25 + i * 5 + j];
    }
#pragma unroll
    for (int k = 0; k < 5; ++k) {
        float inv = 1.f / A[k][k];
#pragma unroll
        for (int i = k + 1; i < 5; ++i) {
            float l = A[i][k] * inv;
#pragma unroll
            for (int j = k + 1; j < 5; ++j) A[i][j] -= l * A[k][j];
            y[i] -= l * y[k];
        }
    }
#pragma unroll
    for (int i = 4; i >= 0; --i) {
        float s = y[i];
#pragma unroll
        for (int j = i + 1; j < 5; ++j) s -= A[i][j] * y[j];
        y[i] = s / A[i][i];
    }
#pragma unroll
    for (int i = 0; i < 5; ++i) x[b * 5 + i] = y[i];
}

extern "C" __global__ void lu_solve_batched(const double* __restrict__ LU, const int* __restrict__ piv,
                                            double* __restrict__ B, int n, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    const double* M = LU + (size_t)b * n * n;
    double* x = B + (size_t)b * n;
    for (int k = 0; k < n; ++k) { int p = piv[(size_t)b * n + k]; if (p != k) { double t = x[k]; x[k] = x[p]; x[p] = t; } }
    for (int i = 1; i < n; ++i) { double s = x[i]; for (int j = 0; j < i; ++j) s -= M[i * n + j] * x[j]; x[i] = s; }
    for (int i = n - 1; i >= 0; --i) { double s = x[i]; for (int j = i + 1; j < n; ++j) s -= M[i * n + j] * x[j]; x[i] = s / M[i * n + i]; }
}

extern "C" __global__ void __launch_bounds__(256, 8)
lu_8x8_double_lb(const double* __restrict__ Ain, double* __restrict__ LUout, int* __restrict__ pivOut, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    double A[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) A[i][j] = Ain[(size_t)b * 64 + i * 8 + j];
    int pv = 0;
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        int p = k;
        double mx = fabs(A[k][k]);
#pragma unroll
        for (int i = k + 1; i < 8; ++i) { double v = fabs(A[i][k]); if (v > mx) { mx = v; p = i; } }
        pv |= p << (3 * k);
        // swap row k with row p using predicated selects (keeps constant indexing)
#pragma unroll
        for (int i = k + 1; i < 8; ++i) {
            bool s = (i == p);
#pragma unroll
            for (int j = 0; j < 8; ++j) { double t = A[k][j]; A[k][j] = s ? A[i][j] : t; A[i][j] = s ? t : A[i][j]; }
        }
        double inv = 1.0 / A[k][k];
#pragma unroll
        for (int i = k + 1; i < 8; ++i) {
            double l = A[i][k] * inv;
            A[i][k] = l;
#pragma unroll
            for (int j = k + 1; j < 8; ++j) A[i][j] = fma(-l, A[k][j], A[i][j]);
        }
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) LUout[(size_t)b * 64 + i * 8 + j] = A[i][j];
    pivOut[b] = pv;
}
