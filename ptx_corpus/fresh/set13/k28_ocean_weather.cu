// k28_ocean_weather.cu
// Geophysical fluid dynamics: weather / ocean model kernels on structured grids.
//  - shallow_water_rk_step:   2D shallow-water equations on a C-grid with Coriolis, one RK stage
//  - semi_lagrangian_advect:  semi-Lagrangian tracer advection with bicubic (Catmull-Rom)
//                             interpolation; 4x4 stencil array fully unrolled into registers
//  - column_physics_local:    single-column physics: 64-level moist adjustment with a thread-local
//                             profile and data-dependent level indices (convective plume top)
//  - vertical_tridiag_implicit: implicit vertical diffusion (Thomas algorithm, 48 levels, fully
//                             unrolled so the cp/dp sweeps stay in registers)

#define NLEV 64
#define NZ 48

extern "C" __global__ void shallow_water_rk_step(const float* __restrict__ h, const float* __restrict__ u,
                                                 const float* __restrict__ v, const float* __restrict__ fcor,
                                                 float* __restrict__ dh, float* __restrict__ du, float* __restrict__ dv,
                                                 int nx, int ny, float dx, float dy, float g, float nuVisc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny) return;
    int ip = (i + 1) % nx, im = (i - 1 + nx) % nx, jp = min(j + 1, ny - 1), jm = max(j - 1, 0);
#define IX(a, b) ((b) * nx + (a))
    float hc = h[IX(i, j)];
    float hE = 0.5f * (hc + h[IX(ip, j)]), hW = 0.5f * (hc + h[IX(im, j)]);
    float hN = 0.5f * (hc + h[IX(i, jp)]), hS = 0.5f * (hc + h[IX(i, jm)]);
    float uE = u[IX(ip, j)], uW = u[IX(i, j)], vN = v[IX(i, jp)], vS = v[IX(i, j)];
    dh[IX(i, j)] = -((hE * uE - hW * uW) / dx + (hN * vN - hS * vS) / dy);
    // u-point (i-1/2, j)
    float uc = u[IX(i, j)];
    float vbar = 0.25f * (v[IX(i, j)] + v[IX(im, j)] + v[IX(i, jp)] + v[IX(im, jp)]);
    float dudx = (u[IX(ip, j)] - u[IX(im, j)]) / (2.f * dx), dudy = (u[IX(i, jp)] - u[IX(i, jm)]) / (2.f * dy);
    float lapu = (u[IX(ip, j)] - 2.f * uc + u[IX(im, j)]) / (dx * dx) + (u[IX(i, jp)] - 2.f * uc + u[IX(i, jm)]) / (dy * dy);
    du[IX(i, j)] = -uc * dudx - vbar * dudy + fcor[j] * vbar - g * (hc - h[IX(im, j)]) / dx + nuVisc * lapu;
    float vc = v[IX(i, j)];
    float ubar = 0.25f * (u[IX(i, j)] + u[IX(ip, j)] + u[IX(i, jm)] + u[IX(ip, jm)]);
    float dvdx = (v[IX(ip, j)] - v[IX(im, j)]) / (2.f * dx), dvdy = (v[IX(i, jp)] - v[IX(i, jm)]) / (2.f * dy);
    float lapv = (v[IX(ip, j)] - 2.f * vc + v[IX(im, j)]) / (dx * dx) + (v[IX(i, jp)] - 2.f * vc + v[IX(i, jm)]) / (dy * dy);
    dv[IX(i, j)] = (j == 0) ? 0.f : -ubar * dvdx - vc * dvdy - fcor[j] * ubar - g * (hc - h[IX(i, jm)]) / dy + nuVisc * lapv;
#undef IX
}

__device__ __forceinline__ void cr_weights(float t, float w[4])
{
    float t2 = t * t, t3 = t2 * t;
    w[0] = -0.5f * t3 + t2 - 0.5f * t;
    w[1] = 1.5f * t3 - 2.5f * t2 + 1.f;
    w[2] = -1.5f * t3 + 2.f * t2 + 0.5f * t;
    w[3] = 0.5f * t3 - 0.5f * t2;
}

extern "C" __global__ void semi_lagrangian_advect(const float* __restrict__ q, const float* __restrict__ u,
                                                  const float* __restrict__ v, float dt, float dx, float dy,
                                                  int nx, int ny, float* __restrict__ qNew)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny) return;
    float x = i - dt * u[j * nx + i] / dx, y = j - dt * v[j * nx + i] / dy;
    // midpoint iteration for departure point
    int ii = min(max((int)(0.5f * (x + i)), 0), nx - 1), jj = min(max((int)(0.5f * (y + j)), 0), ny - 1);
    x = i - dt * u[jj * nx + ii] / dx; y = j - dt * v[jj * nx + ii] / dy;
    int x0 = (int)floorf(x), y0 = (int)floorf(y);
    float wx[4], wy[4];
    cr_weights(x - x0, wx); cr_weights(y - y0, wy);
    float s[4][4];
#pragma unroll
    for (int b = 0; b < 4; ++b)
#pragma unroll
        for (int a = 0; a < 4; ++a) {
            int xx = ((x0 + a - 1) % nx + nx) % nx;
            int yy = min(max(y0 + b - 1, 0), ny - 1);
            s[b][a] = q[yy * nx + xx];
        }
    float r = 0.f, mn = 1e30f, mx = -1e30f;
#pragma unroll
    for (int b = 0; b < 4; ++b) {
        float row = 0.f;
#pragma unroll
        for (int a = 0; a < 4; ++a) row += wx[a] * s[b][a];
        r += wy[b] * row;
    }
#pragma unroll
    for (int b = 1; b < 3; ++b)
#pragma unroll
        for (int a = 1; a < 3; ++a) { mn = fminf(mn, s[b][a]); mx = fmaxf(mx, s[b][a]); }
    qNew[j * nx + i] = fminf(fmaxf(r, mn), mx);   // monotone limiter
}

extern "C" __global__ void column_physics_local(const float* __restrict__ T, const float* __restrict__ qv,
                                                const float* __restrict__ p, int nCols,
                                                float* __restrict__ Tout, float* __restrict__ qout,
                                                float* __restrict__ precip, int* __restrict__ cloudTop)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nCols) return;
    float t[NLEV], q[NLEV], pr[NLEV];
    for (int k = 0; k < NLEV; ++k) { t[k] = T[(size_t)k * nCols + c]; q[k] = qv[(size_t)k * nCols + c]; pr[k] = p[(size_t)k * nCols + c]; }
    // find lifting condensation level (data dependent)
    int lcl = NLEV - 1;
    for (int k = NLEV - 1; k > 0; --k) {
        float es = 611.2f * __expf(17.67f * (t[k] - 273.15f) / (t[k] - 29.65f));
        float qs = 0.622f * es / pr[k];
        if (q[NLEV - 1] >= qs) { lcl = k; break; }
    }
    // parcel ascent from lcl to neutral buoyancy
    float tp = t[lcl];
    int top = lcl;
    for (int k = lcl - 1; k >= 0; --k) {
        tp -= 6.5e-3f * 287.f * t[k] / 9.81f * __logf(pr[k + 1] / pr[k]);
        if (tp < t[k]) break;
        top = k;
    }
    float rain = 0.f;
    for (int k = top; k <= lcl; ++k) {
        float es = 611.2f * __expf(17.67f * (t[k] - 273.15f) / (t[k] - 29.65f));
        float qs = 0.622f * es / pr[k];
        if (q[k] > qs) {
            float dq = (q[k] - qs) / (1.f + 2.5e6f * 2.5e6f * qs / (1004.f * 461.5f * t[k] * t[k]));
            q[k] -= dq; t[k] += 2.5e6f / 1004.f * dq;
            rain += dq * (pr[min(k + 1, NLEV - 1)] - pr[k]) / 9.81f;
        }
    }
    // relax column toward moist adiabat within the plume
    for (int k = top; k < lcl; ++k) t[k] = 0.9f * t[k] + 0.1f * t[k + 1];
    for (int k = 0; k < NLEV; ++k) { Tout[(size_t)k * nCols + c] = t[k]; qout[(size_t)k * nCols + c] = q[k]; }
    precip[c] = rain;
    cloudTop[c] = top;
}

extern "C" __global__ void vertical_tridiag_implicit(const float* __restrict__ phi, const float* __restrict__ Kz,
                                                     const float* __restrict__ dz, float dt, int nCols,
                                                     float* __restrict__ phiNew)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nCols) return;
    float cp[NZ], dp[NZ];
    float a, b, cc, d;
#pragma unroll
    for (int k = 0; k < NZ; ++k) {
        float kU = k > 0 ? Kz[(size_t)k * nCols + c] : 0.f;
        float kD = k < NZ - 1 ? Kz[(size_t)(k + 1) * nCols + c] : 0.f;
        float h = dz[k];
        a = -dt * kU / (h * h); cc = -dt * kD / (h * h); b = 1.f - a - cc;
        d = phi[(size_t)k * nCols + c];
        if (k == 0) { cp[0] = cc / b; dp[0] = d / b; }
        else {
            float m = 1.f / (b - a * cp[k - 1]);
            cp[k] = cc * m; dp[k] = (d - a * dp[k - 1]) * m;
        }
    }
    float x = dp[NZ - 1];
    phiNew[(size_t)(NZ - 1) * nCols + c] = x;
#pragma unroll
    for (int k = NZ - 2; k >= 0; --k) {
        x = dp[k] - cp[k] * x;
        phiNew[(size_t)k * nCols + c] = x;
    }
}
