// 3x3 SVD via Jacobi-quaternion eigen-analysis of A^T A (McAdams-style), polar decomposition for corotated FEM / shape matching, and Newton polar iteration in double.
#include <cuda_runtime.h>

__device__ __forceinline__ void quat_to_mat(float w, float x, float y, float z, float (&R)[3][3])
{
    R[0][0] = 1 - 2 * (y * y + z * z); R[0][1] = 2 * (x * y - w * z); R[0][2] = 2 * (x * z + w * y);
    R[1][0] = 2 * (x * y + w * z); R[1][1] = 1 - 2 * (x * x + z * z); R[1][2] = 2 * (y * z - w * x);
    R[2][0] = 2 * (x * z - w * y); R[2][1] = 2 * (y * z + w * x); R[2][2] = 1 - 2 * (x * x + y * y);
}

// approximate Givens via quaternion on symmetric S, pivot (p,q) with the remaining axis k
__device__ __forceinline__ void jacobi_conj(float (&S)[3][3], float (&q)[4], int p, int qq, int k)
{
    float a11 = S[p][p], a12 = S[p][qq], a22 = S[qq][qq];
    float ch = 2.f * (a11 - a22), sh = a12;
    const float g = 5.828427124f, cs = 0.923879532f, ss = 0.3826834323f;
    bool b = g * sh * sh < ch * ch;
    float w = rsqrtf(ch * ch + sh * sh);
    ch = b ? w * ch : cs; sh = b ? w * sh : ss;
    float c = ch * ch - sh * sh, s = 2.f * sh * ch;
    // S = R^T S R for rotation in (p,qq) plane
    float Sp[3][3];
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) Sp[i][j] = S[i][j];
    float r[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    r[p][p] = c; r[qq][qq] = c; r[p][qq] = -s; r[qq][p] = s;
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) {
            float acc = 0.f;
#pragma unroll
            for (int a = 0; a < 3; ++a)
#pragma unroll
                for (int bb = 0; bb < 3; ++bb) acc += r[a][i] * Sp[a][bb] * r[bb][j];
            S[i][j] = acc;
        }
    // accumulate quaternion: q = q * (ch, sh along axis k)
    float tmp[3] = {q[1] * sh, q[2] * sh, q[3] * sh};
    float shw = sh * q[0];
    q[0] = q[0] * ch; q[1] *= ch; q[2] *= ch; q[3] *= ch;
    q[1 + k] += shw;
    q[0] -= tmp[k];
    q[1 + p] += tmp[qq];
    q[1 + qq] -= tmp[p];
}

extern "C" __global__ void __launch_bounds__(256, 2)
svd3x3_batched(const float* __restrict__ A /*9 per matrix row-major*/, float* __restrict__ U, float* __restrict__ Sig,
               float* __restrict__ V, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a[3][3];
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c) a[r][c] = A[(size_t)i * 9 + r * 3 + c];
    float S[3][3];
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c) S[r][c] = a[0][r] * a[0][c] + a[1][r] * a[1][c] + a[2][r] * a[2][c];
    float q[4] = {1.f, 0.f, 0.f, 0.f};
#pragma unroll
    for (int sweep = 0; sweep < 4; ++sweep) {
        jacobi_conj(S, q, 0, 1, 2);
        jacobi_conj(S, q, 1, 2, 0);
        jacobi_conj(S, q, 2, 0, 1);
    }
    float qn = rsqrtf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    float v[3][3]; quat_to_mat(q[0] * qn, q[1] * qn, q[2] * qn, q[3] * qn, v);
    // B = A V ; columns norms are singular values
    float b[3][3];
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c) b[r][c] = a[r][0] * v[0][c] + a[r][1] * v[1][c] + a[r][2] * v[2][c];
    float sg[3];
#pragma unroll
    for (int c = 0; c < 3; ++c) sg[c] = sqrtf(b[0][c] * b[0][c] + b[1][c] * b[1][c] + b[2][c] * b[2][c]);
    // U columns = normalized B columns (Gram-Schmidt for robustness)
    float u[3][3];
#pragma unroll
    for (int c = 0; c < 3; ++c) {
        float col[3] = {b[0][c], b[1][c], b[2][c]};
#pragma unroll
        for (int pc = 0; pc < c; ++pc) {
            float d = col[0] * u[0][pc] + col[1] * u[1][pc] + col[2] * u[2][pc];
            col[0] -= d * u[0][pc]; col[1] -= d * u[1][pc]; col[2] -= d * u[2][pc];
        }
        float il = rsqrtf(col[0] * col[0] + col[1] * col[1] + col[2] * col[2] + 1e-30f);
        u[0][c] = col[0] * il; u[1][c] = col[1] * il; u[2][c] = col[2] * il;
    }
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c) { U[(size_t)i * 9 + r * 3 + c] = u[r][c]; V[(size_t)i * 9 + r * 3 + c] = v[r][c]; }
#pragma unroll
    for (int c = 0; c < 3; ++c) Sig[(size_t)i * 3 + c] = sg[c];
}

// polar decomposition F = R S via scaled Newton iteration in double (corotated elasticity), one thread per element
extern "C" __global__ void
polar_newton_f64(const double* __restrict__ F, double* __restrict__ R, double* __restrict__ Ssym, int n, int maxIter, double tol)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double X[9];
#pragma unroll
    for (int k = 0; k < 9; ++k) X[k] = F[(size_t)i * 9 + k];
    for (int it = 0; it < maxIter; ++it) {
        // inverse transpose via cofactors
        double c0 = X[4] * X[8] - X[5] * X[7], c1 = X[5] * X[6] - X[3] * X[8], c2 = X[3] * X[7] - X[4] * X[6];
        double det = X[0] * c0 + X[1] * c1 + X[2] * c2;
        double idet = 1.0 / det;
        double IT[9] = {c0 * idet, c1 * idet, c2 * idet,
                        (X[2] * X[7] - X[1] * X[8]) * idet, (X[0] * X[8] - X[2] * X[6]) * idet, (X[1] * X[6] - X[0] * X[7]) * idet,
                        (X[1] * X[5] - X[2] * X[4]) * idet, (X[2] * X[3] - X[0] * X[5]) * idet, (X[0] * X[4] - X[1] * X[3]) * idet};
        double nx = 0, ni = 0;
#pragma unroll
        for (int k = 0; k < 9; ++k) { nx += X[k] * X[k]; ni += IT[k] * IT[k]; }
        double g = sqrt(sqrt(ni / nx));  // Frobenius scaling
        double diff = 0;
#pragma unroll
        for (int k = 0; k < 9; ++k) { double y = 0.5 * (g * X[k] + IT[k] / g); diff += (y - X[k]) * (y - X[k]); X[k] = y; }
        if (diff < tol * tol) break;
    }
#pragma unroll
    for (int k = 0; k < 9; ++k) R[(size_t)i * 9 + k] = X[k];
    // S = R^T F, symmetrized, store 6 entries
    double Fm[9];
#pragma unroll
    for (int k = 0; k < 9; ++k) Fm[k] = F[(size_t)i * 9 + k];
    double S[9];
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c) S[r * 3 + c] = X[0 * 3 + r] * Fm[0 * 3 + c] + X[1 * 3 + r] * Fm[1 * 3 + c] + X[2 * 3 + r] * Fm[2 * 3 + c];
    double* o = Ssym + (size_t)i * 6;
    o[0] = S[0]; o[1] = 0.5 * (S[1] + S[3]); o[2] = 0.5 * (S[2] + S[6]); o[3] = S[4]; o[4] = 0.5 * (S[5] + S[7]); o[5] = S[8];
}
