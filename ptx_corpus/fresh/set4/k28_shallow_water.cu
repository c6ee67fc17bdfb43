// 2D shallow-water equations on a structured grid: HLL finite-volume fluxes with hydrostatic reconstruction, shared-memory tiled update, and CFL time-step reduction.
#include <cuda_runtime.h>

#define GRAV 9.81f
#define TX 32
#define TY 8

struct SW { float h, hu, hv; };

__device__ __forceinline__ void hll_flux_x(SW L, SW R, float& fh, float& fhu, float& fhv)
{
    const float dry = 1e-6f;
    float uL = L.h > dry ? L.hu / L.h : 0.f, vL = L.h > dry ? L.hv / L.h : 0.f;
    float uR = R.h > dry ? R.hu / R.h : 0.f, vR = R.h > dry ? R.hv / R.h : 0.f;
    float cL = sqrtf(GRAV * L.h), cR = sqrtf(GRAV * R.h);
    float sL = fminf(uL - cL, uR - cR), sR = fmaxf(uL + cL, uR + cR);
    float FL0 = L.hu, FL1 = L.hu * uL + 0.5f * GRAV * L.h * L.h, FL2 = L.hu * vL;
    float FR0 = R.hu, FR1 = R.hu * uR + 0.5f * GRAV * R.h * R.h, FR2 = R.hu * vR;
    if (sL >= 0.f) { fh = FL0; fhu = FL1; fhv = FL2; }
    else if (sR <= 0.f) { fh = FR0; fhu = FR1; fhv = FR2; }
    else {
        float inv = 1.f / (sR - sL);
        fh = (sR * FL0 - sL * FR0 + sL * sR * (R.h - L.h)) * inv;
        fhu = (sR * FL1 - sL * FR1 + sL * sR * (R.hu - L.hu)) * inv;
        fhv = (sR * FL2 - sL * FR2 + sL * sR * (R.hv - L.hv)) * inv;
    }
}

// hydrostatic reconstruction (Audusse) at an interface with bed elevations zL, zR
__device__ __forceinline__ void hydro_recon(SW& L, SW& R, float zL, float zR)
{
    float zs = fmaxf(zL, zR);
    float hL = fmaxf(0.f, L.h + zL - zs), hR = fmaxf(0.f, R.h + zR - zs);
    float sL = L.h > 1e-6f ? hL / L.h : 0.f, sR = R.h > 1e-6f ? hR / R.h : 0.f;
    L.h = hL; L.hu *= sL; L.hv *= sL;
    R.h = hR; R.hu *= sR; R.hv *= sR;
}

extern "C" __global__ void __launch_bounds__(TX * TY)
swe_hll_update(const float* __restrict__ h, const float* __restrict__ hu, const float* __restrict__ hv,
               const float* __restrict__ zb, float* __restrict__ hN, float* __restrict__ huN, float* __restrict__ hvN,
               int nx, int ny, float dtdx)
{
    __shared__ SW s[TY + 2][TX + 2];
    __shared__ float sz[TY + 2][TX + 2];
    int gx = blockIdx.x * TX + threadIdx.x, gy = blockIdx.y * TY + threadIdx.y;
    // load tile with halo (clamped boundaries = reflective-ish)
    for (int ly = threadIdx.y; ly < TY + 2; ly += TY)
        for (int lx = threadIdx.x; lx < TX + 2; lx += TX) {
            int x = min(max((int)(blockIdx.x * TX) + lx - 1, 0), nx - 1);
            int y = min(max((int)(blockIdx.y * TY) + ly - 1, 0), ny - 1);
            size_t id = (size_t)y * nx + x;
            s[ly][lx] = SW{h[id], hu[id], hv[id]};
            sz[ly][lx] = zb[id];
        }
    __syncthreads();
    if (gx >= nx || gy >= ny) return;
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    SW c = s[ly][lx];
    float acc0 = 0.f, acc1 = 0.f, acc2 = 0.f;
    // x faces
    {
        SW L = s[ly][lx - 1], R = c; hydro_recon(L, R, sz[ly][lx - 1], sz[ly][lx]);
        float f0, f1, f2; hll_flux_x(L, R, f0, f1, f2); acc0 += f0; acc1 += f1; acc2 += f2;
        L = c; R = s[ly][lx + 1]; hydro_recon(L, R, sz[ly][lx], sz[ly][lx + 1]);
        hll_flux_x(L, R, f0, f1, f2); acc0 -= f0; acc1 -= f1; acc2 -= f2;
    }
    // y faces: rotate (hu,hv)->(hv,hu)
    {
        SW L = s[ly - 1][lx], R = c; hydro_recon(L, R, sz[ly - 1][lx], sz[ly][lx]);
        SW Lr{L.h, L.hv, L.hu}, Rr{R.h, R.hv, R.hu};
        float f0, f1, f2; hll_flux_x(Lr, Rr, f0, f1, f2); acc0 += f0; acc2 += f1; acc1 += f2;
        L = c; R = s[ly + 1][lx]; hydro_recon(L, R, sz[ly][lx], sz[ly + 1][lx]);
        Lr = SW{L.h, L.hv, L.hu}; Rr = SW{R.h, R.hv, R.hu};
        hll_flux_x(Lr, Rr, f0, f1, f2); acc0 -= f0; acc2 -= f1; acc1 -= f2;
    }
    // well-balanced bed-slope source terms
    float zc = sz[ly][lx];
    float hxL = fmaxf(0.f, c.h + zc - fmaxf(zc, sz[ly][lx - 1])), hxR = fmaxf(0.f, c.h + zc - fmaxf(zc, sz[ly][lx + 1]));
    float hyL = fmaxf(0.f, c.h + zc - fmaxf(zc, sz[ly - 1][lx])), hyR = fmaxf(0.f, c.h + zc - fmaxf(zc, sz[ly + 1][lx]));
    acc1 += 0.5f * GRAV * (hxR * hxR - hxL * hxL);
    acc2 += 0.5f * GRAV * (hyR * hyR - hyL * hyL);
    size_t id = (size_t)gy * nx + gx;
    float nh = fmaxf(c.h + dtdx * acc0, 0.f);
    hN[id] = nh;
    huN[id] = nh > 1e-6f ? c.hu + dtdx * acc1 : 0.f;
    hvN[id] = nh > 1e-6f ? c.hv + dtdx * acc2 : 0.f;
}

// max wave speed reduction for CFL: |u|+sqrt(gh) over all cells
extern "C" __global__ void
swe_max_wavespeed(const float* __restrict__ h, const float* __restrict__ hu, const float* __restrict__ hv, int n,
                  unsigned int* __restrict__ maxBits)
{
    float m = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float hh = h[i];
        if (hh > 1e-6f) {
            float c = sqrtf(GRAV * hh);
            m = fmaxf(m, fmaxf(fabsf(hu[i] / hh), fabsf(hv[i] / hh)) + c);
        }
    }
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    if ((threadIdx.x & 31) == 0) atomicMax(maxBits, __float_as_uint(m));  // non-negative floats order as uints
}

// Manning bottom friction, semi-implicit
extern "C" __global__ void
swe_manning_friction(const float* __restrict__ h, float* __restrict__ hu, float* __restrict__ hv, const float* __restrict__ nMan,
                     float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float hh = h[i];
    if (hh < 1e-4f) { hu[i] = 0.f; hv[i] = 0.f; return; }
    float u = hu[i] / hh, v = hv[i] / hh;
    float cf = GRAV * nMan[i] * nMan[i] / cbrtf(hh) * sqrtf(u * u + v * v) / hh;
    float d = 1.f / (1.f + dt * cf);
    hu[i] *= d; hv[i] *= d;
}
