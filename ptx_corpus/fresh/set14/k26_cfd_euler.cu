// Domain: compressible CFD (finite-volume Euler solvers)
// roe_flux_1d_double     - Roe approximate Riemann flux at 1D interfaces, double, __noinline__ Roe averaging
// weno5_euler_x          - 5th-order WENO reconstruction of 5 conserved variables per interface (many live floats)
// weno5_euler_x_lb       - same reconstruction with __launch_bounds__(128,12)
// muscl_minmod_2d        - MUSCL slope-limited face states for a scalar field on a 2D grid

__device__ __noinline__ double roe_avg(double a, double b, double sl, double sr)
{
    return (sl * a + sr * b) / (sl + sr);
}

extern "C" __global__ void roe_flux_1d_double(const double *__restrict__ rho, const double *__restrict__ mom,
                                              const double *__restrict__ ener, double *__restrict__ flux,
                                              int n, double gamma)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n - 1) return;
    double rl = rho[i], rr = rho[i + 1];
    double ul = mom[i] / rl, ur = mom[i + 1] / rr;
    double El = ener[i], Er = ener[i + 1];
    double pl = (gamma - 1.0) * (El - 0.5 * rl * ul * ul);
    double pr = (gamma - 1.0) * (Er - 0.5 * rr * ur * ur);
    double hl = (El + pl) / rl, hr = (Er + pr) / rr;
    double sl = sqrt(rl), sr = sqrt(rr);
    double u = roe_avg(ul, ur, sl, sr), h = roe_avg(hl, hr, sl, sr);
    double a = sqrt(fmax((gamma - 1.0) * (h - 0.5 * u * u), 1e-12));
    double dr = rr - rl, du = ur - ul, dp = pr - pl;
    double rhoa = sl * sr;
    double a1 = (dp - rhoa * a * du) / (2.0 * a * a);
    double a2 = dr - dp / (a * a);
    double a3 = (dp + rhoa * a * du) / (2.0 * a * a);
    double l1 = fabs(u - a), l2 = fabs(u), l3 = fabs(u + a);
    // Harten entropy fix
    double eps = 0.1 * a;
    if (l1 < eps) l1 = (l1 * l1 + eps * eps) / (2.0 * eps);
    if (l3 < eps) l3 = (l3 * l3 + eps * eps) / (2.0 * eps);
    double fl0 = rl * ul, fl1 = rl * ul * ul + pl, fl2 = ul * (El + pl);
    double fr0 = rr * ur, fr1 = rr * ur * ur + pr, fr2 = ur * (Er + pr);
    double d0 = l1 * a1 + l2 * a2 + l3 * a3;
    double d1 = l1 * a1 * (u - a) + l2 * a2 * u + l3 * a3 * (u + a);
    double d2 = l1 * a1 * (h - u * a) + l2 * a2 * 0.5 * u * u + l3 * a3 * (h + u * a);
    flux[3 * i + 0] = 0.5 * (fl0 + fr0 - d0);
    flux[3 * i + 1] = 0.5 * (fl1 + fr1 - d1);
    flux[3 * i + 2] = 0.5 * (fl2 + fr2 - d2);
}

__device__ __forceinline__ float weno5(float vm2, float vm1, float v0, float vp1, float vp2)
{
    const float eps = 1e-6f;
    float b0 = 13.f / 12.f * (vm2 - 2.f * vm1 + v0) * (vm2 - 2.f * vm1 + v0) + 0.25f * (vm2 - 4.f * vm1 + 3.f * v0) * (vm2 - 4.f * vm1 + 3.f * v0);
    float b1 = 13.f / 12.f * (vm1 - 2.f * v0 + vp1) * (vm1 - 2.f * v0 + vp1) + 0.25f * (vm1 - vp1) * (vm1 - vp1);
    float b2 = 13.f / 12.f * (v0 - 2.f * vp1 + vp2) * (v0 - 2.f * vp1 + vp2) + 0.25f * (3.f * v0 - 4.f * vp1 + vp2) * (3.f * v0 - 4.f * vp1 + vp2);
    float a0 = 0.1f / ((eps + b0) * (eps + b0));
    float a1 = 0.6f / ((eps + b1) * (eps + b1));
    float a2 = 0.3f / ((eps + b2) * (eps + b2));
    float q0 = (2.f * vm2 - 7.f * vm1 + 11.f * v0) / 6.f;
    float q1 = (-vm1 + 5.f * v0 + 2.f * vp1) / 6.f;
    float q2 = (2.f * v0 + 5.f * vp1 - vp2) / 6.f;
    return (a0 * q0 + a1 * q1 + a2 * q2) / (a0 + a1 + a2);
}

#define NV 5
__device__ __forceinline__ void weno5_body(const float *__restrict__ U, float *__restrict__ UL,
                                           float *__restrict__ UR, int nx, int ny)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + 2;
    int j = blockIdx.y;
    if (i >= nx - 3 || j >= ny) return;
    size_t N = (size_t)nx * ny;
    float s[NV][6];
#pragma unroll
    for (int v = 0; v < NV; ++v)
#pragma unroll
        for (int k = 0; k < 6; ++k) s[v][k] = U[v * N + (size_t)j * nx + i - 2 + k];
    // characteristic-like scaling by local sound speed to couple the variables
    float rho = s[0][2], u = s[1][2] / rho, vv = s[2][2] / rho, w = s[3][2] / rho;
    float p = 0.4f * (s[4][2] - 0.5f * rho * (u * u + vv * vv + w * w));
    float c = sqrtf(1.4f * fmaxf(p, 1e-6f) / rho);
    float lam = fabsf(u) + c;
    size_t o = (size_t)j * nx + i;
#pragma unroll
    for (int v = 0; v < NV; ++v) {
        float fp[6], fm[6];
#pragma unroll
        for (int k = 0; k < 6; ++k) {
            float flux = s[v][k] * (s[1][k] / s[0][k]);
            fp[k] = 0.5f * (flux + lam * s[v][k]);
            fm[k] = 0.5f * (flux - lam * s[v][k]);
        }
        UL[v * N + o] = weno5(fp[0], fp[1], fp[2], fp[3], fp[4]);
        UR[v * N + o] = weno5(fm[5], fm[4], fm[3], fm[2], fm[1]);
    }
}

extern "C" __global__ void weno5_euler_x(const float *__restrict__ U, float *__restrict__ UL,
                                         float *__restrict__ UR, int nx, int ny)
{
    weno5_body(U, UL, UR, nx, ny);
}

extern "C" __global__ void __launch_bounds__(128, 12)
weno5_euler_x_lb(const float *__restrict__ U, float *__restrict__ UL, float *__restrict__ UR, int nx, int ny)
{
    weno5_body(U, UL, UR, nx, ny);
}

__device__ __forceinline__ float minmod(float a, float b)
{
    return (a * b <= 0.f) ? 0.f : (fabsf(a) < fabsf(b) ? a : b);
}

extern "C" __global__ void muscl_minmod_2d(const float *q, float *qxL, float *qxR, float *qyL, float *qyR,
                                           int nx, int ny)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < 1 || j < 1 || i >= nx - 1 || j >= ny - 1) return;
    int c = j * nx + i;
    float qc = q[c];
    float sx = minmod(qc - q[c - 1], q[c + 1] - qc);
    float sy = minmod(qc - q[c - nx], q[c + nx] - qc);
    qxL[c] = qc - 0.5f * sx;
    qxR[c] = qc + 0.5f * sx;
    qyL[c] = qc - 0.5f * sy;
    qyR[c] = qc + 0.5f * sy;
}
