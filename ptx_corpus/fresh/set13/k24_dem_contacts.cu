// k24_dem_contacts.cu
// Physics: discrete element method for granular spheres (Hertz-Mindlin contacts).
//  - dem_contact_forces:    per-particle loop over a neighbour list; Hertz normal + Mindlin
//                           tangential spring with Coulomb limit and rolling resistance
//  - dem_contact_history:   per-particle fixed-size tangential-history slots (8) searched and
//                           updated with data-dependent indices (thread-local array)
//  - dem_integrate_quat:    translational + rotational integration with quaternion update
//  - dem_wall_contacts:     plane walls, linear spring-dashpot (small)

#define MAXNB 8

extern "C" __global__ void dem_contact_forces(const float4* __restrict__ posR, const float4* __restrict__ vel,
                                              const float4* __restrict__ omega, const int* __restrict__ nbList,
                                              const int* __restrict__ nbCount, int maxNb, float E, float nu,
                                              float mu, float muR, float eRest, float mass, int n,
                                              float4* __restrict__ force, float4* __restrict__ torque)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = posR[i], vi = vel[i], wi = omega[i];
    float Estar = E / (2.f * (1.f - nu * nu));
    float Gstar = E / (4.f * (2.f - nu) * (1.f + nu));
    float lnE = logf(eRest);
    float beta = lnE / sqrtf(lnE * lnE + 9.8696044f);
    float Fx = 0, Fy = 0, Fz = 0, Tx = 0, Ty = 0, Tz = 0;
    int cnt = nbCount[i];
    for (int q = 0; q < cnt; ++q) {
        int j = nbList[(size_t)i * maxNb + q];
        float4 pj = posR[j], vj = vel[j], wj = omega[j];
        float dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
        float d = sqrtf(dx * dx + dy * dy + dz * dz);
        float ov = pi.w + pj.w - d;
        if (ov <= 0.f) continue;
        float nx = dx / d, ny = dy / d, nz = dz / d;
        float Rstar = pi.w * pj.w / (pi.w + pj.w);
        float mstar = 0.5f * mass;
        float sq = sqrtf(Rstar * ov);
        float Sn = 2.f * Estar * sq, St = 8.f * Gstar * sq;
        float kn = 4.f / 3.f * Estar * sq;
        float cn = -1.8257f * beta * sqrtf(Sn * mstar), ct = -1.8257f * beta * sqrtf(St * mstar);
        // relative velocity at contact
        float rvx = vi.x - vj.x + (pi.w * (wi.y * -nz - wi.z * -ny) + pj.w * (wj.y * -nz - wj.z * -ny));
        float rvy = vi.y - vj.y + (pi.w * (wi.z * -nx - wi.x * -nz) + pj.w * (wj.z * -nx - wj.x * -nz));
        float rvz = vi.z - vj.z + (pi.w * (wi.x * -ny - wi.y * -nx) + pj.w * (wj.x * -ny - wj.y * -nx));
        float vn = rvx * nx + rvy * ny + rvz * nz;
        float vtx = rvx - vn * nx, vty = rvy - vn * ny, vtz = rvz - vn * nz;
        float fn = kn * ov - cn * vn;
        float ftx = -ct * vtx, fty = -ct * vty, ftz = -ct * vtz;
        float ftm = sqrtf(ftx * ftx + fty * fty + ftz * ftz);
        if (ftm > mu * fn && ftm > 0.f) { float s = mu * fn / ftm; ftx *= s; fty *= s; ftz *= s; }
        Fx += fn * nx + ftx; Fy += fn * ny + fty; Fz += fn * nz + ftz;
        float rx = -pi.w * nx, ry = -pi.w * ny, rz = -pi.w * nz;
        Tx += ry * ftz - rz * fty; Ty += rz * ftx - rx * ftz; Tz += rx * fty - ry * ftx;
        float wrx = wi.x - wj.x, wry = wi.y - wj.y, wrz = wi.z - wj.z;
        float wm = sqrtf(wrx * wrx + wry * wry + wrz * wrz) + 1e-12f;
        float tr = -muR * fn * Rstar / wm;
        Tx += tr * wrx; Ty += tr * wry; Tz += tr * wrz;
    }
    force[i] = make_float4(Fx, Fy, Fz, 0.f);
    torque[i] = make_float4(Tx, Ty, Tz, 0.f);
}

extern "C" __global__ void dem_contact_history(const float4* __restrict__ posR, const float4* __restrict__ vel,
                                               const int* __restrict__ nbList, const int* __restrict__ nbCount,
                                               int* __restrict__ histId, float4* __restrict__ histDisp,
                                               float kt, float mu, float kn, float dt, int n, float4* __restrict__ ftOut)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int hid[MAXNB];
    float4 hd[MAXNB];
    for (int s = 0; s < MAXNB; ++s) { hid[s] = histId[i * MAXNB + s]; hd[s] = histDisp[i * MAXNB + s]; }
    int newId[MAXNB];
    float4 newD[MAXNB];
    float4 pi = posR[i], vi = vel[i];
    float Fx = 0, Fy = 0, Fz = 0;
    int cnt = min(nbCount[i], MAXNB), nn = 0;
    for (int q = 0; q < cnt; ++q) {
        int j = nbList[i * MAXNB + q];
        float4 pj = posR[j], vj = vel[j];
        float dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
        float d = sqrtf(dx * dx + dy * dy + dz * dz);
        float ov = pi.w + pj.w - d;
        if (ov <= 0.f) continue;
        float nx = dx / d, ny = dy / d, nz = dz / d;
        float4 s = make_float4(0, 0, 0, 0);
        for (int k = 0; k < MAXNB; ++k) if (hid[k] == j) { s = hd[k]; break; }
        float rvx = vi.x - vj.x, rvy = vi.y - vj.y, rvz = vi.z - vj.z;
        float vn = rvx * nx + rvy * ny + rvz * nz;
        s.x += dt * (rvx - vn * nx); s.y += dt * (rvy - vn * ny); s.z += dt * (rvz - vn * nz);
        float sn = s.x * nx + s.y * ny + s.z * nz;
        s.x -= sn * nx; s.y -= sn * ny; s.z -= sn * nz;
        float fn = kn * ov;
        float ftx = -kt * s.x, fty = -kt * s.y, ftz = -kt * s.z;
        float ftm = sqrtf(ftx * ftx + fty * fty + ftz * ftz);
        if (ftm > mu * fn) { float sc = mu * fn / ftm; ftx *= sc; fty *= sc; ftz *= sc; s.x = -ftx / kt; s.y = -fty / kt; s.z = -ftz / kt; }
        Fx += ftx; Fy += fty; Fz += ftz;
        newId[nn] = j; newD[nn] = s; ++nn;
    }
    for (int s = 0; s < MAXNB; ++s) {
        histId[i * MAXNB + s] = s < nn ? newId[s] : -1;
        histDisp[i * MAXNB + s] = s < nn ? newD[s] : make_float4(0, 0, 0, 0);
    }
    ftOut[i] = make_float4(Fx, Fy, Fz, (float)nn);
}

extern "C" __global__ void dem_integrate_quat(float4* __restrict__ pos, float4* __restrict__ vel, float4* __restrict__ omega,
                                              float4* __restrict__ quat, const float4* __restrict__ force,
                                              const float4* __restrict__ torque, float mass, float inertia, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i], v = vel[i], w = omega[i], q = quat[i], f = force[i], t = torque[i];
    float im = 1.f / mass, ii = 1.f / inertia;
    v.x += dt * f.x * im; v.y += dt * (f.y * im - 9.81f); v.z += dt * f.z * im;
    p.x += dt * v.x; p.y += dt * v.y; p.z += dt * v.z;
    w.x += dt * t.x * ii; w.y += dt * t.y * ii; w.z += dt * t.z * ii;
    float4 dq = make_float4(0.5f * dt * (q.w * w.x + w.y * q.z - w.z * q.y),
                            0.5f * dt * (q.w * w.y + w.z * q.x - w.x * q.z),
                            0.5f * dt * (q.w * w.z + w.x * q.y - w.y * q.x),
                            -0.5f * dt * (w.x * q.x + w.y * q.y + w.z * q.z));
    q.x += dq.x; q.y += dq.y; q.z += dq.z; q.w += dq.w;
    float s = rsqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    q.x *= s; q.y *= s; q.z *= s; q.w *= s;
    pos[i] = p; vel[i] = v; omega[i] = w; quat[i] = q;
}

extern "C" __global__ void dem_wall_contacts(const float4* __restrict__ posR, const float4* __restrict__ vel,
                                             const float4* __restrict__ planes, int nPlanes, float kn, float cn,
                                             int n, float4* __restrict__ force)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = posR[i], v = vel[i];
    float fx = 0, fy = 0, fz = 0;
    for (int k = 0; k < nPlanes; ++k) {
        float4 pl = planes[k];
        float dist = p.x * pl.x + p.y * pl.y + p.z * pl.z - pl.w;
        float ov = p.w - dist;
        if (ov > 0.f) {
            float vn = v.x * pl.x + v.y * pl.y + v.z * pl.z;
            float fn = kn * ov - cn * vn;
            fx += fn * pl.x; fy += fn * pl.y; fz += fn * pl.z;
        }
    }
    float4 f = force[i];
    force[i] = make_float4(f.x + fx, f.y + fy, f.z + fz, f.w);
}
