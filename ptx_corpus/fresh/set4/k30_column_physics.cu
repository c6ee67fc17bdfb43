// Atmospheric column physics: saturation adjustment (Tetens), implicit vertical diffusion via per-column Thomas solve (64 levels, local arrays), and Kessler-style warm-rain microphysics.
#include <cuda_runtime.h>

#define NLEV 64
#define CP 1004.f
#define LV 2.5e6f
#define RV 461.5f
#define RD 287.f

__device__ __forceinline__ float qsat(float T, float p)
{
    float es = 610.78f * __expf(17.27f * (T - 273.15f) / (T - 35.86f));
    return 0.622f * es / fmaxf(p - 0.378f * es, 1.f);
}

// columns are SoA with level-major layout [lev][col] for coalescing
extern "C" __global__ void
saturation_adjustment(float* __restrict__ T, float* __restrict__ qv, float* __restrict__ qc, const float* __restrict__ p,
                      int nCol, int nLev)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nCol) return;
    for (int k = 0; k < nLev; ++k) {
        size_t id = (size_t)k * nCol + c;
        float t = T[id], v = qv[id], l = qc[id], pp = p[id];
        // Newton iterations on T for qv = qsat(T) with total water conserved
        float qt = v + l;
        float qs = qsat(t, pp);
        if (v > qs || l > 0.f) {
            float tt = t;
#pragma unroll
            for (int it = 0; it < 3; ++it) {
                float q = qsat(tt, pp);
                float dqdT = q * 17.27f * (273.15f - 35.86f) / ((tt - 35.86f) * (tt - 35.86f));
                float f = tt - t - LV / CP * (v - q);
                float df = 1.f + LV / CP * dqdT;
                tt -= f / df;
            }
            float q = qsat(tt, pp);
            if (q < qt) { T[id] = tt; qv[id] = q; qc[id] = qt - q; }
            else { // fully evaporate
                T[id] = t - LV / CP * l; qv[id] = qt; qc[id] = 0.f;
            }
        }
    }
}

// implicit vertical diffusion of a tracer: (I - dt d/dz K d/dz) x = x0, Thomas algorithm with arrays of NLEV per thread
extern "C" __global__ void
vertical_diffusion_thomas(float* __restrict__ q, const float* __restrict__ Kz /*interfaces NLEV+1*/, const float* __restrict__ dz,
                          const float* __restrict__ surfFlux, float dt, int nCol)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nCol) return;
    float a[NLEV], b[NLEV], cc[NLEV], d[NLEV];
    for (int k = 0; k < NLEV; ++k) {
        float dzk = dz[(size_t)k * nCol + c];
        float kt = k > 0 ? Kz[(size_t)k * nCol + c] : 0.f;
        float kb = k < NLEV - 1 ? Kz[(size_t)(k + 1) * nCol + c] : 0.f;
        float dzt = k > 0 ? 0.5f * (dzk + dz[(size_t)(k - 1) * nCol + c]) : dzk;
        float dzb = k < NLEV - 1 ? 0.5f * (dzk + dz[(size_t)(k + 1) * nCol + c]) : dzk;
        a[k] = -dt * kt / (dzk * dzt);
        cc[k] = -dt * kb / (dzk * dzb);
        b[k] = 1.f - a[k] - cc[k];
        d[k] = q[(size_t)k * nCol + c];
    }
    d[NLEV - 1] += dt * surfFlux[c] / dz[(size_t)(NLEV - 1) * nCol + c];
    // forward sweep
    cc[0] /= b[0]; d[0] /= b[0];
    for (int k = 1; k < NLEV; ++k) {
        float m = 1.f / (b[k] - a[k] * cc[k - 1]);
        cc[k] *= m;
        d[k] = (d[k] - a[k] * d[k - 1]) * m;
    }
    for (int k = NLEV - 2; k >= 0; --k) d[k] -= cc[k] * d[k + 1];
    for (int k = 0; k < NLEV; ++k) q[(size_t)k * nCol + c] = d[k];
}

// Kessler warm rain: autoconversion, accretion, evaporation, and upwind sedimentation of rain (double for precip accumulation)
extern "C" __global__ void __launch_bounds__(64, 8)
kessler_microphysics(float* __restrict__ T, float* __restrict__ qv, float* __restrict__ qc, float* __restrict__ qr,
                     const float* __restrict__ rho, const float* __restrict__ p, const float* __restrict__ dz,
                     float dt, int nCol, double* __restrict__ precipAccum)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nCol) return;
    float vt[NLEV], qrl[NLEV];
    for (int k = 0; k < NLEV; ++k) {
        size_t id = (size_t)k * nCol + c;
        float r = rho[id], qrr = qr[id];
        vt[k] = 36.34f * __powf(fmaxf(r * qrr * 1e-3f, 0.f), 0.1364f) * sqrtf(1.225f / r);
        qrl[k] = qrr;
    }
    // sedimentation (levels ordered top=0 to bottom=NLEV-1)
    float precip = vt[NLEV - 1] * qrl[NLEV - 1] * rho[(size_t)(NLEV - 1) * nCol + c];
    for (int k = NLEV - 1; k >= 0; --k) {
        size_t id = (size_t)k * nCol + c;
        float flux_in = k > 0 ? rho[id - nCol] * qrl[k - 1] * vt[k - 1] : 0.f;
        float flux_out = rho[id] * qrl[k] * vt[k];
        qrl[k] += dt * (flux_in - flux_out) / (rho[id] * dz[id]);
    }
    for (int k = 0; k < NLEV; ++k) {
        size_t id = (size_t)k * nCol + c;
        float qcc = qc[id], qrr = fmaxf(qrl[k], 0.f), t = T[id], v = qv[id];
        float auto_ = 1e-3f * fmaxf(qcc - 1e-3f, 0.f);
        float accr = 2.2f * qcc * __powf(qrr, 0.875f);
        float prod = fminf((auto_ + accr) * dt, qcc);
        qcc -= prod; qrr += prod;
        float qs = qsat(t, p[id]);
        float rq = rho[id] * qrr;
        float ev = (1.f - v / qs) * (1.6f + 124.9f * __powf(rq * 1e-3f, 0.2046f)) * __powf(rq * 1e-3f, 0.525f)
                 / ((5.4e5f + 2.55e8f / (p[id] * qs)) * rho[id]);
        float evap = fminf(fmaxf(ev * dt, 0.f), qrr);
        qrr -= evap; v += evap; t -= LV / CP * evap;
        qc[id] = qcc; qr[id] = qrr; qv[id] = v; T[id] = t;
    }
    atomicAdd(precipAccum + c, (double)precip * dt);
}
