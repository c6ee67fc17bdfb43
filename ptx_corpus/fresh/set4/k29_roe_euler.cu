// Compressible Euler equations: 1D Roe flux with Harten entropy fix and MUSCL-minmod reconstruction (double), 2D Rusanov flux residual (float, SoA), and primitive/conservative conversion.
#include <cuda_runtime.h>

#define GAMMA 1.4

__device__ __forceinline__ double minmod(double a, double b) { return a * b <= 0.0 ? 0.0 : (fabs(a) < fabs(b) ? a : b); }

__device__ void roe_flux_1d(const double UL[3], const double UR[3], double F[3])
{
    const double g = GAMMA;
    double rL = UL[0], uL = UL[1] / rL, EL = UL[2], pL = (g - 1) * (EL - 0.5 * rL * uL * uL), HL = (EL + pL) / rL;
    double rR = UR[0], uR = UR[1] / rR, ER = UR[2], pR = (g - 1) * (ER - 0.5 * rR * uR * uR), HR = (ER + pR) / rR;
    double sL = sqrt(rL), sR = sqrt(rR), inv = 1.0 / (sL + sR);
    double u = (sL * uL + sR * uR) * inv, H = (sL * HL + sR * HR) * inv;
    double a = sqrt(fmax((g - 1) * (H - 0.5 * u * u), 1e-14));
    double lam[3] = {u - a, u, u + a};
    // Harten entropy fix
    double eps = 0.1 * a;
#pragma unroll
    for (int k = 0; k < 3; ++k) {
        double l = fabs(lam[k]);
        lam[k] = l < eps ? 0.5 * (l * l / eps + eps) : l;
    }
    double dr = rR - rL, dp = pR - pL, du = uR - uL;
    double rho = sL * sR;
    double a2 = a * a;
    double w[3] = {(dp - rho * a * du) / (2 * a2), dr - dp / a2, (dp + rho * a * du) / (2 * a2)};
    double K[3][3] = {{1, u - a, H - u * a}, {1, u, 0.5 * u * u}, {1, u + a, H + u * a}};
    double FL[3] = {rL * uL, rL * uL * uL + pL, uL * (EL + pL)};
    double FR[3] = {rR * uR, rR * uR * uR + pR, uR * (ER + pR)};
#pragma unroll
    for (int c = 0; c < 3; ++c) {
        double diss = 0;
#pragma unroll
        for (int k = 0; k < 3; ++k) diss += lam[k] * w[k] * K[k][c];
        F[c] = 0.5 * (FL[c] + FR[c] - diss);
    }
}

// one thread per interface i+1/2 (cells 0..n-1, 2 ghost cells each side included in U)
extern "C" __global__ void
euler1d_roe_muscl_flux(const double* __restrict__ U /*3 x (n+4) SoA*/, int n, double* __restrict__ F /*3 x (n+1)*/)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f > n) return;
    int stride = n + 4;
    int iL = f + 1, iR = f + 2;  // cell indices including ghosts
    double UL[3], UR[3];
#pragma unroll
    for (int c = 0; c < 3; ++c) {
        const double* q = U + (size_t)c * stride;
        double sl = minmod(q[iL] - q[iL - 1], q[iL + 1] - q[iL]);
        double sr = minmod(q[iR] - q[iR - 1], q[iR + 1] - q[iR]);
        UL[c] = q[iL] + 0.5 * sl;
        UR[c] = q[iR] - 0.5 * sr;
    }
    // positivity fallback to first order
    if (UL[0] <= 0 || UR[0] <= 0) {
#pragma unroll
        for (int c = 0; c < 3; ++c) { UL[c] = U[(size_t)c * stride + iL]; UR[c] = U[(size_t)c * stride + iR]; }
    }
    double Fx[3];
    roe_flux_1d(UL, UR, Fx);
#pragma unroll
    for (int c = 0; c < 3; ++c) F[(size_t)c * (n + 1) + f] = Fx[c];
}

// 2D Rusanov (local Lax-Friedrichs) residual per cell, SoA float conserved variables, interior cells only
extern "C" __global__ void __launch_bounds__(256, 3)
euler2d_rusanov_residual(const float* __restrict__ r, const float* __restrict__ ru, const float* __restrict__ rv,
                         const float* __restrict__ E, int nx, int ny, float invDx, float invDy,
                         float* __restrict__ R0, float* __restrict__ R1, float* __restrict__ R2, float* __restrict__ R3)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x + 1, y = blockIdx.y + 1;
    if (x >= nx - 1 || y >= ny - 1) return;
    const float g = 1.4f;
    float res[4] = {0.f, 0.f, 0.f, 0.f};
    const int off[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    size_t c = (size_t)y * nx + x;
    float Uc[4] = {r[c], ru[c], rv[c], E[c]};
#pragma unroll
    for (int f = 0; f < 4; ++f) {
        size_t nb = (size_t)(y + off[f][1]) * nx + (x + off[f][0]);
        float Un[4] = {r[nb], ru[nb], rv[nb], E[nb]};
        bool xdir = f < 2;
        float sgn = (f & 1) ? 1.f : -1.f;
        float inv = xdir ? invDx : invDy;
        float Fl[4], Fr[4], sl, sr;
#pragma unroll
        for (int side = 0; side < 2; ++side) {
            const float* Q = side ? Un : Uc;
            float u = Q[1] / Q[0], v = Q[2] / Q[0];
            float p = (g - 1.f) * (Q[3] - 0.5f * Q[0] * (u * u + v * v));
            float vn = xdir ? u : v;
            float* Fo = side ? Fr : Fl;
            Fo[0] = Q[0] * vn;
            Fo[1] = Q[1] * vn + (xdir ? p : 0.f);
            Fo[2] = Q[2] * vn + (xdir ? 0.f : p);
            Fo[3] = (Q[3] + p) * vn;
            float s = fabsf(vn) + sqrtf(g * fmaxf(p, 0.f) / Q[0]);
            if (side) sr = s; else sl = s;
        }
        float smax = fmaxf(sl, sr);
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            // flux through face in +normal direction: for left/bottom faces, neighbour is upstream
            float Uk_l = sgn > 0 ? Uc[k] : Un[k], Uk_r = sgn > 0 ? Un[k] : Uc[k];
            float Fk_l = sgn > 0 ? Fl[k] : Fr[k], Fk_r = sgn > 0 ? Fr[k] : Fl[k];
            float flux = 0.5f * (Fk_l + Fk_r) - 0.5f * smax * (Uk_r - Uk_l);
            res[k] -= sgn * flux * inv;
        }
    }
    R0[c] = res[0]; R1[c] = res[1]; R2[c] = res[2]; R3[c] = res[3];
}

// primitive (rho,u,v,p) <-> conservative in double, AoS
struct Prim { double rho, u, v, p; };
extern "C" __global__ void
euler_prim_to_cons(const Prim* __restrict__ W, double* __restrict__ U4, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Prim w = W[i];
    U4[4 * (size_t)i + 0] = w.rho;
    U4[4 * (size_t)i + 1] = w.rho * w.u;
    U4[4 * (size_t)i + 2] = w.rho * w.v;
    U4[4 * (size_t)i + 3] = w.p / (GAMMA - 1.0) + 0.5 * w.rho * (w.u * w.u + w.v * w.v);
}
