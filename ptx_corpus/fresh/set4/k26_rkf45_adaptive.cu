// Adaptive Runge-Kutta-Fehlberg 4(5) integration per thread: stiff-ish chemical kinetics (Robertson-like, 6 species, double), damped pendulum ensemble (float), and Dormand-Prince dense-output step.
#include <cuda_runtime.h>

#define NS 6

// reaction network: A->B, B+B->C+B, B+C->A+C, C->D, D+E<->F ; rate constants per thread (ensemble over parameters)
__device__ __noinline__ void kinetics_rhs(const double* y, const double* k, double* dy)
{
    double r0 = k[0] * y[0];
    double r1 = k[1] * y[1] * y[1];
    double r2 = k[2] * y[1] * y[2];
    double r3 = k[3] * y[2];
    double r4 = k[4] * y[3] * y[4] - k[5] * y[5];
    dy[0] = -r0 + r2;
    dy[1] = r0 - r1 - r2;
    dy[2] = r1 - r3;
    dy[3] = r3 - r4;
    dy[4] = -r4;
    dy[5] = r4;
}

extern "C" __global__ void
rkf45_kinetics_ensemble(const double* __restrict__ y0, const double* __restrict__ rates /*6 per system*/,
                        double tEnd, double h0, double rtol, double atol, int maxSteps,
                        double* __restrict__ yOut, int* __restrict__ stepsTaken, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double y[NS], k[6];
    for (int s = 0; s < NS; ++s) y[s] = y0[(size_t)i * NS + s];
    for (int s = 0; s < 6; ++s) k[s] = rates[(size_t)i * 6 + s];
    double t = 0.0, h = h0;
    int steps = 0;
    double k1[NS], k2[NS], k3[NS], k4[NS], k5[NS], k6[NS], yt[NS];
    while (t < tEnd && steps < maxSteps) {
        if (t + h > tEnd) h = tEnd - t;
        kinetics_rhs(y, k, k1);
        for (int s = 0; s < NS; ++s) yt[s] = y[s] + h * (1.0 / 4) * k1[s];
        kinetics_rhs(yt, k, k2);
        for (int s = 0; s < NS; ++s) yt[s] = y[s] + h * (3.0 / 32 * k1[s] + 9.0 / 32 * k2[s]);
        kinetics_rhs(yt, k, k3);
        for (int s = 0; s < NS; ++s) yt[s] = y[s] + h * (1932.0 / 2197 * k1[s] - 7200.0 / 2197 * k2[s] + 7296.0 / 2197 * k3[s]);
        kinetics_rhs(yt, k, k4);
        for (int s = 0; s < NS; ++s) yt[s] = y[s] + h * (439.0 / 216 * k1[s] - 8.0 * k2[s] + 3680.0 / 513 * k3[s] - 845.0 / 4104 * k4[s]);
        kinetics_rhs(yt, k, k5);
        for (int s = 0; s < NS; ++s) yt[s] = y[s] + h * (-8.0 / 27 * k1[s] + 2.0 * k2[s] - 3544.0 / 2565 * k3[s] + 1859.0 / 4104 * k4[s] - 11.0 / 40 * k5[s]);
        kinetics_rhs(yt, k, k6);
        double err = 0.0;
        double y5[NS];
        for (int s = 0; s < NS; ++s) {
            double y4 = y[s] + h * (25.0 / 216 * k1[s] + 1408.0 / 2565 * k3[s] + 2197.0 / 4104 * k4[s] - 0.2 * k5[s]);
            y5[s] = y[s] + h * (16.0 / 135 * k1[s] + 6656.0 / 12825 * k3[s] + 28561.0 / 56430 * k4[s] - 9.0 / 50 * k5[s] + 2.0 / 55 * k6[s]);
            double sc = atol + rtol * fmax(fabs(y[s]), fabs(y5[s]));
            double e = (y5[s] - y4) / sc;
            err += e * e;
        }
        err = sqrt(err / NS);
        if (err <= 1.0) {
            t += h;
            for (int s = 0; s < NS; ++s) y[s] = y5[s];
        }
        double fac = err > 0.0 ? 0.9 * pow(err, -0.2) : 5.0;
        h *= fmin(5.0, fmax(0.2, fac));
        ++steps;
    }
    for (int s = 0; s < NS; ++s) yOut[(size_t)i * NS + s] = y[s];
    stepsTaken[i] = steps;
}

// float RKF45 for a driven damped pendulum ensemble, state in registers, until T; records final state and energy
extern "C" __global__ void __launch_bounds__(256, 4)
rkf45_pendulum_f32(const float2* __restrict__ init, const float* __restrict__ damping, float drive, float omegaD,
                   float tEnd, float tol, float2* __restrict__ out, float* __restrict__ energy, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float th = init[i].x, w = init[i].y, c = damping[i];
    float t = 0.f, h = 1e-2f;
    auto f = [&](float tt, float a, float b, float& da, float& db) { da = b; db = -c * b - __sinf(a) + drive * __cosf(omegaD * tt); };
    for (int it = 0; it < 100000 && t < tEnd; ++it) {
        if (t + h > tEnd) h = tEnd - t;
        float a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6;
        f(t, th, w, a1, b1);
        f(t + h / 4, th + h * a1 / 4, w + h * b1 / 4, a2, b2);
        f(t + 3 * h / 8, th + h * (3 * a1 + 9 * a2) / 32, w + h * (3 * b1 + 9 * b2) / 32, a3, b3);
        f(t + 12 * h / 13, th + h * (1932 * a1 - 7200 * a2 + 7296 * a3) / 2197, w + h * (1932 * b1 - 7200 * b2 + 7296 * b3) / 2197, a4, b4);
        f(t + h, th + h * (439.f / 216 * a1 - 8 * a2 + 3680.f / 513 * a3 - 845.f / 4104 * a4),
          w + h * (439.f / 216 * b1 - 8 * b2 + 3680.f / 513 * b3 - 845.f / 4104 * b4), a5, b5);
        f(t + h / 2, th + h * (-8.f / 27 * a1 + 2 * a2 - 3544.f / 2565 * a3 + 1859.f / 4104 * a4 - 11.f / 40 * a5),
          w + h * (-8.f / 27 * b1 + 2 * b2 - 3544.f / 2565 * b3 + 1859.f / 4104 * b4 - 11.f / 40 * b5), a6, b6);
        float ea = h * (1.f / 360 * a1 - 128.f / 4275 * a3 - 2197.f / 75240 * a4 + 1.f / 50 * a5 + 2.f / 55 * a6);
        float eb = h * (1.f / 360 * b1 - 128.f / 4275 * b3 - 2197.f / 75240 * b4 + 1.f / 50 * b5 + 2.f / 55 * b6);
        float err = fmaxf(fabsf(ea), fabsf(eb)) / tol;
        if (err <= 1.f) {
            th += h * (16.f / 135 * a1 + 6656.f / 12825 * a3 + 28561.f / 56430 * a4 - 9.f / 50 * a5 + 2.f / 55 * a6);
            w += h * (16.f / 135 * b1 + 6656.f / 12825 * b3 + 28561.f / 56430 * b4 - 9.f / 50 * b5 + 2.f / 55 * b6);
            t += h;
        }
        h *= fminf(4.f, fmaxf(0.1f, 0.84f * __powf(1.f / fmaxf(err, 1e-10f), 0.25f)));
    }
    out[i] = make_float2(th, w);
    energy[i] = 0.5f * w * w + (1.f - __cosf(th));
}

struct LVParams { double x, y, z, w; };  // alpha, beta, gamma, delta

// Dormand-Prince 5(4) single fixed step with dense output at 4 interior points (Lotka-Volterra 2-species, double)
extern "C" __global__ void
dopri5_step_dense(const double2* __restrict__ y, const LVParams* __restrict__ params, double h,
                  double2* __restrict__ yNext, double2* __restrict__ dense /*4 per system*/, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    LVParams p = params[i];
    const double c21 = 1.0 / 5, c31 = 3.0 / 40, c32 = 9.0 / 40, c41 = 44.0 / 45, c42 = -56.0 / 15, c43 = 32.0 / 9;
    const double c51 = 19372.0 / 6561, c52 = -25360.0 / 2187, c53 = 64448.0 / 6561, c54 = -212.0 / 729;
    const double c61 = 9017.0 / 3168, c62 = -355.0 / 33, c63 = 46732.0 / 5247, c64 = 49.0 / 176, c65 = -5103.0 / 18656;
    const double b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784, b6 = 11.0 / 84;
    double kx[7], ky[7];
    double x0 = y[i].x, y0 = y[i].y;
    auto f = [&](double X, double Y, double& dx, double& dy) { dx = p.x * X - p.y * X * Y; dy = p.w * X * Y - p.z * Y; };
    f(x0, y0, kx[0], ky[0]);
    f(x0 + h * c21 * kx[0], y0 + h * c21 * ky[0], kx[1], ky[1]);
    f(x0 + h * (c31 * kx[0] + c32 * kx[1]), y0 + h * (c31 * ky[0] + c32 * ky[1]), kx[2], ky[2]);
    f(x0 + h * (c41 * kx[0] + c42 * kx[1] + c43 * kx[2]), y0 + h * (c41 * ky[0] + c42 * ky[1] + c43 * ky[2]), kx[3], ky[3]);
    f(x0 + h * (c51 * kx[0] + c52 * kx[1] + c53 * kx[2] + c54 * kx[3]), y0 + h * (c51 * ky[0] + c52 * ky[1] + c53 * ky[2] + c54 * ky[3]), kx[4], ky[4]);
    f(x0 + h * (c61 * kx[0] + c62 * kx[1] + c63 * kx[2] + c64 * kx[3] + c65 * kx[4]),
      y0 + h * (c61 * ky[0] + c62 * ky[1] + c63 * ky[2] + c64 * ky[3] + c65 * ky[4]), kx[5], ky[5]);
    double x1 = x0 + h * (b1 * kx[0] + b3 * kx[2] + b4 * kx[3] + b5 * kx[4] + b6 * kx[5]);
    double y1 = y0 + h * (b1 * ky[0] + b3 * ky[2] + b4 * ky[3] + b5 * ky[4] + b6 * ky[5]);
    f(x1, y1, kx[6], ky[6]);
    yNext[i] = make_double2(x1, y1);
    // Hermite cubic dense output using endpoints and derivatives
#pragma unroll
    for (int q = 1; q <= 4; ++q) {
        double th = q / 5.0, th2 = th * th, th3 = th2 * th;
        double h00 = 2 * th3 - 3 * th2 + 1, h10 = th3 - 2 * th2 + th, h01 = -2 * th3 + 3 * th2, h11 = th3 - th2;
        dense[(size_t)i * 4 + q - 1] = make_double2(h00 * x0 + h10 * h * kx[0] + h01 * x1 + h11 * h * kx[6],
                                                    h00 * y0 + h10 * h * ky[0] + h01 * y1 + h11 * h * ky[6]);
    }
}
