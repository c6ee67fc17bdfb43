// Physics integrators: velocity Verlet with Lennard-Jones neighbor lists, RK4 for a damped pendulum system
// (double), and a mass-spring cloth step.
extern "C" __global__ void md_velocity_verlet_lj(float4 *pos, float4 *vel, float4 *force, const int *neighList,
                                                 const int *numNeigh, int maxNeigh, int n, float dt,
                                                 float box, float rc2, float eps, float sigma)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i], v = vel[i], f = force[i];
    float invm = 1.0f / p.w;
    // first half-kick and drift (positions are assumed updated before force evaluation in the next kernel)
    v.x += 0.5f * dt * f.x * invm; v.y += 0.5f * dt * f.y * invm; v.z += 0.5f * dt * f.z * invm;
    float s2 = sigma * sigma;
    float fx = 0.f, fy = 0.f, fz = 0.f, epot = 0.f;
    int nn = numNeigh[i];
    for (int k = 0; k < nn; ++k) {
        int j = neighList[k * n + i];
        float4 q = pos[j];
        float dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
        dx -= box * rintf(dx / box); dy -= box * rintf(dy / box); dz -= box * rintf(dz / box);
        float r2 = dx * dx + dy * dy + dz * dz;
        if (r2 < rc2) {
            float ir2 = 1.0f / r2;
            float sr6 = s2 * ir2; sr6 = sr6 * sr6 * sr6;
            float fr = 24.0f * eps * ir2 * sr6 * (2.0f * sr6 - 1.0f);
            fx += fr * dx; fy += fr * dy; fz += fr * dz;
            epot += 4.0f * eps * sr6 * (sr6 - 1.0f);
        }
    }
    v.x += 0.5f * dt * fx * invm; v.y += 0.5f * dt * fy * invm; v.z += 0.5f * dt * fz * invm;
    vel[i] = v;
    force[i] = make_float4(fx, fy, fz, 0.5f * epot);
}

__device__ __forceinline__ void pendulum_rhs(const double *y, double *dy, double g, double L, double c, double Aforce, double w, double t)
{
    dy[0] = y[1];
    dy[1] = -(g / L) * sin(y[0]) - c * y[1] + Aforce * cos(w * t);
    dy[2] = y[3];
    dy[3] = -(g / L) * sin(y[2]) - c * y[3] + 0.5 * Aforce * sin(w * t + y[0] - y[2]);
}

// Each thread integrates one coupled-pendulum parameter set with classic RK4 (double precision).
extern "C" __global__ void rk4_pendulum_sweep(const double *params, double *finalState, int nSets, int nSteps, double dt)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= nSets) return;
    double g = 9.81, L = params[4 * id + 0], c = params[4 * id + 1], A = params[4 * id + 2], w = params[4 * id + 3];
    double y[4] = {0.1, 0.0, -0.1, 0.0};
    double k1[4], k2[4], k3[4], k4[4], tmp[4];
    double t = 0.0;
    for (int s = 0; s < nSteps; ++s) {
        pendulum_rhs(y, k1, g, L, c, A, w, t);
#pragma unroll
        for (int i = 0; i < 4; ++i) tmp[i] = y[i] + 0.5 * dt * k1[i];
        pendulum_rhs(tmp, k2, g, L, c, A, w, t + 0.5 * dt);
#pragma unroll
        for (int i = 0; i < 4; ++i) tmp[i] = y[i] + 0.5 * dt * k2[i];
        pendulum_rhs(tmp, k3, g, L, c, A, w, t + 0.5 * dt);
#pragma unroll
        for (int i = 0; i < 4; ++i) tmp[i] = y[i] + dt * k3[i];
        pendulum_rhs(tmp, k4, g, L, c, A, w, t + dt);
#pragma unroll
        for (int i = 0; i < 4; ++i) y[i] += dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
        t += dt;
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) finalState[4 * id + i] = y[i];
}

// Cloth: structural + shear springs on a regular grid, semi-implicit Euler.
extern "C" __global__ void cloth_spring_step(const float3 *pos, const float3 *vel, float3 *posOut, float3 *velOut,
                                             int W, int H, float rest, float ks, float kd, float dt, float3 gravity)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H) return;
    int id = y * W + x;
    float3 p = pos[id], v = vel[id];
    float3 f = gravity;
    const int ox[8] = {1, -1, 0, 0, 1, 1, -1, -1};
    const int oy[8] = {0, 0, 1, -1, 1, -1, 1, -1};
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        int nx = x + ox[k], ny = y + oy[k];
        if (nx < 0 || ny < 0 || nx >= W || ny >= H) continue;
        float3 q = pos[ny * W + nx], u = vel[ny * W + nx];
        float3 d = make_float3(q.x - p.x, q.y - p.y, q.z - p.z);
        float len = sqrtf(d.x * d.x + d.y * d.y + d.z * d.z) + 1e-8f;
        float r0 = (k < 4) ? rest : rest * 1.41421356f;
        float3 dv = make_float3(u.x - v.x, u.y - v.y, u.z - v.z);
        float fs = ks * (len - r0) / len + kd * (dv.x * d.x + dv.y * d.y + dv.z * d.z) / (len * len);
        f.x += fs * d.x; f.y += fs * d.y; f.z += fs * d.z;
    }
    if (y == 0) { f = make_float3(0.f, 0.f, 0.f); v = f; }  // pinned top row
    v.x += dt * f.x; v.y += dt * f.y; v.z += dt * f.z;
    velOut[id] = v;
    posOut[id] = make_float3(p.x + dt * v.x, p.y + dt * v.y, p.z + dt * v.z);
}
