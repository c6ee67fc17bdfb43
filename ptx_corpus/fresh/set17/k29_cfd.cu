// Domain: computational fluid dynamics (Roe and HLLC Riemann solvers, WENO5 reconstruction, CFL time step)

#define GAMMA 1.4f

// 2-D Euler x-direction Roe flux with Harten entropy fix; first-order states from cell averages
extern "C" __global__ void euler2d_roe_flux_x(const float4* __restrict__ U /*rho, rhou, rhov, E*/, float4* __restrict__ F,
                                              int nx, int ny, float eps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;   // interface i+1/2
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx - 1 || j >= ny) return;
    float4 L = U[j * nx + i], R = U[j * nx + i + 1];
    float rl = L.x, ul = L.y / rl, vl = L.z / rl, pl = (GAMMA - 1.f) * (L.w - 0.5f * rl * (ul * ul + vl * vl));
    float rr = R.x, ur = R.y / rr, vr = R.z / rr, pr = (GAMMA - 1.f) * (R.w - 0.5f * rr * (ur * ur + vr * vr));
    float hl = (L.w + pl) / rl, hr = (R.w + pr) / rr;
    float sl = sqrtf(rl), sr = sqrtf(rr), den = 1.f / (sl + sr);
    float u = (sl * ul + sr * ur) * den, v = (sl * vl + sr * vr) * den, h = (sl * hl + sr * hr) * den;
    float q2 = u * u + v * v;
    float c2 = (GAMMA - 1.f) * (h - 0.5f * q2);
    if (c2 <= 0.f) c2 = 1e-6f;
    float c = sqrtf(c2);
    float dr = rr - rl, du = ur - ul, dv = vr - vl, dp = pr - pl;
    float rho = sl * sr;
    float a1 = (dp - rho * c * du) / (2.f * c2);
    float a2 = dr - dp / c2;
    float a3 = rho * dv;
    float a4 = (dp + rho * c * du) / (2.f * c2);
    float l1 = fabsf(u - c), l2 = fabsf(u), l4 = fabsf(u + c);
    float d = eps * c;
    if (l1 < d) l1 = (l1 * l1 + d * d) / (2.f * d);
    if (l4 < d) l4 = (l4 * l4 + d * d) / (2.f * d);
    float fl0 = L.y, fl1 = L.y * ul + pl, fl2 = L.y * vl, fl3 = ul * (L.w + pl);
    float fr0 = R.y, fr1 = R.y * ur + pr, fr2 = R.y * vr, fr3 = ur * (R.w + pr);
    float d0 = l1 * a1 + l2 * a2 + l4 * a4;
    float d1 = l1 * a1 * (u - c) + l2 * a2 * u + l4 * a4 * (u + c);
    float d2 = l1 * a1 * v + l2 * (a2 * v + a3) + l4 * a4 * v;
    float d3 = l1 * a1 * (h - u * c) + l2 * (a2 * 0.5f * q2 + a3 * v) + l4 * a4 * (h + u * c);
    F[j * nx + i] = make_float4(0.5f * (fl0 + fr0 - d0), 0.5f * (fl1 + fr1 - d1), 0.5f * (fl2 + fr2 - d2), 0.5f * (fl3 + fr3 - d3));
}

// 3-D Euler: WENO5-JS reconstruction of the 5 primitive variables on both sides of an interface
// followed by an HLLC flux
__device__ __forceinline__ float weno5(float a, float b, float c, float d, float e)
{
    const float eps = 1e-6f;
    float b0 = 13.f / 12.f * (a - 2.f * b + c) * (a - 2.f * b + c) + 0.25f * (a - 4.f * b + 3.f * c) * (a - 4.f * b + 3.f * c);
    float b1 = 13.f / 12.f * (b - 2.f * c + d) * (b - 2.f * c + d) + 0.25f * (b - d) * (b - d);
    float b2 = 13.f / 12.f * (c - 2.f * d + e) * (c - 2.f * d + e) + 0.25f * (3.f * c - 4.f * d + e) * (3.f * c - 4.f * d + e);
    float w0 = 0.1f / ((eps + b0) * (eps + b0)), w1 = 0.6f / ((eps + b1) * (eps + b1)), w2 = 0.3f / ((eps + b2) * (eps + b2));
    float s = 1.f / (w0 + w1 + w2);
    return s * (w0 * (2.f * a - 7.f * b + 11.f * c) + w1 * (-b + 5.f * c + 2.f * d) + w2 * (2.f * c + 5.f * d - e)) / 6.f;
}
__device__ __forceinline__ void hllc_flux(const float* qL, const float* qR, float* f)
{
    float rl = fmaxf(qL[0], 1e-8f), ul = qL[1], vl = qL[2], wl = qL[3], pl = fmaxf(qL[4], 1e-8f);
    float rr = fmaxf(qR[0], 1e-8f), ur = qR[1], vr = qR[2], wr = qR[3], pr = fmaxf(qR[4], 1e-8f);
    float cl = sqrtf(GAMMA * pl / rl), cr = sqrtf(GAMMA * pr / rr);
    float El = pl / (GAMMA - 1.f) + 0.5f * rl * (ul * ul + vl * vl + wl * wl);
    float Er = pr / (GAMMA - 1.f) + 0.5f * rr * (ur * ur + vr * vr + wr * wr);
    float SL = fminf(ul - cl, ur - cr), SR = fmaxf(ul + cl, ur + cr);
    float SM = (pr - pl + rl * ul * (SL - ul) - rr * ur * (SR - ur)) / (rl * (SL - ul) - rr * (SR - ur));
    if (SL >= 0.f) {
        f[0] = rl * ul; f[1] = rl * ul * ul + pl; f[2] = rl * ul * vl; f[3] = rl * ul * wl; f[4] = ul * (El + pl);
    } else if (SR <= 0.f) {
        f[0] = rr * ur; f[1] = rr * ur * ur + pr; f[2] = rr * ur * vr; f[3] = rr * ur * wr; f[4] = ur * (Er + pr);
    } else if (SM >= 0.f) {
        float fac = rl * (SL - ul) / (SL - SM);
        float Us[5] = {fac, fac * SM, fac * vl, fac * wl, fac * (El / rl + (SM - ul) * (SM + pl / (rl * (SL - ul))))};
        float Ul[5] = {rl, rl * ul, rl * vl, rl * wl, El};
        float Fl[5] = {rl * ul, rl * ul * ul + pl, rl * ul * vl, rl * ul * wl, ul * (El + pl)};
#pragma unroll
        for (int v = 0; v < 5; ++v) f[v] = Fl[v] + SL * (Us[v] - Ul[v]);
    } else {
        float fac = rr * (SR - ur) / (SR - SM);
        float Us[5] = {fac, fac * SM, fac * vr, fac * wr, fac * (Er / rr + (SM - ur) * (SM + pr / (rr * (SR - ur))))};
        float Ur[5] = {rr, rr * ur, rr * vr, rr * wr, Er};
        float Fr[5] = {rr * ur, rr * ur * ur + pr, rr * ur * vr, rr * ur * wr, ur * (Er + pr)};
#pragma unroll
        for (int v = 0; v < 5; ++v) f[v] = Fr[v] + SR * (Us[v] - Ur[v]);
    }
}
// Each thread handles 4 consecutive interfaces i..i+3 sharing a 9-cell stencil per variable
// (45 stencil values, 40 reconstructed states live before the Riemann solves), then writes the
// flux divergence of the 3 interior cells as well as the 4 fluxes
__device__ __forceinline__ void weno_hllc_body(const float* __restrict__ W /*5 planes of primitives*/, float* __restrict__ F,
                                               float* __restrict__ dU, int nx, int ny, int nz, float dtdx)
{
    int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4 + 2;
    int j = blockIdx.y, k = blockIdx.z;
    if (i >= nx - 6) return;
    size_t N = (size_t)nx * ny * nz;
    size_t base = ((size_t)k * ny + j) * nx;
    float qL[4][5], qR[4][5];
#pragma unroll
    for (int v = 0; v < 5; ++v) {
        float s[9];
#pragma unroll
        for (int o = 0; o < 9; ++o) s[o] = W[v * N + base + i - 2 + o];
#pragma unroll
        for (int f = 0; f < 4; ++f) {
            qL[f][v] = weno5(s[f], s[f + 1], s[f + 2], s[f + 3], s[f + 4]);
            qR[f][v] = weno5(s[f + 5], s[f + 4], s[f + 3], s[f + 2], s[f + 1]);
        }
    }
    float fl[4][5];
#pragma unroll
    for (int f = 0; f < 4; ++f) hllc_flux(qL[f], qR[f], fl[f]);
#pragma unroll
    for (int f = 0; f < 4; ++f)
#pragma unroll
        for (int v = 0; v < 5; ++v) F[v * N + base + i + f] = fl[f][v];
#pragma unroll
    for (int c = 1; c < 4; ++c)
#pragma unroll
        for (int v = 0; v < 5; ++v) dU[v * N + base + i + c] = -dtdx * (fl[c][v] - fl[c - 1][v]);
}
extern "C" __global__ void euler3d_weno5_hllc(const float* __restrict__ W, float* __restrict__ F, float* __restrict__ dU,
                                              int nx, int ny, int nz, float dtdx)
{
    weno_hllc_body(W, F, dU, nx, ny, nz, dtdx);
}
extern "C" __global__ void __launch_bounds__(256, 8)
euler3d_weno5_hllc_capped(const float* __restrict__ W, float* __restrict__ F, float* __restrict__ dU,
                          int nx, int ny, int nz, float dtdx)
{
    weno_hllc_body(W, F, dU, nx, ny, nz, dtdx);
}

// CFL time-step: max wave speed reduction (float atomicMax via int ordering of positive floats)
extern "C" __global__ void cfl_max_wavespeed(const float4* __restrict__ U, int n, float* __restrict__ smax)
{
    float s = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float4 q = U[i];
        float r = q.x, u = q.y / r, v = q.z / r;
        float p = (GAMMA - 1.f) * (q.w - 0.5f * r * (u * u + v * v));
        float c = sqrtf(GAMMA * fmaxf(p, 0.f) / r);
        s = fmaxf(s, fmaxf(fabsf(u), fabsf(v)) + c);
    }
    for (int o = 16; o > 0; o >>= 1) s = fmaxf(s, __shfl_xor_sync(0xffffffffu, s, o));
    if ((threadIdx.x & 31) == 0) atomicMax(reinterpret_cast<int*>(smax), __float_as_int(s));
}
