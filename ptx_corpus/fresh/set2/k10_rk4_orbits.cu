struct State { double x, y, z, vx, vy, vz; };

__device__ __forceinline__ void deriv(const State& s, double mu, double j2, double re, State& d)
{
    double r2 = s.x * s.x + s.y * s.y + s.z * s.z;
    double r = sqrt(r2);
    double ir3 = 1.0 / (r2 * r);
    double z2 = s.z * s.z / r2;
    double k = 1.5 * j2 * re * re / r2;
    double fxy = -mu * ir3 * (1.0 + k * (1.0 - 5.0 * z2));
    double fz = -mu * ir3 * (1.0 + k * (3.0 - 5.0 * z2));
    d.x = s.vx; d.y = s.vy; d.z = s.vz;
    d.vx = fxy * s.x; d.vy = fxy * s.y; d.vz = fz * s.z;
}

extern "C" __global__ void __maxnreg__(72) rk4_j2_propagate(double* __restrict__ states, int n, double dt, int steps,
    double mu, double j2, double re)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    State s;
    double* p = states + 6 * i;
    s.x = p[0]; s.y = p[1]; s.z = p[2]; s.vx = p[3]; s.vy = p[4]; s.vz = p[5];
    for (int t = 0; t < steps; ++t) {
        State k1, k2, k3, k4, tmp;
        deriv(s, mu, j2, re, k1);
        tmp.x = s.x + 0.5 * dt * k1.x; tmp.y = s.y + 0.5 * dt * k1.y; tmp.z = s.z + 0.5 * dt * k1.z;
        tmp.vx = s.vx + 0.5 * dt * k1.vx; tmp.vy = s.vy + 0.5 * dt * k1.vy; tmp.vz = s.vz + 0.5 * dt * k1.vz;
        deriv(tmp, mu, j2, re, k2);
        tmp.x = s.x + 0.5 * dt * k2.x; tmp.y = s.y + 0.5 * dt * k2.y; tmp.z = s.z + 0.5 * dt * k2.z;
        tmp.vx = s.vx + 0.5 * dt * k2.vx; tmp.vy = s.vy + 0.5 * dt * k2.vy; tmp.vz = s.vz + 0.5 * dt * k2.vz;
        deriv(tmp, mu, j2, re, k3);
        tmp.x = s.x + dt * k3.x; tmp.y = s.y + dt * k3.y; tmp.z = s.z + dt * k3.z;
        tmp.vx = s.vx + dt * k3.vx; tmp.vy = s.vy + dt * k3.vy; tmp.vz = s.vz + dt * k3.vz;
        deriv(tmp, mu, j2, re, k4);
        double h6 = dt / 6.0;
        s.x += h6 * (k1.x + 2 * k2.x + 2 * k3.x + k4.x);
        s.y += h6 * (k1.y + 2 * k2.y + 2 * k3.y + k4.y);
        s.z += h6 * (k1.z + 2 * k2.z + 2 * k3.z + k4.z);
        s.vx += h6 * (k1.vx + 2 * k2.vx + 2 * k3.vx + k4.vx);
        s.vy += h6 * (k1.vy + 2 * k2.vy + 2 * k3.vy + k4.vy);
        s.vz += h6 * (k1.vz + 2 * k2.vz + 2 * k3.vz + k4.vz);
    }
    p[0] = s.x; p[1] = s.y; p[2] = s.z; p[3] = s.vx; p[4] = s.vy; p[5] = s.vz;
}

extern "C" __global__ void __launch_bounds__(128, 4) rk4_lorenz_ensemble(float3* __restrict__ xyz,
    const float3* __restrict__ params, int n, float dt, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float3 p = params[i];
    float x = xyz[i].x, y = xyz[i].y, z = xyz[i].z;
#pragma unroll 2
    for (int t = 0; t < steps; ++t) {
        float k1x = p.x * (y - x), k1y = x * (p.y - z) - y, k1z = x * y - p.z * z;
        float ax = x + 0.5f * dt * k1x, ay = y + 0.5f * dt * k1y, az = z + 0.5f * dt * k1z;
        float k2x = p.x * (ay - ax), k2y = ax * (p.y - az) - ay, k2z = ax * ay - p.z * az;
        ax = x + 0.5f * dt * k2x; ay = y + 0.5f * dt * k2y; az = z + 0.5f * dt * k2z;
        float k3x = p.x * (ay - ax), k3y = ax * (p.y - az) - ay, k3z = ax * ay - p.z * az;
        ax = x + dt * k3x; ay = y + dt * k3y; az = z + dt * k3z;
        float k4x = p.x * (ay - ax), k4y = ax * (p.y - az) - ay, k4z = ax * ay - p.z * az;
        x += dt / 6.f * (k1x + 2.f * k2x + 2.f * k3x + k4x);
        y += dt / 6.f * (k1y + 2.f * k2y + 2.f * k3y + k4y);
        z += dt / 6.f * (k1z + 2.f * k2z + 2.f * k3z + k4z);
    }
    xyz[i] = make_float3(x, y, z);
}

#define NSP 8
// generalized Lotka-Volterra, 8 species, interaction matrix in registers (double)
extern "C" __global__ void rk4_glv8_double(const double* __restrict__ x0, const double* __restrict__ growth,
    const double* __restrict__ inter, double* __restrict__ xout, int nSystems, int steps, double dt)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nSystems) return;
    double A[NSP][NSP], r[NSP], x[NSP];
#pragma unroll
    for (int i = 0; i < NSP; ++i) {
        r[i] = growth[s * NSP + i];
        x[i] = x0[s * NSP + i];
#pragma unroll
        for (int j = 0; j < NSP; ++j) A[i][j] = __ldg(&inter[(size_t)s * NSP * NSP + i * NSP + j]);
    }
    for (int t = 0; t < steps; ++t) {
        double k[4][NSP], tmp[NSP];
#pragma unroll
        for (int st = 0; st < 4; ++st) {
            const double c = st == 0 ? 0.0 : (st == 3 ? 1.0 : 0.5);
#pragma unroll
            for (int i = 0; i < NSP; ++i) tmp[i] = st == 0 ? x[i] : x[i] + c * dt * k[st - 1][i];
#pragma unroll
            for (int i = 0; i < NSP; ++i) {
                double a = r[i];
#pragma unroll
                for (int j = 0; j < NSP; ++j) a += A[i][j] * tmp[j];
                k[st][i] = tmp[i] * a;
            }
        }
#pragma unroll
        for (int i = 0; i < NSP; ++i) x[i] = fmax(x[i] + dt / 6.0 * (k[0][i] + 2.0 * k[1][i] + 2.0 * k[2][i] + k[3][i]), 0.0);
    }
#pragma unroll
    for (int i = 0; i < NSP; ++i) xout[s * NSP + i] = x[i];
}
