// OFDM / MIMO receiver baseband kernels (complex float arithmetic):
//  * least-squares channel estimation at pilots + linear interpolation
//  * 4x4 MIMO MMSE equalisation per resource element (Cholesky in registers)
//  * narrowband frequency-domain beamforming for a uniform linear array
#include <stdint.h>

struct cf { float re, im; };
__device__ __forceinline__ cf c_mk(float r, float i) { cf z; z.re = r; z.im = i; return z; }
__device__ __forceinline__ cf c_add(cf a, cf b) { return c_mk(a.re + b.re, a.im + b.im); }
__device__ __forceinline__ cf c_sub(cf a, cf b) { return c_mk(a.re - b.re, a.im - b.im); }
__device__ __forceinline__ cf c_mul(cf a, cf b) { return c_mk(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re); }
__device__ __forceinline__ cf c_cmul(cf a, cf b) { return c_mk(a.re * b.re + a.im * b.im, a.re * b.im - a.im * b.re); } // conj(a)*b
__device__ __forceinline__ cf c_scale(cf a, float s) { return c_mk(a.re * s, a.im * s); }

// Pilots every `pilot_spacing` subcarriers (comb type). One thread per
// (symbol, rx antenna, subcarrier). H_ls = Y_p / X_p at the pilots, then
// linear interpolation in frequency, flat extrapolation at the band edges.
extern "C" __global__ void ofdm_ls_channel_estimate(const float2* __restrict__ rx_grid,   // [sym, rx, nsc]
                                                    const float2* __restrict__ pilot_tx,  // [sym, npilots]
                                                    int num_sym, int num_rx, int nsc,
                                                    int pilot_offset, int pilot_spacing,
                                                    float2* __restrict__ H_est,           // [sym, rx, nsc]
                                                    float* __restrict__ noise_var_acc)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    int rx = blockIdx.y;
    int sym = blockIdx.z;
    if (k >= nsc) return;
    int npil = (nsc - pilot_offset + pilot_spacing - 1) / pilot_spacing;
    const float2* Y = rx_grid + ((long long)sym * num_rx + rx) * nsc;
    const float2* X = pilot_tx + (long long)sym * npil;
    float pos = (float)(k - pilot_offset) / pilot_spacing;
    int p0 = (int)floorf(pos);
    p0 = min(max(p0, 0), npil - 1);
    int p1 = min(p0 + 1, npil - 1);
    float t = fminf(fmaxf(pos - p0, 0.f), 1.f);
    if (p1 == p0) t = 0.f;
    cf h[2];
    int pp[2] = {p0, p1};
#pragma unroll
    for (int j = 0; j < 2; ++j) {
        float2 y = Y[pilot_offset + pp[j] * pilot_spacing];
        float2 x = X[pp[j]];
        float inv = 1.f / fmaxf(x.x * x.x + x.y * x.y, 1e-20f);
        h[j] = c_scale(c_cmul(c_mk(x.x, x.y), c_mk(y.x, y.y)), inv);   // y * conj(x) / |x|^2
    }
    cf he = c_add(c_scale(h[0], 1.f - t), c_scale(h[1], t));
    H_est[((long long)sym * num_rx + rx) * nsc + k] = make_float2(he.re, he.im);
    // noise estimate from the residual at data REs between two pilots is
    // approximated by pilot-to-pilot differences (first thread per pilot pair)
    if (((k - pilot_offset) % pilot_spacing) == 0 && p1 != p0) {
        cf d = c_sub(h[1], h[0]);
        atomicAdd(noise_var_acc, 0.5f * (d.re * d.re + d.im * d.im));
    }
}

#define MIMO_N 4
// x_hat = (H^H H + s2 I)^{-1} H^H y, per resource element, with a complex
// Cholesky factorisation of the 4x4 Gram matrix held fully in registers.
// Also outputs post-equalisation SINR per layer for LLR scaling.
extern "C" __global__ void __launch_bounds__(256, 6)
mimo_mmse_4x4(const float2* __restrict__ H,     // [re, rx(4), tx(4)]
              const float2* __restrict__ y,     // [re, rx(4)]
              int num_re,
              float noise_var,
              float2* __restrict__ x_hat,       // [re, tx(4)]
              float* __restrict__ sinr)         // [re, tx(4)]
{
    int re = blockIdx.x * blockDim.x + threadIdx.x;
    if (re >= num_re) return;
    cf h[MIMO_N][MIMO_N];
    cf yy[MIMO_N];
#pragma unroll
    for (int r = 0; r < MIMO_N; ++r) {
#pragma unroll
        for (int c = 0; c < MIMO_N; ++c) {
            float2 v = H[((long long)re * MIMO_N + r) * MIMO_N + c];
            h[r][c] = c_mk(v.x, v.y);
        }
        float2 v = y[(long long)re * MIMO_N + r];
        yy[r] = c_mk(v.x, v.y);
    }
    // G = H^H H + s2 I (Hermitian, lower part), z = H^H y
    cf G[MIMO_N][MIMO_N];
    cf z[MIMO_N];
#pragma unroll
    for (int i = 0; i < MIMO_N; ++i) {
#pragma unroll
        for (int j = 0; j <= i; ++j) {
            cf acc = c_mk(0.f, 0.f);
#pragma unroll
            for (int r = 0; r < MIMO_N; ++r) acc = c_add(acc, c_cmul(h[r][i], h[r][j]));
            G[i][j] = acc;
        }
        G[i][i].re += noise_var;
        cf acc = c_mk(0.f, 0.f);
#pragma unroll
        for (int r = 0; r < MIMO_N; ++r) acc = c_add(acc, c_cmul(h[r][i], yy[r]));
        z[i] = acc;
    }
    // Cholesky G = L L^H
    cf L[MIMO_N][MIMO_N];
    float inv_diag[MIMO_N];
#pragma unroll
    for (int j = 0; j < MIMO_N; ++j) {
        float d = G[j][j].re;
#pragma unroll
        for (int k = 0; k < j; ++k) d -= L[j][k].re * L[j][k].re + L[j][k].im * L[j][k].im;
        d = sqrtf(fmaxf(d, 1e-12f));
        inv_diag[j] = 1.f / d;
        L[j][j] = c_mk(d, 0.f);
#pragma unroll
        for (int i = j + 1; i < MIMO_N; ++i) {
            cf s = G[i][j];
#pragma unroll
            for (int k = 0; k < j; ++k) s = c_sub(s, c_mul(L[i][k], c_mk(L[j][k].re, -L[j][k].im)));
            L[i][j] = c_scale(s, inv_diag[j]);
        }
    }
    // forward solve L w = z, back solve L^H x = w
    cf w[MIMO_N], x[MIMO_N];
#pragma unroll
    for (int i = 0; i < MIMO_N; ++i) {
        cf s = z[i];
#pragma unroll
        for (int k = 0; k < i; ++k) s = c_sub(s, c_mul(L[i][k], w[k]));
        w[i] = c_scale(s, inv_diag[i]);
    }
#pragma unroll
    for (int i = MIMO_N - 1; i >= 0; --i) {
        cf s = w[i];
#pragma unroll
        for (int k = i + 1; k < MIMO_N; ++k) s = c_sub(s, c_cmul(L[k][i], x[k]));
        x[i] = c_scale(s, inv_diag[i]);
    }
    // diag of G^{-1} via L^{-1}: (G^{-1})_ii = sum_k |(L^{-1})_ki|^2
    cf Li[MIMO_N][MIMO_N];
#pragma unroll
    for (int j = 0; j < MIMO_N; ++j) {
#pragma unroll
        for (int i = 0; i < MIMO_N; ++i) {
            if (i < j) { Li[i][j] = c_mk(0.f, 0.f); continue; }
            cf s = (i == j) ? c_mk(1.f, 0.f) : c_mk(0.f, 0.f);
#pragma unroll
            for (int k = j; k < i; ++k) s = c_sub(s, c_mul(L[i][k], Li[k][j]));
            Li[i][j] = c_scale(s, inv_diag[i]);
        }
    }
#pragma unroll
    for (int i = 0; i < MIMO_N; ++i) {
        float e = 0.f;
#pragma unroll
        for (int k = i; k < MIMO_N; ++k) e += Li[k][i].re * Li[k][i].re + Li[k][i].im * Li[k][i].im;
        float mse = noise_var * e;
        // unbiased SINR = 1/mse - 1
        sinr[(long long)re * MIMO_N + i] = fmaxf(1.f / fmaxf(mse, 1e-12f) - 1.f, 0.f);
        x_hat[(long long)re * MIMO_N + i] = make_float2(x[i].re, x[i].im);
    }
}

// Frequency-domain delay-and-sum beamforming: out[b, k] = sum_m w_m(theta_b, f_k)^* X[m, k]
// with steering phase 2*pi*f*m*d*sin(theta)/c. Element snapshots of a
// subcarrier tile are staged in shared memory and reused across beams.
#define BF_MAX_ELEM 64
#define BF_TILE 32
extern "C" __global__ void beamform_delay_sum(const float2* __restrict__ X,       // [elements, nsc]
                                              int num_elem, int nsc,
                                              const float* __restrict__ beam_sin_theta,
                                              int num_beams,
                                              const float* __restrict__ taper,     // amplitude window [elements]
                                              float f0, float df, float spacing_over_c,
                                              float2* __restrict__ out,           // [beams, nsc]
                                              float* __restrict__ beam_power)     // [beams]
{
    __shared__ float2 s_x[BF_MAX_ELEM][BF_TILE];
    int k0 = blockIdx.x * BF_TILE;
    int tx = threadIdx.x;               // subcarrier in tile
    int ty = threadIdx.y;               // beam slot
    for (int m = ty; m < num_elem; m += blockDim.y) {
        int k = k0 + tx;
        s_x[m][tx] = k < nsc ? X[(long long)m * nsc + k] : make_float2(0.f, 0.f);
    }
    __syncthreads();
    int k = k0 + tx;
    float f = f0 + k * df;
    for (int b = blockIdx.y * blockDim.y + ty; b < num_beams; b += gridDim.y * blockDim.y) {
        float phase_step = 6.283185307179586f * f * spacing_over_c * beam_sin_theta[b];
        float sstep, cstep;
        __sincosf(phase_step, &sstep, &cstep);
        // recurrence for the phasor to avoid a sincos per element
        cf ph = c_mk(1.f, 0.f), step = c_mk(cstep, sstep);
        cf acc = c_mk(0.f, 0.f);
        for (int m = 0; m < num_elem; ++m) {
            float2 v = s_x[m][tx];
            acc = c_add(acc, c_scale(c_cmul(ph, c_mk(v.x, v.y)), taper[m]));
            ph = c_mul(ph, step);
            if ((m & 15) == 15) {   // renormalise to limit drift
                float inv = rsqrtf(ph.re * ph.re + ph.im * ph.im);
                ph = c_scale(ph, inv);
            }
        }
        float p = 0.f;
        if (k < nsc) {
            out[(long long)b * nsc + k] = make_float2(acc.re, acc.im);
            p = acc.re * acc.re + acc.im * acc.im;
        }
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) p += __shfl_xor_sync(0xffffffffu, p, off);
        if (tx == 0) atomicAdd(&beam_power[b], p);
    }
}
