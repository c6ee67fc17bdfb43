// Particle pushers for plasma simulation: relativistic Boris push with trilinear field gather (SoA particles), Vay pusher in double, and current deposition (Esirkepov-lite CIC).
#include <cuda_runtime.h>

struct FieldGrid { const float* Ex; const float* Ey; const float* Ez; const float* Bx; const float* By; const float* Bz; int nx, ny, nz; float invDx; };

__device__ __forceinline__ float trilerp(const float* f, int nx, int ny, int i, int j, int k, float fx, float fy, float fz)
{
    size_t b = ((size_t)k * ny + j) * nx + i;
    size_t sy = nx, sz = (size_t)nx * ny;
    float c00 = f[b] * (1 - fx) + f[b + 1] * fx;
    float c10 = f[b + sy] * (1 - fx) + f[b + sy + 1] * fx;
    float c01 = f[b + sz] * (1 - fx) + f[b + sz + 1] * fx;
    float c11 = f[b + sz + sy] * (1 - fx) + f[b + sz + sy + 1] * fx;
    return (c00 * (1 - fy) + c10 * fy) * (1 - fz) + (c01 * (1 - fy) + c11 * fy) * fz;
}

extern "C" __global__ void
boris_push_relativistic(float* __restrict__ x, float* __restrict__ y, float* __restrict__ z,
                        float* __restrict__ ux, float* __restrict__ uy, float* __restrict__ uz,
                        const float* __restrict__ qm, FieldGrid g, float dt, int n)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n) return;
    float px = x[p] * g.invDx, py = y[p] * g.invDx, pz = z[p] * g.invDx;
    int i = min(max((int)px, 0), g.nx - 2), j = min(max((int)py, 0), g.ny - 2), k = min(max((int)pz, 0), g.nz - 2);
    float fx = px - i, fy = py - j, fz = pz - k;
    float E[3] = {trilerp(g.Ex, g.nx, g.ny, i, j, k, fx, fy, fz), trilerp(g.Ey, g.nx, g.ny, i, j, k, fx, fy, fz), trilerp(g.Ez, g.nx, g.ny, i, j, k, fx, fy, fz)};
    float B[3] = {trilerp(g.Bx, g.nx, g.ny, i, j, k, fx, fy, fz), trilerp(g.By, g.nx, g.ny, i, j, k, fx, fy, fz), trilerp(g.Bz, g.nx, g.ny, i, j, k, fx, fy, fz)};
    float h = 0.5f * qm[p] * dt;  // units with c = 1
    float um[3] = {ux[p] + h * E[0], uy[p] + h * E[1], uz[p] + h * E[2]};
    float gam = sqrtf(1.f + um[0] * um[0] + um[1] * um[1] + um[2] * um[2]);
    float t[3] = {h * B[0] / gam, h * B[1] / gam, h * B[2] / gam};
    float t2 = t[0] * t[0] + t[1] * t[1] + t[2] * t[2];
    float s[3] = {2.f * t[0] / (1.f + t2), 2.f * t[1] / (1.f + t2), 2.f * t[2] / (1.f + t2)};
    float up[3] = {um[0] + um[1] * t[2] - um[2] * t[1], um[1] + um[2] * t[0] - um[0] * t[2], um[2] + um[0] * t[1] - um[1] * t[0]};
    float uplus[3] = {um[0] + up[1] * s[2] - up[2] * s[1], um[1] + up[2] * s[0] - up[0] * s[2], um[2] + up[0] * s[1] - up[1] * s[0]};
    float nu[3] = {uplus[0] + h * E[0], uplus[1] + h * E[1], uplus[2] + h * E[2]};
    float ig = rsqrtf(1.f + nu[0] * nu[0] + nu[1] * nu[1] + nu[2] * nu[2]);
    ux[p] = nu[0]; uy[p] = nu[1]; uz[p] = nu[2];
    x[p] += dt * nu[0] * ig; y[p] += dt * nu[1] * ig; z[p] += dt * nu[2] * ig;
}

// Vay (2008) pusher, double precision, AoS particle record with fields pre-gathered
struct ParticleD { double x[3]; double u[3]; double E[3]; double B[3]; double qm; };

extern "C" __global__ void
vay_push_f64(ParticleD* __restrict__ P, double dt, int n)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n) return;
    ParticleD q = P[p];
    double h = 0.5 * q.qm * dt;
    double g0 = sqrt(1.0 + q.u[0] * q.u[0] + q.u[1] * q.u[1] + q.u[2] * q.u[2]);
    double tau[3] = {h * q.B[0], h * q.B[1], h * q.B[2]};
    double vxB[3] = {(q.u[1] * tau[2] - q.u[2] * tau[1]) / g0, (q.u[2] * tau[0] - q.u[0] * tau[2]) / g0, (q.u[0] * tau[1] - q.u[1] * tau[0]) / g0};
    double up[3];
#pragma unroll
    for (int d = 0; d < 3; ++d) up[d] = q.u[d] + 2.0 * h * q.E[d] + vxB[d];
    double ustar = (up[0] * tau[0] + up[1] * tau[1] + up[2] * tau[2]);
    double tau2 = tau[0] * tau[0] + tau[1] * tau[1] + tau[2] * tau[2];
    double sigma = 1.0 + up[0] * up[0] + up[1] * up[1] + up[2] * up[2] - tau2;
    double g1 = sqrt(0.5 * (sigma + sqrt(sigma * sigma + 4.0 * (tau2 + ustar * ustar))));
    double t[3] = {tau[0] / g1, tau[1] / g1, tau[2] / g1};
    double s = 1.0 / (1.0 + t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
    double ut = up[0] * t[0] + up[1] * t[1] + up[2] * t[2];
    double un[3] = {s * (up[0] + ut * t[0] + up[1] * t[2] - up[2] * t[1]),
                    s * (up[1] + ut * t[1] + up[2] * t[0] - up[0] * t[2]),
                    s * (up[2] + ut * t[2] + up[0] * t[1] - up[1] * t[0])};
    double ig = 1.0 / sqrt(1.0 + un[0] * un[0] + un[1] * un[1] + un[2] * un[2]);
#pragma unroll
    for (int d = 0; d < 3; ++d) { P[p].u[d] = un[d]; P[p].x[d] = q.x[d] + dt * un[d] * ig; }
}

// cloud-in-cell current deposition J += q w v into 8 nodes (float atomics)
extern "C" __global__ void
deposit_current_cic(const float* __restrict__ x, const float* __restrict__ y, const float* __restrict__ z,
                    const float* __restrict__ ux, const float* __restrict__ uy, const float* __restrict__ uz,
                    const float* __restrict__ w, float charge, float invDx, int nx, int ny, int nz,
                    float* __restrict__ Jx, float* __restrict__ Jy, float* __restrict__ Jz, int n)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n) return;
    float px = x[p] * invDx, py = y[p] * invDx, pz = z[p] * invDx;
    int i = min(max((int)px, 0), nx - 2), j = min(max((int)py, 0), ny - 2), k = min(max((int)pz, 0), nz - 2);
    float fx = px - i, fy = py - j, fz = pz - k;
    float ig = rsqrtf(1.f + ux[p] * ux[p] + uy[p] * uy[p] + uz[p] * uz[p]);
    float qw = charge * w[p] * ig;
    float vx = qw * ux[p], vy = qw * uy[p], vz = qw * uz[p];
#pragma unroll
    for (int c = 0; c < 8; ++c) {
        int di = c & 1, dj = (c >> 1) & 1, dk = c >> 2;
        float wt = (di ? fx : 1 - fx) * (dj ? fy : 1 - fy) * (dk ? fz : 1 - fz);
        size_t idx = ((size_t)(k + dk) * ny + (j + dj)) * nx + (i + di);
        atomicAdd(&Jx[idx], wt * vx); atomicAdd(&Jy[idx], wt * vy); atomicAdd(&Jz[idx], wt * vz);
    }
}
