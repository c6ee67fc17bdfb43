// Cloud microphysics: Kessler warm-rain scheme with sedimentation,
// saturation adjustment (Newton on Tetens), and a two-moment rain
// self-collection / evaporation kernel per grid column.
#include <cuda_runtime.h>

#define NZ_MAX 128

__device__ __forceinline__ float qsat_tetens(float T, float p)
{
    float es = 610.78f * __expf(17.27f * (T - 273.16f) / (T - 35.86f));
    return 0.622f * es / (p - 0.378f * es);
}

extern "C" __global__ void kessler_column(float* __restrict__ theta, float* __restrict__ qv,
                                          float* __restrict__ qc, float* __restrict__ qr,
                                          const float* __restrict__ rho, const float* __restrict__ pk,  // Exner
                                          const float* __restrict__ z, float* __restrict__ precip,
                                          int ncol, int nz, float dt)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col >= ncol) return;
    float vt[NZ_MAX], rhoqr[NZ_MAX];
    size_t o = (size_t)col * nz;
    float rho0 = rho[o];
    float dt_max = dt;
    for (int k = 0; k < nz; ++k) {
        float qrk = fmaxf(qr[o + k], 0.f);
        float rh = rho[o + k];
        vt[k] = 36.34f * __powf(qrk * 0.001f * rh, 0.1364f) * sqrtf(rho0 / rh);
        rhoqr[k] = rh * qrk;
        if (k < nz - 1) dt_max = fminf(dt_max, 0.8f * (z[o + k + 1] - z[o + k]) / fmaxf(vt[k], 1e-6f));
    }
    int nsub = max(1, (int)ceilf(dt / dt_max));
    float dts = dt / nsub;
    float surf = 0.f;
    for (int s = 0; s < nsub; ++s) {
        surf += rhoqr[0] * vt[0] * dts;
        for (int k = 0; k < nz - 1; ++k) {
            float dz = z[o + k + 1] - z[o + k];
            float flux_in = rhoqr[k + 1] * vt[k + 1];
            float flux_out = rhoqr[k] * vt[k];
            rhoqr[k] += dts * (flux_in - flux_out) / dz;
        }
        rhoqr[nz - 1] -= dts * rhoqr[nz - 1] * vt[nz - 1] / (z[o + nz - 1] - z[o + nz - 2]);
    }
    precip[col] = surf * 1000.f / 1000.f;
    for (int k = 0; k < nz; ++k) {
        size_t c = o + k;
        float r = rho[c], ex = pk[c];
        float qrr = fmaxf(rhoqr[k] / r, 0.f);
        float qcc = qc[c];
        float qvv = qv[c];
        float th = theta[c];
        // autoconversion + accretion
        float ar = 0.001f * fmaxf(qcc - 0.001f, 0.f);
        float cr = 2.2f * qcc * __powf(qrr, 0.875f);
        float dqr = fminf(dt * (ar + cr), qcc);
        qcc -= dqr; qrr += dqr;
        float T = th * ex;
        float p = 100000.f * __powf(ex, 1004.f / 287.f);
        float qs = qsat_tetens(T, p);
        // rain evaporation
        float vent = 1.6f + 124.9f * __powf(0.001f * r * qrr, 0.2046f);
        float er = (1.f - qvv / qs) * vent * __powf(0.001f * r * qrr, 0.525f) /
                   (5.4e5f + 2.55e8f / (p * qs)) / r;
        er = fminf(fmaxf(er * dt, 0.f), qrr);
        // condensation
        float prod = (qvv - qs) / (1.f + qs * 4093.f * 2.5e6f / (1004.f * (T - 36.f) * (T - 36.f)));
        prod = fmaxf(prod, -qcc);
        qv[c] = fmaxf(qvv - prod + er, 0.f);
        qc[c] = qcc + prod;
        qr[c] = qrr - er;
        theta[c] = th + 2.5e6f / (1004.f * ex) * (prod - er);
    }
}

extern "C" __global__ void saturation_adjust(float* __restrict__ T, float* __restrict__ qv, float* __restrict__ qc,
                                             const float* __restrict__ p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float Lv = 2.5e6f, cp = 1004.f, Rv = 461.5f;
    float t = T[i], v = qv[i], c = qc[i], pp = p[i];
    float qt = v + c;
    float hl = cp * t - Lv * c;   // liquid water static energy
    float tt = hl / cp;
#pragma unroll
    for (int it = 0; it < 5; ++it) {
        float qs = qsat_tetens(tt, pp);
        float ql = fmaxf(qt - qs, 0.f);
        float f = cp * tt - Lv * ql - hl;
        float dqs = qs * Lv / (Rv * tt * tt);
        float fp = cp + (ql > 0.f ? Lv * dqs : 0.f);
        tt -= f / fp;
    }
    float qs = qsat_tetens(tt, pp);
    float ql = fmaxf(qt - qs, 0.f);
    T[i] = tt; qv[i] = qt - ql; qc[i] = ql;
}

// Two-moment rain: number and mass tendencies from self-collection, breakup, evaporation.
extern "C" __global__ void rain_two_moment(float* __restrict__ qr, float* __restrict__ nr,
                                           const float* __restrict__ qv, const float* __restrict__ T,
                                           const float* __restrict__ p, const float* __restrict__ rho,
                                           int n, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float q = fmaxf(qr[i], 0.f), N = fmaxf(nr[i], 1e-3f);
    if (q < 1e-12f) { qr[i] = 0.f; nr[i] = 0.f; return; }
    float r = rho[i];
    const float pi_rhow = 3.14159265f * 1000.f;
    float lam = cbrtf(pi_rhow * N / q);
    float Dm = 1.f / lam;
    // self-collection with breakup efficiency
    float phi_br = Dm < 3.5e-4f ? 1.f : (Dm < 6e-4f ? 1.f - (Dm - 3.5e-4f) * 4000.f : 2.f - __expf(2300.f * (Dm - 6e-4f)));
    float dN_sc = -5.78f * phi_br * q * N * r;
    // evaporation (Seifert 2008 simplified)
    float qs = qsat_tetens(T[i], p[i]);
    float S = qv[i] / qs - 1.f;
    float G = 1.f / (2.5e6f * 2.5e6f / (0.024f * 461.5f * T[i] * T[i]) + 461.5f * T[i] / (2.26e-5f * 611.f));
    float f_vent = 0.78f + 0.308f * sqrtf(9.65f * Dm / 1.5e-5f);
    float dq_ev = fminf(0.f, 2.f * 3.14159265f * G * S * N * Dm * f_vent / r);
    float dN_ev = dq_ev * N / q;
    float qn = fmaxf(q + dt * dq_ev, 0.f);
    float Nn = fmaxf(N + dt * (dN_sc + dN_ev), 0.f);
    // clamp mean mass to physical bounds
    float xm = qn / fmaxf(Nn, 1e-10f);
    xm = fminf(fmaxf(xm, 2.6e-10f), 3e-6f);
    qr[i] = qn; nr[i] = qn / xm;
}

// Single-moment mixed-phase process rates with a large per-cell state struct: many
// intermediate rates are live simultaneously before the conservative limiter is applied.
struct MicroState {
    float T, p, rho, qv, qc, qr, qi, qs, qg, nc, ni;
    float w, tke, ccn, dz, lambda_r, lambda_s, lambda_g, vt_r, vt_s, vt_g, sat_liq, sat_ice, pad;
};

extern "C" __global__ void mixed_phase_rates(MicroState* __restrict__ cells, float* __restrict__ rates_out,   // [n][16]
                                             int n, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    MicroState s = cells[i];
    const float Lv = 2.5e6f, Ls = 2.834e6f, Lf = Ls - Lv, cp = 1004.f, Rv = 461.5f;
    float Tc = s.T - 273.15f;
    float esl = 610.78f * __expf(17.27f * Tc / (s.T - 35.86f));
    float esi = 610.78f * __expf(21.875f * Tc / (s.T - 7.66f));
    float qsl = 0.622f * esl / (s.p - esl), qsi = 0.622f * esi / (s.p - esi);
    float Sl = s.qv / qsl - 1.f, Si = s.qv / qsi - 1.f;
    float Dv = 2.11e-5f * __powf(s.T / 273.15f, 1.94f) * (101325.f / s.p);
    float Ka = 2.4e-2f;
    float Ab_l = Lv * Lv / (Ka * Rv * s.T * s.T) + 1.f / (s.rho * qsl * Dv);
    float Ab_i = Ls * Ls / (Ka * Rv * s.T * s.T) + 1.f / (s.rho * qsi * Dv);
    float lam_r = __powf(3.14159f * 1000.f * 8e6f / (s.rho * fmaxf(s.qr, 1e-12f)), 0.25f);
    float lam_s = __powf(3.14159f * 100.f * 3e6f / (s.rho * fmaxf(s.qs, 1e-12f)), 0.25f);
    float lam_g = __powf(3.14159f * 400.f * 4e6f / (s.rho * fmaxf(s.qg, 1e-12f)), 0.25f);
    float vt_r = 842.f * __powf(lam_r, -0.8f), vt_s = 11.72f * __powf(lam_s, -0.41f), vt_g = 19.3f * __powf(lam_g, -0.37f);
    // process rates
    float prc = s.qc > 1e-6f ? 1350.f * __powf(s.qc, 2.47f) * __powf(s.nc * 1e-6f * s.rho, -1.79f) : 0.f;   // autoconv
    float pra = 67.f * __powf(s.qc * s.qr, 1.15f);                                                        // accretion
    float pre = s.qr > 1e-12f ? fminf(0.f, 2.f * 3.14159f * 8e6f * Sl / Ab_l * (0.78f / (lam_r * lam_r) +
                                  0.31f * __powf(vt_r, 0.5f) * __powf(lam_r, -2.5f))) : 0.f;                // evaporation
    float prd = s.qi > 1e-12f ? 4.f * s.ni * Si / Ab_i * cbrtf(s.qi / fmaxf(s.ni, 1.f)) : 0.f;              // ice deposition
    float psacw = s.qs > 1e-12f ? 3.14159f * 0.25f * 3e6f * s.qc * vt_s / (lam_s * lam_s * lam_s) : 0.f;   // riming
    float psaut = Tc < 0.f ? 1e-3f * __expf(0.025f * Tc) * fmaxf(s.qi - 1e-3f, 0.f) : 0.f;
    float pgacw = s.qg > 1e-12f ? 3.14159f * 0.25f * 4e6f * s.qc * vt_g / (lam_g * lam_g * lam_g) : 0.f;
    float psmlt = Tc > 0.f ? -2.f * 3.14159f * Ka * Tc / (Lf * s.rho) * 3e6f / (lam_s * lam_s) : 0.f;
    float pgmlt = Tc > 0.f ? -2.f * 3.14159f * Ka * Tc / (Lf * s.rho) * 4e6f / (lam_g * lam_g) : 0.f;
    float pihom = Tc < -40.f ? s.qc / dt : 0.f;
    float pinuc = (Tc < -5.f && Si > 0.05f) ? fminf(1e-12f * __expf(-0.6f * Tc) / s.rho, s.qv * 0.01f) / dt : 0.f;
    float pccn = (Sl > 0.f && s.w > 0.f) ? s.ccn * __powf(Sl * 100.f, 0.4f) * 1e-12f / dt : 0.f;
    // conservative limiter for each sink
    float sink_c = (prc + pra + psacw + pgacw + pihom) * dt;
    float fc = sink_c > s.qc ? s.qc / sink_c : 1.f;
    prc *= fc; pra *= fc; psacw *= fc; pgacw *= fc; pihom *= fc;
    float sink_i = (psaut - fminf(prd, 0.f)) * dt;
    float fi = sink_i > s.qi ? s.qi / sink_i : 1.f;
    psaut *= fi; prd = prd < 0.f ? prd * fi : prd;
    float sink_r = -pre * dt;
    float fr = sink_r > s.qr ? s.qr / sink_r : 1.f;
    pre *= fr;
    float* o = rates_out + (size_t)i * 16;
    o[0] = prc; o[1] = pra; o[2] = pre; o[3] = prd; o[4] = psacw; o[5] = psaut; o[6] = pgacw; o[7] = psmlt;
    o[8] = pgmlt; o[9] = pihom; o[10] = pinuc; o[11] = pccn; o[12] = vt_r; o[13] = vt_s; o[14] = vt_g; o[15] = Sl;
    s.qc += dt * (pccn - prc - pra - psacw - pgacw - pihom);
    s.qr += dt * (prc + pra + pre - psmlt - pgmlt);
    s.qi += dt * (prd + pihom + pinuc - psaut);
    s.qs += dt * (psaut + psacw + psmlt);
    s.qg += dt * (pgacw + pgmlt);
    s.qv -= dt * (pccn + pre + prd + pinuc);
    s.T += dt * (Lv / cp * (pccn - pre) + Ls / cp * (prd + pinuc) + Lf / cp * (psacw + pgacw + pihom + psmlt + pgmlt));
    s.lambda_r = lam_r; s.lambda_s = lam_s; s.lambda_g = lam_g;
    s.vt_r = vt_r; s.vt_s = vt_s; s.vt_g = vt_g; s.sat_liq = Sl; s.sat_ice = Si;
    cells[i] = s;
}
