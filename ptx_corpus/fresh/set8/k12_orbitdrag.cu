// Satellite orbit propagation with atmospheric drag: Cowell RK4 with J2..J4 zonal harmonics
// and a Harris-Priester-like exponential atmosphere (double precision), Kepler element
// conversion, and Monte Carlo decay-lifetime estimation with ballistic coefficient dispersion.
#include <cuda_runtime.h>

#define MU_E 398600.4418        // km^3/s^2
#define R_E 6378.137            // km
#define J2 1.08262668e-3
#define J3 -2.53265649e-6
#define J4 -1.61962159e-6
#define OMEGA_E 7.2921159e-5

__constant__ double c_rho_h[24];     // density table altitudes (km)
__constant__ double c_rho_v[24];     // base density kg/m^3
__constant__ double c_rho_H[24];     // scale heights (km)

__device__ double density(double alt)
{
    int lo = 0, hi = 23;
    if (alt < c_rho_h[0]) return c_rho_v[0];
    while (hi - lo > 1) {
        int mid = (lo + hi) >> 1;
        if (c_rho_h[mid] <= alt) lo = mid; else hi = mid;
    }
    return c_rho_v[lo] * exp(-(alt - c_rho_h[lo]) / c_rho_H[lo]);
}

__device__ void accel(const double *s, double Bc, double *a)
{
    double x = s[0], y = s[1], z = s[2];
    double r2 = x * x + y * y + z * z;
    double r = sqrt(r2);
    double ir = 1.0 / r, ir2 = ir * ir, ir3 = ir2 * ir;
    double zr = z * ir, zr2 = zr * zr;
    double Rr = R_E * ir, Rr2 = Rr * Rr;
    double k2 = 1.5 * J2 * Rr2;
    double fxy = 1.0 - k2 * (5.0 * zr2 - 1.0);
    double fz = 1.0 - k2 * (5.0 * zr2 - 3.0);
    // J3
    double k3 = 0.5 * J3 * Rr2 * Rr;
    fxy += -k3 * 5.0 * (7.0 * zr2 * zr - 3.0 * zr);
    fz += -k3 * (35.0 * zr2 * zr2 - 30.0 * zr2 + 3.0) / zr * (fabs(zr) > 1e-9 ? 1.0 : 0.0);
    // J4
    double k4 = (5.0 / 8.0) * J4 * Rr2 * Rr2;
    fxy += k4 * (3.0 - 42.0 * zr2 + 63.0 * zr2 * zr2);
    fz += k4 * (15.0 - 70.0 * zr2 + 63.0 * zr2 * zr2);
    double m = -MU_E * ir3;
    a[0] = m * x * fxy; a[1] = m * y * fxy; a[2] = m * z * fz;
    // drag with co-rotating atmosphere
    double vrx = s[3] + OMEGA_E * y, vry = s[4] - OMEGA_E * x, vrz = s[5];
    double vr = sqrt(vrx * vrx + vry * vry + vrz * vrz);
    double rho = density(r - R_E) * 1e9;      // kg/m^3 -> kg/km^3
    double k = -0.5 * rho * vr / Bc;          // Bc in kg/km^2 (m / (Cd A))
    a[0] += k * vrx; a[1] += k * vry; a[2] += k * vrz;
}

extern "C" __global__ void __launch_bounds__(128, 4) propagate_rk4_drag(double *__restrict__ states,      // [n][6] km, km/s
                                              const double *__restrict__ Bc, int n, double dt, int nsteps,
                                              double *__restrict__ alt_hist, int hist_every)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double s[6], k1[6], k2[6], k3[6], k4[6], t[6], a[3];
#pragma unroll
    for (int j = 0; j < 6; ++j) s[j] = states[i * 6 + j];
    double b = Bc[i];
    int nh = 0;
    for (int step = 0; step < nsteps; ++step) {
        accel(s, b, a);
        k1[0] = s[3]; k1[1] = s[4]; k1[2] = s[5]; k1[3] = a[0]; k1[4] = a[1]; k1[5] = a[2];
#pragma unroll
        for (int j = 0; j < 6; ++j) t[j] = s[j] + 0.5 * dt * k1[j];
        accel(t, b, a);
        k2[0] = t[3]; k2[1] = t[4]; k2[2] = t[5]; k2[3] = a[0]; k2[4] = a[1]; k2[5] = a[2];
#pragma unroll
        for (int j = 0; j < 6; ++j) t[j] = s[j] + 0.5 * dt * k2[j];
        accel(t, b, a);
        k3[0] = t[3]; k3[1] = t[4]; k3[2] = t[5]; k3[3] = a[0]; k3[4] = a[1]; k3[5] = a[2];
#pragma unroll
        for (int j = 0; j < 6; ++j) t[j] = s[j] + dt * k3[j];
        accel(t, b, a);
        k4[0] = t[3]; k4[1] = t[4]; k4[2] = t[5]; k4[3] = a[0]; k4[4] = a[1]; k4[5] = a[2];
#pragma unroll
        for (int j = 0; j < 6; ++j) s[j] += dt / 6.0 * (k1[j] + 2.0 * k2[j] + 2.0 * k3[j] + k4[j]);
        if (hist_every > 0 && (step % hist_every) == 0) {
            alt_hist[(size_t)i * (nsteps / hist_every + 1) + nh++] = sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]) - R_E;
        }
    }
#pragma unroll
    for (int j = 0; j < 6; ++j) states[i * 6 + j] = s[j];
}

// Cartesian state -> classical orbital elements (a, e, i, RAAN, argp, true anomaly)
extern "C" __global__ void rv_to_coe(const double *__restrict__ states, int n, double *__restrict__ coe)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const double *s = states + i * 6;
    double rx = s[0], ry = s[1], rz = s[2], vx = s[3], vy = s[4], vz = s[5];
    double r = sqrt(rx * rx + ry * ry + rz * rz);
    double v2 = vx * vx + vy * vy + vz * vz;
    double hx = ry * vz - rz * vy, hy = rz * vx - rx * vz, hz = rx * vy - ry * vx;
    double h = sqrt(hx * hx + hy * hy + hz * hz);
    double nx = -hy, ny = hx;
    double nn = sqrt(nx * nx + ny * ny);
    double rv = rx * vx + ry * vy + rz * vz;
    double ex = ((v2 - MU_E / r) * rx - rv * vx) / MU_E;
    double ey = ((v2 - MU_E / r) * ry - rv * vy) / MU_E;
    double ez = ((v2 - MU_E / r) * rz - rv * vz) / MU_E;
    double e = sqrt(ex * ex + ey * ey + ez * ez);
    double energy = 0.5 * v2 - MU_E / r;
    double a = -MU_E / (2.0 * energy);
    double inc = acos(fmin(fmax(hz / h, -1.0), 1.0));
    double raan = nn > 1e-12 ? atan2(ny, nx) : 0.0;
    if (raan < 0) raan += 2.0 * M_PI;
    double argp = 0.0, nu = 0.0;
    if (e > 1e-10 && nn > 1e-12) {
        argp = acos(fmin(fmax((nx * ex + ny * ey) / (nn * e), -1.0), 1.0));
        if (ez < 0) argp = 2.0 * M_PI - argp;
    }
    if (e > 1e-10) {
        nu = acos(fmin(fmax((ex * rx + ey * ry + ez * rz) / (e * r), -1.0), 1.0));
        if (rv < 0) nu = 2.0 * M_PI - nu;
    } else {
        nu = atan2(ry, rx);
    }
    double *o = coe + i * 6;
    o[0] = a; o[1] = e; o[2] = inc; o[3] = raan; o[4] = argp; o[5] = nu;
}

// Orbit-averaged decay (King-Hele style) for lifetime Monte Carlo in float, many samples per thread.
extern "C" __global__ void decay_lifetime_mc(const float2 *__restrict__ ae0, const float *__restrict__ Bc_mean,
                                             float Bc_sigma, float f107_sigma, int nsat, int nsamples,
                                             unsigned seed, float *__restrict__ mean_days)
{
    int i = blockIdx.x;
    float2 ae = ae0[i];
    float acc = 0.f;
    unsigned s = seed ^ (i * 2654435761u) ^ (threadIdx.x * 40503u);
    for (int k = threadIdx.x; k < nsamples; k += blockDim.x) {
        s = s * 1664525u + 1013904223u; float u1 = (s >> 8) * (1.f / 16777216.f) + 1e-7f;
        s = s * 1664525u + 1013904223u; float u2 = (s >> 8) * (1.f / 16777216.f);
        float g0 = sqrtf(-2.f * logf(u1)) * cospif(2.f * u2);
        float g1 = sqrtf(-2.f * logf(u1)) * sinpif(2.f * u2);
        float Bc = Bc_mean[i] * expf(Bc_sigma * g0);
        float scale = expf(f107_sigma * g1);
        float a = ae.x, e = ae.y;
        float days = 0.f;
        for (int it = 0; it < 4000; ++it) {
            float hp = a * (1.f - e) - 6378.137f;
            if (hp < 120.f) break;
            float rho = 3.6e-10f * scale * expf(-(hp - 200.f) / 40.f);
            float n = sqrtf(398600.4418f / (a * a * a));
            // da per day from drag, approximate
            float da = -rho * 1e9f / Bc * a * a * n * 86400.f * (1.f + e);
            float de = da / a * (1.f - e) * 0.5f;
            float step = fminf(1.f, 5.f / fmaxf(fabsf(da), 1e-6f));
            a += da * step; e = fmaxf(e + de * step, 0.f);
            days += step;
        }
        acc += days;
    }
    for (int o = 16; o; o >>= 1) acc += __shfl_down_sync(~0u, acc, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(mean_days + i, acc / nsamples);
}
