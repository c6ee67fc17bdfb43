// Per-thread ODE integration: RK4 for Lorenz ensembles (float), RK4 for a 6-state two-body orbit with J2 (double), and adaptive Dormand-Prince 5(4) for a damped driven pendulum pair.
#include <cuda_runtime.h>

__device__ __forceinline__ void lorenz(const float* y, float* dy, float s, float r, float b)
{
    dy[0] = s * (y[1] - y[0]);
    dy[1] = y[0] * (r - y[2]) - y[1];
    dy[2] = y[0] * y[1] - b * y[2];
}

extern "C" __global__ void rk4_lorenz_ensemble(float3* __restrict__ state, const float* __restrict__ rho,
                                               float sigma, float beta, float h, int nSteps, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float3 s = state[i];
    float y[3] = {s.x, s.y, s.z};
    float r = rho[i];
    for (int step = 0; step < nSteps; ++step) {
        float k1[3], k2[3], k3[3], k4[3], t[3];
        lorenz(y, k1, sigma, r, beta);
#pragma unroll
        for (int j = 0; j < 3; ++j) t[j] = y[j] + 0.5f * h * k1[j];
        lorenz(t, k2, sigma, r, beta);
#pragma unroll
        for (int j = 0; j < 3; ++j) t[j] = y[j] + 0.5f * h * k2[j];
        lorenz(t, k3, sigma, r, beta);
#pragma unroll
        for (int j = 0; j < 3; ++j) t[j] = y[j] + h * k3[j];
        lorenz(t, k4, sigma, r, beta);
#pragma unroll
        for (int j = 0; j < 3; ++j) y[j] += h * (k1[j] + 2.f * k2[j] + 2.f * k3[j] + k4[j]) * (1.f / 6.f);
    }
    state[i] = make_float3(y[0], y[1], y[2]);
}

#define MU_EARTH 3.986004418e14
#define R_EARTH 6378137.0
#define J2_EARTH 1.08262668e-3

__device__ __forceinline__ void orbit_rhs(const double* y, double* dy)
{
    double x = y[0], yy = y[1], z = y[2];
    double r2 = x * x + yy * yy + z * z;
    double r = sqrt(r2);
    double ir3 = 1.0 / (r2 * r);
    double zr2 = z * z / r2;
    double k = 1.5 * J2_EARTH * R_EARTH * R_EARTH / r2;
    double fxy = -MU_EARTH * ir3 * (1.0 + k * (1.0 - 5.0 * zr2));
    double fz  = -MU_EARTH * ir3 * (1.0 + k * (3.0 - 5.0 * zr2));
    dy[0] = y[3]; dy[1] = y[4]; dy[2] = y[5];
    dy[3] = fxy * x; dy[4] = fxy * yy; dy[5] = fz * z;
}

extern "C" __global__ void rk4_orbit_j2_f64(double* __restrict__ states, double h, int nSteps, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double y[6];
#pragma unroll
    for (int j = 0; j < 6; ++j) y[j] = states[(size_t)i * 6 + j];
    for (int s = 0; s < nSteps; ++s) {
        double k1[6], k2[6], k3[6], k4[6], t[6];
        orbit_rhs(y, k1);
#pragma unroll
        for (int j = 0; j < 6; ++j) t[j] = fma(0.5 * h, k1[j], y[j]);
        orbit_rhs(t, k2);
#pragma unroll
        for (int j = 0; j < 6; ++j) t[j] = fma(0.5 * h, k2[j], y[j]);
        orbit_rhs(t, k3);
#pragma unroll
        for (int j = 0; j < 6; ++j) t[j] = fma(h, k3[j], y[j]);
        orbit_rhs(t, k4);
#pragma unroll
        for (int j = 0; j < 6; ++j) y[j] += h / 6.0 * (k1[j] + 2.0 * (k2[j] + k3[j]) + k4[j]);
    }
#pragma unroll
    for (int j = 0; j < 6; ++j) states[(size_t)i * 6 + j] = y[j];
}

// Two coupled damped, driven pendulums: state (th1, w1, th2, w2).
struct PendParams { double g_l, damping, coupling, drive, omegaD; };

__device__ __forceinline__ void pend_rhs(double t, const double* y, double* dy, const PendParams& p)
{
    double drive = p.drive * cos(p.omegaD * t);
    dy[0] = y[1];
    dy[1] = -p.g_l * sin(y[0]) - p.damping * y[1] + p.coupling * (y[2] - y[0]) + drive;
    dy[2] = y[3];
    dy[3] = -p.g_l * sin(y[2]) - p.damping * y[3] + p.coupling * (y[0] - y[2]);
}

extern "C" __global__ void __launch_bounds__(128)
dopri5_pendulum_f64(double* __restrict__ states, const PendParams* __restrict__ params,
                    double t0, double t1, double rtol, double atol, int maxSteps,
                    int* __restrict__ stepsTaken, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
    const double a21 = 1.0 / 5;
    const double a31 = 3.0 / 40, a32 = 9.0 / 40;
    const double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
    const double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729;
    const double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176, a65 = -5103.0 / 18656;
    const double b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784, b6 = 11.0 / 84;
    const double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200, e6 = 22.0 / 525, e7 = -1.0 / 40;

    PendParams p = params[i];
    double y[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) y[j] = states[(size_t)i * 4 + j];
    double t = t0, h = (t1 - t0) * 1e-3;
    double k1[4], k2[4], k3[4], k4[4], k5[4], k6[4], k7[4], yt[4], ynew[4];
    pend_rhs(t, y, k1, p);
    int steps = 0;
    while (t < t1 && steps < maxSteps) {
        if (t + h > t1) h = t1 - t;
#pragma unroll
        for (int j = 0; j < 4; ++j) yt[j] = y[j] + h * a21 * k1[j];
        pend_rhs(t + c2 * h, yt, k2, p);
#pragma unroll
        for (int j = 0; j < 4; ++j) yt[j] = y[j] + h * (a31 * k1[j] + a32 * k2[j]);
        pend_rhs(t + c3 * h, yt, k3, p);
#pragma unroll
        for (int j = 0; j < 4; ++j) yt[j] = y[j] + h * (a41 * k1[j] + a42 * k2[j] + a43 * k3[j]);
        pend_rhs(t + c4 * h, yt, k4, p);
#pragma unroll
        for (int j = 0; j < 4; ++j) yt[j] = y[j] + h * (a51 * k1[j] + a52 * k2[j] + a53 * k3[j] + a54 * k4[j]);
        pend_rhs(t + c5 * h, yt, k5, p);
#pragma unroll
        for (int j = 0; j < 4; ++j) yt[j] = y[j] + h * (a61 * k1[j] + a62 * k2[j] + a63 * k3[j] + a64 * k4[j] + a65 * k5[j]);
        pend_rhs(t + h, yt, k6, p);
#pragma unroll
        for (int j = 0; j < 4; ++j) ynew[j] = y[j] + h * (b1 * k1[j] + b3 * k3[j] + b4 * k4[j] + b5 * k5[j] + b6 * k6[j]);
        pend_rhs(t + h, ynew, k7, p);
        double err = 0.0;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            double ej = h * (e1 * k1[j] + e3 * k3[j] + e4 * k4[j] + e5 * k5[j] + e6 * k6[j] + e7 * k7[j]);
            double sc = atol + rtol * fmax(fabs(y[j]), fabs(ynew[j]));
            err += (ej / sc) * (ej / sc);
        }
        err = sqrt(err * 0.25);
        if (err <= 1.0) {
            t += h;
#pragma unroll
            for (int j = 0; j < 4; ++j) { y[j] = ynew[j]; k1[j] = k7[j]; }   // FSAL
        }
        double fac = 0.9 * pow(fmax(err, 1e-10), -0.2);
        h *= fmin(5.0, fmax(0.2, fac));
        ++steps;
    }
#pragma unroll
    for (int j = 0; j < 4; ++j) states[(size_t)i * 4 + j] = y[j];
    stepsTaken[i] = steps;
}
