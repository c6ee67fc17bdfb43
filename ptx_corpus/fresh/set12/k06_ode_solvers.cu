// Numerical ODE integration of many independent systems: RK4 on the Lorenz
// system, adaptive Dormand-Prince 5(4) in double precision on a damped
// pendulum ensemble, and a batched implicit (backward Euler + Newton) step for
// a stiff 3-species Robertson kinetics problem.
#include <cuda_runtime.h>

extern "C" __global__ void lorenz_rk4(float3* __restrict__ state, const float3* __restrict__ params,
                                      int n, float dt, int nsteps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float3 s = state[i];
    float3 p = params[i];  // sigma, rho, beta
    for (int t = 0; t < nsteps; ++t) {
        float k1x = p.x * (s.y - s.x), k1y = s.x * (p.y - s.z) - s.y, k1z = s.x * s.y - p.z * s.z;
        float ax = s.x + 0.5f * dt * k1x, ay = s.y + 0.5f * dt * k1y, az = s.z + 0.5f * dt * k1z;
        float k2x = p.x * (ay - ax), k2y = ax * (p.y - az) - ay, k2z = ax * ay - p.z * az;
        ax = s.x + 0.5f * dt * k2x; ay = s.y + 0.5f * dt * k2y; az = s.z + 0.5f * dt * k2z;
        float k3x = p.x * (ay - ax), k3y = ax * (p.y - az) - ay, k3z = ax * ay - p.z * az;
        ax = s.x + dt * k3x; ay = s.y + dt * k3y; az = s.z + dt * k3z;
        float k4x = p.x * (ay - ax), k4y = ax * (p.y - az) - ay, k4z = ax * ay - p.z * az;
        s.x += dt / 6.f * (k1x + 2.f * k2x + 2.f * k3x + k4x);
        s.y += dt / 6.f * (k1y + 2.f * k2y + 2.f * k3y + k4y);
        s.z += dt / 6.f * (k1z + 2.f * k2z + 2.f * k3z + k4z);
    }
    state[i] = s;
}

// Double-precision coupled pendulum chain (4 bobs, 8 state vars) with
// adaptive Dormand-Prince; all seven stages live in registers.
#define NS 8
__device__ __forceinline__ void pend_rhs(const double* y, double* f, double g_l, double damp, double kc)
{
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        double th = y[2 * j], om = y[2 * j + 1];
        double left = (j > 0) ? y[2 * (j - 1)] : th;
        double right = (j < 3) ? y[2 * (j + 1)] : th;
        f[2 * j] = om;
        f[2 * j + 1] = -g_l * sin(th) - damp * om + kc * (left - 2.0 * th + right);
    }
}

extern "C" __global__ void pendulum_dopri5(double* __restrict__ Y, const double* __restrict__ P,
                                           int n, double t_end, double rtol, double atol,
                                           int* __restrict__ nsteps_out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double y[NS], k1[NS], k2[NS], k3[NS], k4[NS], k5[NS], k6[NS], k7[NS], yt[NS];
#pragma unroll
    for (int j = 0; j < NS; ++j) y[j] = Y[(size_t)i * NS + j];
    double g_l = P[3 * i], damp = P[3 * i + 1], kc = P[3 * i + 2];
    double t = 0.0, h = 1e-3;
    int steps = 0;
    pend_rhs(y, k1, g_l, damp, kc);
    while (t < t_end && steps < 100000) {
        if (t + h > t_end) h = t_end - t;
#pragma unroll
        for (int j = 0; j < NS; ++j) yt[j] = y[j] + h * (1.0 / 5) * k1[j];
        pend_rhs(yt, k2, g_l, damp, kc);
#pragma unroll
        for (int j = 0; j < NS; ++j) yt[j] = y[j] + h * (3.0 / 40 * k1[j] + 9.0 / 40 * k2[j]);
        pend_rhs(yt, k3, g_l, damp, kc);
#pragma unroll
        for (int j = 0; j < NS; ++j) yt[j] = y[j] + h * (44.0 / 45 * k1[j] - 56.0 / 15 * k2[j] + 32.0 / 9 * k3[j]);
        pend_rhs(yt, k4, g_l, damp, kc);
#pragma unroll
        for (int j = 0; j < NS; ++j)
            yt[j] = y[j] + h * (19372.0 / 6561 * k1[j] - 25360.0 / 2187 * k2[j] + 64448.0 / 6561 * k3[j] - 212.0 / 729 * k4[j]);
        pend_rhs(yt, k5, g_l, damp, kc);
#pragma unroll
        for (int j = 0; j < NS; ++j)
            yt[j] = y[j] + h * (9017.0 / 3168 * k1[j] - 355.0 / 33 * k2[j] + 46732.0 / 5247 * k3[j] + 49.0 / 176 * k4[j] - 5103.0 / 18656 * k5[j]);
        pend_rhs(yt, k6, g_l, damp, kc);
#pragma unroll
        for (int j = 0; j < NS; ++j)
            yt[j] = y[j] + h * (35.0 / 384 * k1[j] + 500.0 / 1113 * k3[j] + 125.0 / 192 * k4[j] - 2187.0 / 6784 * k5[j] + 11.0 / 84 * k6[j]);
        pend_rhs(yt, k7, g_l, damp, kc);
        double err = 0.0;
#pragma unroll
        for (int j = 0; j < NS; ++j) {
            double e = h * (71.0 / 57600 * k1[j] - 71.0 / 16695 * k3[j] + 71.0 / 1920 * k4[j]
                            - 17253.0 / 339200 * k5[j] + 22.0 / 525 * k6[j] - 1.0 / 40 * k7[j]);
            double sc = atol + rtol * fmax(fabs(y[j]), fabs(yt[j]));
            err = fmax(err, fabs(e) / sc);
        }
        if (err <= 1.0) {
            t += h;
#pragma unroll
            for (int j = 0; j < NS; ++j) { y[j] = yt[j]; k1[j] = k7[j]; }
        }
        double fac = 0.9 * pow(fmax(err, 1e-10), -0.2);
        h *= fmin(5.0, fmax(0.2, fac));
        ++steps;
    }
#pragma unroll
    for (int j = 0; j < NS; ++j) Y[(size_t)i * NS + j] = y[j];
    nsteps_out[i] = steps;
}

// Robertson stiff kinetics, backward Euler with Newton iterations and an
// explicit 3x3 Gaussian elimination on the Jacobian.
extern "C" __global__ void robertson_beuler(double3* __restrict__ Y, int n, double h, int nsteps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const double k1 = 0.04, k2 = 3e7, k3 = 1e4;
    double3 y = Y[i];
    for (int s = 0; s < nsteps; ++s) {
        double a = y.x, b = y.y, c = y.z;
        for (int it = 0; it < 4; ++it) {
            double f0 = -k1 * a + k3 * b * c;
            double f1 = k1 * a - k3 * b * c - k2 * b * b;
            double f2 = k2 * b * b;
            double r0 = a - y.x - h * f0, r1 = b - y.y - h * f1, r2 = c - y.z - h * f2;
            double J00 = 1 + h * k1, J01 = -h * k3 * c, J02 = -h * k3 * b;
            double J10 = -h * k1, J11 = 1 + h * (k3 * c + 2 * k2 * b), J12 = h * k3 * b;
            double J20 = 0.0, J21 = -h * 2 * k2 * b, J22 = 1.0;
            double m1 = J10 / J00, m2 = J20 / J00;
            J11 -= m1 * J01; J12 -= m1 * J02; r1 -= m1 * r0;
            J21 -= m2 * J01; J22 -= m2 * J02; r2 -= m2 * r0;
            double m3 = J21 / J11;
            J22 -= m3 * J12; r2 -= m3 * r1;
            double dc = r2 / J22;
            double db = (r1 - J12 * dc) / J11;
            double da = (r0 - J01 * db - J02 * dc) / J00;
            a -= da; b -= db; c -= dc;
        }
        y = make_double3(a, b, c);
    }
    Y[i] = y;
}
