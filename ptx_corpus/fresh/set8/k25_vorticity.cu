// 2D incompressible Navier-Stokes in vorticity-streamfunction form: Arakawa Jacobian for the
// advection term with viscous diffusion (double precision), red-black SOR for the Poisson
// equation, velocity recovery, and a semi-Lagrangian vorticity advection with cubic
// (Catmull-Rom) interpolation on a periodic grid.
#include <cuda_runtime.h>

__device__ __forceinline__ int wrap(int i, int n) { return i < 0 ? i + n : (i >= n ? i - n : i); }

extern "C" __global__ void arakawa_rhs(const double *__restrict__ w, const double *__restrict__ psi,
                                       double *__restrict__ rhs, int nx, int ny, double dx, double dy,
                                       double nu, double beta)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny) return;
    int ip = wrap(i + 1, nx), im = wrap(i - 1, nx), jp = wrap(j + 1, ny), jm = wrap(j - 1, ny);
#define W(a, b) w[(b) * nx + (a)]
#define S(a, b) psi[(b) * nx + (a)]
    double J1 = (W(ip, j) - W(im, j)) * (S(i, jp) - S(i, jm)) - (W(i, jp) - W(i, jm)) * (S(ip, j) - S(im, j));
    double J2 = W(ip, j) * (S(ip, jp) - S(ip, jm)) - W(im, j) * (S(im, jp) - S(im, jm))
              - W(i, jp) * (S(ip, jp) - S(im, jp)) + W(i, jm) * (S(ip, jm) - S(im, jm));
    double J3 = W(ip, jp) * (S(i, jp) - S(ip, j)) - W(im, jm) * (S(im, j) - S(i, jm))
              - W(im, jp) * (S(i, jp) - S(im, j)) + W(ip, jm) * (S(ip, j) - S(i, jm));
    double J = -(J1 + J2 + J3) / (12.0 * dx * dy);
    double lap = (W(ip, j) - 2.0 * W(i, j) + W(im, j)) / (dx * dx) + (W(i, jp) - 2.0 * W(i, j) + W(i, jm)) / (dy * dy);
    double vpsi = (S(ip, j) - S(im, j)) / (2.0 * dx);     // meridional velocity for beta-plane
#undef W
#undef S
    rhs[j * nx + i] = J + nu * lap - beta * vpsi;
}

// One colour of red-black SOR for  lap(psi) = -w ; also accumulates squared residual.
extern "C" __global__ void poisson_sor_rb(double *__restrict__ psi, const double *__restrict__ w,
                                          int nx, int ny, double dx, double dy, double omega, int color,
                                          double *__restrict__ res2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
    double r2 = 0.0;
    if (i < nx && j < ny && ((i + j) & 1) == color) {
        int ip = wrap(i + 1, nx), im = wrap(i - 1, nx), jp = wrap(j + 1, ny), jm = wrap(j - 1, ny);
        double ax = 1.0 / (dx * dx), ay = 1.0 / (dy * dy);
        double c = psi[j * nx + i];
        double nb = ax * (psi[j * nx + ip] + psi[j * nx + im]) + ay * (psi[jp * nx + i] + psi[jm * nx + i]);
        double diag = 2.0 * (ax + ay);
        double r = nb - diag * c + w[j * nx + i];
        psi[j * nx + i] = c + omega * r / diag;
        r2 = r * r;
    }
    for (int o = 16; o; o >>= 1) r2 += __shfl_down_sync(~0u, r2, o);
    if (((threadIdx.y * blockDim.x + threadIdx.x) & 31) == 0) atomicAdd(res2, r2);
}

__device__ __forceinline__ float cr_weight(float t, int k)
{
    float t2 = t * t, t3 = t2 * t;
    switch (k) {
        case 0: return -0.5f * t3 + t2 - 0.5f * t;
        case 1: return 1.5f * t3 - 2.5f * t2 + 1.f;
        case 2: return -1.5f * t3 + 2.f * t2 + 0.5f * t;
        default: return 0.5f * t3 - 0.5f * t2;
    }
}

// Semi-Lagrangian advection with RK2 backtrace and bicubic Catmull-Rom sampling (clamped to
// the local min/max to remain monotone).
extern "C" __global__ void semi_lagrangian_cubic(const float *__restrict__ w, const float2 *__restrict__ vel,
                                                 float *__restrict__ w_out, int nx, int ny, float dt_over_dx)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny) return;
    float2 v = vel[j * nx + i];
    float mx = i - 0.5f * dt_over_dx * v.x, my = j - 0.5f * dt_over_dx * v.y;
    int mi = (int)floorf(mx), mj = (int)floorf(my);
    float fx = mx - mi, fy = my - mj;
    float2 a = vel[wrap(mj, ny) * nx + wrap(mi, nx)], b = vel[wrap(mj, ny) * nx + wrap(mi + 1, nx)];
    float2 c = vel[wrap(mj + 1, ny) * nx + wrap(mi, nx)], d = vel[wrap(mj + 1, ny) * nx + wrap(mi + 1, nx)];
    float vx = (1 - fy) * ((1 - fx) * a.x + fx * b.x) + fy * ((1 - fx) * c.x + fx * d.x);
    float vy = (1 - fy) * ((1 - fx) * a.y + fx * b.y) + fy * ((1 - fx) * c.y + fx * d.y);
    float px = i - dt_over_dx * vx, py = j - dt_over_dx * vy;
    int pi = (int)floorf(px), pj = (int)floorf(py);
    float tx = px - pi, ty = py - pj;
    float wx[4], wy[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) { wx[k] = cr_weight(tx, k); wy[k] = cr_weight(ty, k); }
    float val = 0.f, lo = 1e30f, hi = -1e30f;
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        int yy = wrap(pj - 1 + q, ny);
        float row = 0.f;
#pragma unroll
        for (int p = 0; p < 4; ++p) {
            float s = __ldg(w + yy * nx + wrap(pi - 1 + p, nx));
            row += wx[p] * s;
            if ((p == 1 || p == 2) && (q == 1 || q == 2)) { lo = fminf(lo, s); hi = fmaxf(hi, s); }
        }
        val += wy[q] * row;
    }
    w_out[j * nx + i] = fminf(fmaxf(val, lo), hi);
}

// Velocity from streamfunction plus CFL diagnostic (max |u|) via warp reduction and atomicMax on bits.
extern "C" __global__ void velocity_from_psi(const double *__restrict__ psi, float2 *__restrict__ vel, int nx, int ny,
                                             double dx, double dy, unsigned *__restrict__ max_speed_bits)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
    float s = 0.f;
    if (i < nx && j < ny) {
        double u = (psi[wrap(j + 1, ny) * nx + i] - psi[wrap(j - 1, ny) * nx + i]) / (2.0 * dy);
        double v = -(psi[j * nx + wrap(i + 1, nx)] - psi[j * nx + wrap(i - 1, nx)]) / (2.0 * dx);
        vel[j * nx + i] = make_float2((float)u, (float)v);
        s = (float)sqrt(u * u + v * v);
    }
    for (int o = 16; o; o >>= 1) s = fmaxf(s, __shfl_down_sync(~0u, s, o));
    if (((threadIdx.y * blockDim.x + threadIdx.x) & 31) == 0) atomicMax(max_speed_bits, __float_as_uint(s));
}
