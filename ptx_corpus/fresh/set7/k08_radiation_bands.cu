// Atmospheric radiative transfer: correlated-k two-stream solver per column,
// delta-Eddington scaling, adding method over layers, and band-integrated heating rates.
#include <cuda_runtime.h>

#define NLAY 60
#define NG 16

__constant__ float c_gweights[NG];

__device__ __forceinline__ void two_stream_coeffs(float tau, float ssa, float g, float mu0,
                                                  float& R, float& T, float& Tdir, float& Rdir)
{
    // delta-Eddington scaling
    float f = g * g;
    float wf = ssa * f;
    tau = (1.f - wf) * tau;
    ssa = (1.f - f) * ssa / (1.f - wf);
    g = (g - f) / (1.f - f);
    float g1 = (7.f - ssa * (4.f + 3.f * g)) * 0.25f;
    float g2 = -(1.f - ssa * (4.f - 3.f * g)) * 0.25f;
    float g3 = (2.f - 3.f * g * mu0) * 0.25f;
    float g4 = 1.f - g3;
    float k = sqrtf(fmaxf((g1 - g2) * (g1 + g2), 1e-12f));
    float ekt = __expf(-k * tau);
    float e2 = ekt * ekt;
    float denom = 1.f / (k * (1.f + e2) + g1 * (1.f - e2));
    R = g2 * (1.f - e2) * denom;
    T = 2.f * k * ekt * denom;
    Tdir = __expf(-tau / mu0);
    float k2m = 1.f - k * k * mu0 * mu0;
    k2m = (fabsf(k2m) < 1e-5f) ? 1e-5f : k2m;
    float a2 = g1 * g3 + g2 * g4;
    float alpha1 = ssa * mu0 / k2m;
    Rdir = alpha1 * ((1.f - k * mu0) * (a2 + k * g3) - (1.f + k * mu0) * (a2 - k * g3) * e2
                     - 2.f * k * (g3 - a2 * mu0) * ekt * Tdir) * denom;
    Rdir = fminf(fmaxf(Rdir, 0.f), 1.f);

}

extern "C" __global__ void sw_two_stream_columns(const float* __restrict__ tau_g,   // [ncol][NG][NLAY]
                                                 const float* __restrict__ ssa_g,
                                                 const float* __restrict__ asy_g,
                                                 const float* __restrict__ mu0_col,
                                                 const float* __restrict__ sfc_alb,
                                                 const float* __restrict__ toa_flux,
                                                 float* __restrict__ flux_up, float* __restrict__ flux_dn, // [ncol][NLAY+1]
                                                 int ncol)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col >= ncol) return;
    float mu0 = mu0_col[col];
    float alb = sfc_alb[col];
    float S0 = toa_flux[col];
    float up_acc[NLAY + 1], dn_acc[NLAY + 1];
    for (int l = 0; l <= NLAY; ++l) { up_acc[l] = 0.f; dn_acc[l] = 0.f; }
    for (int gp = 0; gp < NG; ++gp) {
        float Rl[NLAY], Tl[NLAY], Tdl[NLAY], Rdl[NLAY];
        size_t base = ((size_t)col * NG + gp) * NLAY;
        for (int l = 0; l < NLAY; ++l)
            two_stream_coeffs(tau_g[base + l], ssa_g[base + l], asy_g[base + l], mu0, Rl[l], Tl[l], Tdl[l], Rdl[l]);
        // direct beam
        float dir[NLAY + 1];
        dir[0] = S0 * mu0 * c_gweights[gp];
        for (int l = 0; l < NLAY; ++l) dir[l + 1] = dir[l] * Tdl[l];
        // adding from surface upward: albedo of layers below
        float albd[NLAY + 1], srcu[NLAY + 1];
        albd[NLAY] = alb;
        srcu[NLAY] = alb * dir[NLAY];
        for (int l = NLAY - 1; l >= 0; --l) {
            float den = 1.f / (1.f - albd[l + 1] * Rl[l]);
            albd[l] = Rl[l] + Tl[l] * Tl[l] * albd[l + 1] * den;
            srcu[l] = Rdl[l] * dir[l] + Tl[l] * (srcu[l + 1] + albd[l + 1] * 0.f) * den;
        }
        float dn_diff = 0.f;
        for (int l = 0; l <= NLAY; ++l) {
            float up = albd[l] * dn_diff + srcu[l];
            up_acc[l] += up;
            dn_acc[l] += dn_diff + dir[l];
            if (l < NLAY) {
                float den = 1.f / (1.f - Rl[l] * albd[l + 1]);
                dn_diff = (Tl[l] * dn_diff + Rl[l] * srcu[l + 1] + (1.f - Tdl[l] - Rdl[l]) * 0.5f * dir[l]) * den;
            }
        }
    }
    for (int l = 0; l <= NLAY; ++l) {
        flux_up[(size_t)col * (NLAY + 1) + l] = up_acc[l];
        flux_dn[(size_t)col * (NLAY + 1) + l] = dn_acc[l];
    }
}

extern "C" __global__ void heating_rate(const float* __restrict__ flux_up, const float* __restrict__ flux_dn,
                                        const float* __restrict__ p_lev, float* __restrict__ dTdt,
                                        int ncol, int nlay, float g_over_cp)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int l = blockIdx.y * blockDim.y + threadIdx.y;
    if (col >= ncol || l >= nlay) return;
    size_t o = (size_t)col * (nlay + 1) + l;
    float net_top = flux_dn[o] - flux_up[o];
    float net_bot = flux_dn[o + 1] - flux_up[o + 1];
    float dp = p_lev[o + 1] - p_lev[o];
    dTdt[(size_t)col * nlay + l] = g_over_cp * (net_top - net_bot) / dp * 86400.f;
}

// Gas optics: interpolate k-coefficients in (T, log p) table with eta mixing.
extern "C" __global__ void gas_optics_interp(const float* __restrict__ temp, const float* __restrict__ pres,
                                             const float* __restrict__ h2o_vmr, const float* __restrict__ col_dry,
                                             const float* __restrict__ ktab,   // [NG][nT][nP][neta]
                                             float* __restrict__ tau_out, int ncell, int nT, int nP, int neta,
                                             float T0, float dT, float lp0, float dlp)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= ncell) return;
    float ft = (temp[c] - T0) / dT;
    float fp = (__logf(pres[c]) - lp0) / dlp;
    int it = min(max((int)ft, 0), nT - 2);
    int ip = min(max((int)fp, 0), nP - 2);
    float wt = fminf(fmaxf(ft - it, 0.f), 1.f), wp = fminf(fmaxf(fp - ip, 0.f), 1.f);
    float eta = h2o_vmr[c] / (h2o_vmr[c] + 0.2f);
    float fe = eta * (neta - 1);
    int ie = min((int)fe, neta - 2);
    float we = fe - ie;
    float cd = col_dry[c];
#pragma unroll 4
    for (int g = 0; g < NG; ++g) {
        float acc = 0.f;
#pragma unroll
        for (int a = 0; a < 2; ++a)
#pragma unroll
            for (int b = 0; b < 2; ++b)
#pragma unroll
                for (int e = 0; e < 2; ++e) {
                    float w = (a ? wt : 1.f - wt) * (b ? wp : 1.f - wp) * (e ? we : 1.f - we);
                    acc += w * __ldg(ktab + (((size_t)g * nT + it + a) * nP + ip + b) * neta + ie + e);
                }
        tau_out[(size_t)c * NG + g] = acc * cd;
    }
}
