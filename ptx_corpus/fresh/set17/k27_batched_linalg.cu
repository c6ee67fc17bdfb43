// Domain: batched small dense linear algebra (register LU, Cholesky, Jacobi eigen-solver)

// Batched 8x8 LU factorisation without pivoting + solve of 8 right-hand sides; the whole matrix and
// RHS live in registers (all indices compile-time after unrolling), one system per thread
__device__ __forceinline__ void lu8_solve8(const float* __restrict__ Ag, const float* __restrict__ Bg,
                                           float* __restrict__ Xg, int t)
{
    float a[8][8], b[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i) {
#pragma unroll
        for (int j = 0; j < 8; ++j) a[i][j] = Ag[(size_t)t * 64 + i * 8 + j];
#pragma unroll
        for (int j = 0; j < 8; ++j) b[i][j] = Bg[(size_t)t * 64 + i * 8 + j];
    }
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        float inv = 1.f / a[k][k];
#pragma unroll
        for (int i = k + 1; i < 8; ++i) {
            float l = a[i][k] * inv;
            a[i][k] = l;
#pragma unroll
            for (int j = k + 1; j < 8; ++j) a[i][j] -= l * a[k][j];
#pragma unroll
            for (int j = 0; j < 8; ++j) b[i][j] -= l * b[k][j];
        }
    }
#pragma unroll
    for (int i = 7; i >= 0; --i) {
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            float s = b[i][j];
#pragma unroll
            for (int k = i + 1; k < 8; ++k) s -= a[i][k] * b[k][j];
            b[i][j] = s / a[i][i];
        }
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) Xg[(size_t)t * 64 + i * 8 + j] = b[i][j];
}
extern "C" __global__ void batched_lu8_solve8(const float* __restrict__ A, const float* __restrict__ B,
                                              float* __restrict__ X, int batch)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < batch) lu8_solve8(A, B, X, t);
}
extern "C" __global__ void __launch_bounds__(128, 16)
batched_lu8_solve8_capped(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ X, int batch)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;     // 128 x 16 -> 32-register cap: 128 live values spill
    if (t < batch) lu8_solve8(A, B, X, t);
}

// Batched 6x6 Cholesky (double) + forward/back substitution; bounds (128,6) give an 80-register cap
// that the natural allocation stays just under
extern "C" __global__ void __launch_bounds__(128, 6)
batched_cholesky6_double(const double* __restrict__ A, const double* __restrict__ b, double* __restrict__ x,
                         int* __restrict__ info, int batch)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    double L[6][6], y[6];
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) L[i][j] = (j <= i) ? A[(size_t)t * 36 + i * 6 + j] : 0.0;
    int ok = 1;
#pragma unroll
    for (int j = 0; j < 6; ++j) {
        double d = L[j][j];
#pragma unroll
        for (int k = 0; k < j; ++k) d -= L[j][k] * L[j][k];
        if (d <= 0.0) { ok = 0; d = 1e-300; }
        double ljj = sqrt(d), inv = 1.0 / ljj;
        L[j][j] = ljj;
#pragma unroll
        for (int i = j + 1; i < 6; ++i) {
            double s = L[i][j];
#pragma unroll
            for (int k = 0; k < j; ++k) s -= L[i][k] * L[j][k];
            L[i][j] = s * inv;
        }
    }
#pragma unroll
    for (int i = 0; i < 6; ++i) {
        double s = b[(size_t)t * 6 + i];
#pragma unroll
        for (int k = 0; k < i; ++k) s -= L[i][k] * y[k];
        y[i] = s / L[i][i];
    }
#pragma unroll
    for (int i = 5; i >= 0; --i) {
        double s = y[i];
#pragma unroll
        for (int k = i + 1; k < 6; ++k) s -= L[k][i] * y[k];
        y[i] = s / L[i][i];
    }
#pragma unroll
    for (int i = 0; i < 6; ++i) x[(size_t)t * 6 + i] = y[i];
    info[t] = ok;
}

// Cyclic Jacobi eigen-decomposition of symmetric 4x4 matrices: eigenvalues + eigenvectors, fixed
// number of sweeps, rotations applied with compile-time (p,q) pairs
extern "C" __global__ void batched_jacobi_eig4(const float* __restrict__ A, float* __restrict__ evals,
                                               float* __restrict__ evecs, int batch, int sweeps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;
    float a[4][4], v[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) { a[i][j] = A[t * 16 + i * 4 + j]; v[i][j] = (i == j) ? 1.f : 0.f; }
    for (int s = 0; s < sweeps; ++s) {
#pragma unroll
        for (int p = 0; p < 3; ++p)
#pragma unroll
            for (int q = p + 1; q < 4; ++q) {
                float apq = a[p][q];
                if (fabsf(apq) < 1e-12f) continue;
                float theta = (a[q][q] - a[p][p]) / (2.f * apq);
                float tt = copysignf(1.f, theta) / (fabsf(theta) + sqrtf(theta * theta + 1.f));
                float c = rsqrtf(tt * tt + 1.f), sn = tt * c;
#pragma unroll
                for (int k = 0; k < 4; ++k) {
                    float akp = a[k][p], akq = a[k][q];
                    a[k][p] = c * akp - sn * akq;
                    a[k][q] = sn * akp + c * akq;
                }
#pragma unroll
                for (int k = 0; k < 4; ++k) {
                    float apk = a[p][k], aqk = a[q][k];
                    a[p][k] = c * apk - sn * aqk;
                    a[q][k] = sn * apk + c * aqk;
                }
#pragma unroll
                for (int k = 0; k < 4; ++k) {
                    float vkp = v[k][p], vkq = v[k][q];
                    v[k][p] = c * vkp - sn * vkq;
                    v[k][q] = sn * vkp + c * vkq;
                }
            }
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        evals[t * 4 + i] = a[i][i];
#pragma unroll
        for (int j = 0; j < 4; ++j) evecs[t * 16 + i * 4 + j] = v[i][j];
    }
}
