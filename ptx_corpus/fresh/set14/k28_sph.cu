// Domain: smoothed-particle hydrodynamics (SPH) fluid simulation
// sph_density_grid       - density summation with a __noinline__ cubic-spline kernel over a uniform-grid search
// sph_forces_visc        - pressure + artificial-viscosity (Monaghan) accelerations and du/dt, many live terms
// sph_forces_visc_lb     - same force loop under __launch_bounds__(1024,2)

__device__ __noinline__ float cubic_w(float q, float norm)
{
    float t = 2.f - q, s = 1.f - q;
    return norm * (q < 1.f ? (t * t * t - 4.f * s * s * s) : (q < 2.f ? t * t * t : 0.f));
}

__device__ __forceinline__ float cubic_dw(float q, float norm)
{
    float t = 2.f - q, s = 1.f - q;
    return norm * (q < 1.f ? (-3.f * t * t + 12.f * s * s) : (q < 2.f ? -3.f * t * t : 0.f));
}

extern "C" __global__ void sph_density_grid(const float4 *__restrict__ pos_mass, const int *__restrict__ cell_start,
                                            const int *__restrict__ cell_end, float *__restrict__ rho,
                                            int n, int3 gdim, float h, float norm)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = pos_mass[i];
    float ih = 1.f / h;
    int cx = (int)(pi.x * ih * 0.5f), cy = (int)(pi.y * ih * 0.5f), cz = (int)(pi.z * ih * 0.5f);
    float r = 0.f;
    for (int z = max(cz - 1, 0); z <= min(cz + 1, gdim.z - 1); ++z)
        for (int y = max(cy - 1, 0); y <= min(cy + 1, gdim.y - 1); ++y)
            for (int x = max(cx - 1, 0); x <= min(cx + 1, gdim.x - 1); ++x) {
                int c = (z * gdim.y + y) * gdim.x + x;
                for (int j = cell_start[c]; j < cell_end[c]; ++j) {
                    float4 pj = pos_mass[j];
                    float dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
                    float q = sqrtf(dx * dx + dy * dy + dz * dz) * ih;
                    r += pj.w * cubic_w(q, norm);
                }
            }
    rho[i] = r;
}

struct SPHParams { float h, norm, c0, rho0, gamma, alpha, beta, eps; };

__device__ __forceinline__ void sph_forces_body(const float4 *__restrict__ pm, const float4 *__restrict__ vel,
                                                const float *__restrict__ rho, const int *__restrict__ nl,
                                                const int *__restrict__ nc, float4 *__restrict__ acc,
                                                float *__restrict__ dudt, int n, int maxn, SPHParams P)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 xi = pm[i], vi = vel[i];
    float ri = rho[i];
    float pi = P.c0 * P.c0 * P.rho0 / P.gamma * (__powf(ri / P.rho0, P.gamma) - 1.f);
    float ci = P.c0 * __powf(ri / P.rho0, 0.5f * (P.gamma - 1.f));
    float pr_i = pi / (ri * ri);
    float ax = 0, ay = 0, az = 0, du = 0, vsig_max = 0, divv = 0;
    float cxx = 0, cyy = 0, czz = 0;
    float ih = 1.f / P.h;
    int cnt = nc[i];
    for (int k = 0; k < cnt; ++k) {
        int j = nl[(size_t)i * maxn + k];
        float4 xj = pm[j], vj = vel[j];
        float rj = rho[j];
        float pj = P.c0 * P.c0 * P.rho0 / P.gamma * (__powf(rj / P.rho0, P.gamma) - 1.f);
        float cj = P.c0 * __powf(rj / P.rho0, 0.5f * (P.gamma - 1.f));
        float dx = xi.x - xj.x, dy = xi.y - xj.y, dz = xi.z - xj.z;
        float dvx = vi.x - vj.x, dvy = vi.y - vj.y, dvz = vi.z - vj.z;
        float r2 = dx * dx + dy * dy + dz * dz;
        float r = sqrtf(r2) + 1e-12f;
        float q = r * ih;
        float dw = cubic_dw(q, P.norm) * ih / r;
        float vdotr = dvx * dx + dvy * dy + dvz * dz;
        float pivisc = 0.f;
        if (vdotr < 0.f) {
            float mu = P.h * vdotr / (r2 + P.eps * P.h * P.h);
            float cbar = 0.5f * (ci + cj), rbar = 0.5f * (ri + rj);
            pivisc = (-P.alpha * cbar * mu + P.beta * mu * mu) / rbar;
        }
        float f = xj.w * (pr_i + pj / (rj * rj) + pivisc) * dw;
        ax -= f * dx; ay -= f * dy; az -= f * dz;
        du += 0.5f * xj.w * (pr_i + pj / (rj * rj) + pivisc) * vdotr * dw;
        vsig_max = fmaxf(vsig_max, ci + cj - 3.f * fminf(vdotr / r, 0.f));
        divv -= xj.w / rj * vdotr * dw;
        cxx += xj.w / rj * dx * dx * dw; cyy += xj.w / rj * dy * dy * dw; czz += xj.w / rj * dz * dz * dw;
    }
    acc[i] = make_float4(ax, ay, az, vsig_max);
    dudt[i] = du + 0.01f * divv * (cxx + cyy + czz);
}

extern "C" __global__ void sph_forces_visc(const float4 *__restrict__ pm, const float4 *__restrict__ vel,
                                           const float *__restrict__ rho, const int *__restrict__ nl,
                                           const int *__restrict__ nc, float4 *__restrict__ acc,
                                           float *__restrict__ dudt, int n, int maxn, SPHParams P)
{
    sph_forces_body(pm, vel, rho, nl, nc, acc, dudt, n, maxn, P);
}

extern "C" __global__ void __launch_bounds__(1024, 2)
sph_forces_visc_lb(const float4 *__restrict__ pm, const float4 *__restrict__ vel, const float *__restrict__ rho,
                   const int *__restrict__ nl, const int *__restrict__ nc, float4 *__restrict__ acc,
                   float *__restrict__ dudt, int n, int maxn, SPHParams P)
{
    sph_forces_body(pm, vel, rho, nl, nc, acc, dudt, n, maxn, P);
}

