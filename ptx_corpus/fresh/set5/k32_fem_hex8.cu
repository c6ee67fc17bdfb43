// Matrix-free finite-element kernels for 3D linear elasticity on trilinear hexahedra:
// element-by-element y = K_e x with 2x2x2 Gauss quadrature (fully unrolled, 24 dofs),
// diagonal (Jacobi preconditioner) assembly, and von Mises stress recovery at the Gauss points.

__constant__ float c_gp[2] = {-0.5773502691896258f, 0.5773502691896258f};

__device__ __forceinline__ void hex8_dN(float xi, float eta, float zeta, float dN[3][8])
{
    const float sx[8] = {-1, 1, 1, -1, -1, 1, 1, -1};
    const float sy[8] = {-1, -1, 1, 1, -1, -1, 1, 1};
    const float sz[8] = {-1, -1, -1, -1, 1, 1, 1, 1};
#pragma unroll
    for (int a = 0; a < 8; ++a) {
        dN[0][a] = 0.125f * sx[a] * (1.f + sy[a] * eta) * (1.f + sz[a] * zeta);
        dN[1][a] = 0.125f * sy[a] * (1.f + sx[a] * xi) * (1.f + sz[a] * zeta);
        dN[2][a] = 0.125f * sz[a] * (1.f + sx[a] * xi) * (1.f + sy[a] * eta);
    }
}

// Returns det J and writes global-derivative shape functions.
__device__ __forceinline__ float hex8_grad(const float X[8][3], float xi, float eta, float zeta, float B[3][8])
{
    float dN[3][8];
    hex8_dN(xi, eta, zeta, dN);
    float J[3][3];
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) {
            float s = 0.f;
#pragma unroll
            for (int a = 0; a < 8; ++a) s += dN[i][a] * X[a][j];
            J[i][j] = s;
        }
    float det = J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1]) - J[0][1] * (J[1][0] * J[2][2] - J[1][2] * J[2][0]) +
                J[0][2] * (J[1][0] * J[2][1] - J[1][1] * J[2][0]);
    float id = 1.f / det;
    float Ji[3][3];
    Ji[0][0] = (J[1][1] * J[2][2] - J[1][2] * J[2][1]) * id; Ji[0][1] = (J[0][2] * J[2][1] - J[0][1] * J[2][2]) * id;
    Ji[0][2] = (J[0][1] * J[1][2] - J[0][2] * J[1][1]) * id; Ji[1][0] = (J[1][2] * J[2][0] - J[1][0] * J[2][2]) * id;
    Ji[1][1] = (J[0][0] * J[2][2] - J[0][2] * J[2][0]) * id; Ji[1][2] = (J[0][2] * J[1][0] - J[0][0] * J[1][2]) * id;
    Ji[2][0] = (J[1][0] * J[2][1] - J[1][1] * J[2][0]) * id; Ji[2][1] = (J[0][1] * J[2][0] - J[0][0] * J[2][1]) * id;
    Ji[2][2] = (J[0][0] * J[1][1] - J[0][1] * J[1][0]) * id;
#pragma unroll
    for (int a = 0; a < 8; ++a)
#pragma unroll
        for (int i = 0; i < 3; ++i) B[i][a] = Ji[i][0] * dN[0][a] + Ji[i][1] * dN[1][a] + Ji[i][2] * dN[2][a];
    return det;
}

// y += K x, element loop with atomic scatter. One thread per element.
extern "C" __global__ void hex8_elastic_apply(const float* __restrict__ coords, const int* __restrict__ conn,
                                              const float* __restrict__ x, float* __restrict__ y, int nelem,
                                              const float* __restrict__ lame_lambda, const float* __restrict__ lame_mu)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nelem) return;
    int nd[8];
    float X[8][3], u[8][3], f[8][3];
#pragma unroll
    for (int a = 0; a < 8; ++a) {
        nd[a] = conn[e * 8 + a];
#pragma unroll
        for (int d = 0; d < 3; ++d) { X[a][d] = coords[nd[a] * 3 + d]; u[a][d] = x[nd[a] * 3 + d]; f[a][d] = 0.f; }
    }
    float lam = lame_lambda[e], mu = lame_mu[e];
#pragma unroll 1
    for (int q = 0; q < 8; ++q) {
        float B[3][8];
        float w = hex8_grad(X, c_gp[q & 1], c_gp[(q >> 1) & 1], c_gp[q >> 2], B);
        // displacement gradient
        float G[3][3];
#pragma unroll
        for (int i = 0; i < 3; ++i)
#pragma unroll
            for (int j = 0; j < 3; ++j) {
                float s = 0.f;
#pragma unroll
                for (int a = 0; a < 8; ++a) s += u[a][i] * B[j][a];
                G[i][j] = s;
            }
        float tr = G[0][0] + G[1][1] + G[2][2];
        float S[3][3];
#pragma unroll
        for (int i = 0; i < 3; ++i)
#pragma unroll
            for (int j = 0; j < 3; ++j) S[i][j] = mu * (G[i][j] + G[j][i]) + (i == j ? lam * tr : 0.f);
#pragma unroll
        for (int a = 0; a < 8; ++a)
#pragma unroll
            for (int i = 0; i < 3; ++i) f[a][i] += w * (S[i][0] * B[0][a] + S[i][1] * B[1][a] + S[i][2] * B[2][a]);
    }
#pragma unroll
    for (int a = 0; a < 8; ++a)
#pragma unroll
        for (int d = 0; d < 3; ++d) atomicAdd(&y[nd[a] * 3 + d], f[a][d]);
}

// Diagonal of K for Jacobi preconditioning. Capped to 64 regs/thread with 2 blocks of 512.
extern "C" __global__ void __launch_bounds__(512, 2)
hex8_elastic_diag(const float* __restrict__ coords, const int* __restrict__ conn, float* __restrict__ diag, int nelem,
                  const float* __restrict__ lame_lambda, const float* __restrict__ lame_mu)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nelem) return;
    float X[8][3], dg[8][3];
    int nd[8];
#pragma unroll
    for (int a = 0; a < 8; ++a) {
        nd[a] = conn[e * 8 + a];
#pragma unroll
        for (int d = 0; d < 3; ++d) { X[a][d] = coords[nd[a] * 3 + d]; dg[a][d] = 0.f; }
    }
    float lam = lame_lambda[e], mu = lame_mu[e];
#pragma unroll 1
    for (int q = 0; q < 8; ++q) {
        float B[3][8];
        float w = hex8_grad(X, c_gp[q & 1], c_gp[(q >> 1) & 1], c_gp[q >> 2], B);
#pragma unroll
        for (int a = 0; a < 8; ++a) {
            float bb = B[0][a] * B[0][a] + B[1][a] * B[1][a] + B[2][a] * B[2][a];
#pragma unroll
            for (int i = 0; i < 3; ++i) dg[a][i] += w * (mu * bb + (lam + mu) * B[i][a] * B[i][a]);
        }
    }
#pragma unroll
    for (int a = 0; a < 8; ++a)
#pragma unroll
        for (int d = 0; d < 3; ++d) atomicAdd(&diag[nd[a] * 3 + d], dg[a][d]);
}

// Stress recovery: von Mises at all 8 Gauss points (fully unrolled), element-average stress tensor
// and the maximum Gauss-point von Mises value.
extern "C" __global__ void hex8_von_mises_gp(const float* __restrict__ coords, const int* __restrict__ conn,
                                             const float* __restrict__ u_glob, int nelem, const float* __restrict__ lame_lambda,
                                             const float* __restrict__ lame_mu, float* __restrict__ stress6, float* __restrict__ vm_max)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nelem) return;
    float X[8][3], u[8][3];
#pragma unroll
    for (int a = 0; a < 8; ++a) {
        int n = conn[e * 8 + a];
#pragma unroll
        for (int d = 0; d < 3; ++d) { X[a][d] = coords[n * 3 + d]; u[a][d] = u_glob[n * 3 + d]; }
    }
    float lam = lame_lambda[e], mu = lame_mu[e];
    float avg[6] = {0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
    float vmax = 0.f;
#pragma unroll
    for (int q = 0; q < 8; ++q) {
        float B[3][8];
        hex8_grad(X, c_gp[q & 1], c_gp[(q >> 1) & 1], c_gp[q >> 2], B);
        float G[3][3];
#pragma unroll
        for (int i = 0; i < 3; ++i)
#pragma unroll
            for (int j = 0; j < 3; ++j) {
                float s = 0.f;
#pragma unroll
                for (int a = 0; a < 8; ++a) s += u[a][i] * B[j][a];
                G[i][j] = s;
            }
        float tr = G[0][0] + G[1][1] + G[2][2];
        float sxx = 2 * mu * G[0][0] + lam * tr, syy = 2 * mu * G[1][1] + lam * tr, szz = 2 * mu * G[2][2] + lam * tr;
        float sxy = mu * (G[0][1] + G[1][0]), syz = mu * (G[1][2] + G[2][1]), sxz = mu * (G[0][2] + G[2][0]);
        avg[0] += 0.125f * sxx; avg[1] += 0.125f * syy; avg[2] += 0.125f * szz;
        avg[3] += 0.125f * sxy; avg[4] += 0.125f * syz; avg[5] += 0.125f * sxz;
        float vm = sqrtf(0.5f * ((sxx - syy) * (sxx - syy) + (syy - szz) * (syy - szz) + (szz - sxx) * (szz - sxx)) +
                         3.f * (sxy * sxy + syz * syz + sxz * sxz));
        vmax = fmaxf(vmax, vm);
    }
#pragma unroll
    for (int k = 0; k < 6; ++k) stress6[e * 6 + k] = avg[k];
    vm_max[e] = vmax;
}
