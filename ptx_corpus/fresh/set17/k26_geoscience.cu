// Domain: geoscience (seismic wave propagation, geodesic distances, NMO stacking)

// 2-D acoustic wave equation, 8th-order in space, 2nd-order in time, with a sponge boundary
__constant__ float c_fd8[5] = {-2.8472222f, 1.6f, -0.2f, 0.02539683f, -0.00178571f};
extern "C" __global__ void acoustic2d_o8(const float* __restrict__ pPrev, const float* __restrict__ p,
                                         float* __restrict__ pNext, const float* __restrict__ vel2dt2,
                                         int nx, int nz, float invdx2, int nSponge)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x, iz = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix < 4 || iz < 4 || ix >= nx - 4 || iz >= nz - 4) return;
    int id = iz * nx + ix;
    float lap = 2.f * c_fd8[0] * p[id];
#pragma unroll
    for (int k = 1; k <= 4; ++k) lap += c_fd8[k] * (p[id - k] + p[id + k] + p[id - k * nx] + p[id + k * nx]);
    float next = 2.f * p[id] - pPrev[id] + vel2dt2[id] * lap * invdx2;
    int dEdge = min(min(ix, nx - 1 - ix), min(iz, nz - 1 - iz));
    if (dEdge < nSponge) {
        float a = 0.015f * (nSponge - dEdge);
        next *= __expf(-a * a);
    }
    pNext[id] = next;
}

// 3-D elastic velocity-stress staggered-grid update (4th order), 9 fields; one kernel updates all
// three velocities and six stresses at a point. Capped at (256,8) -> 32 registers: spills.
__device__ __forceinline__ float d4(const float* __restrict__ f, int id, int s)
{
    return 1.125f * (f[id] - f[id - s]) - 0.0416667f * (f[id + s] - f[id - 2 * s]);
}
__device__ __forceinline__ float d4f(const float* __restrict__ f, int id, int s)
{
    return 1.125f * (f[id + s] - f[id]) - 0.0416667f * (f[id + 2 * s] - f[id - s]);
}
extern "C" __global__ void __launch_bounds__(256, 8)
elastic3d_vel_stress_capped(float* __restrict__ vx, float* __restrict__ vy, float* __restrict__ vz,
                            float* __restrict__ sxx, float* __restrict__ syy, float* __restrict__ szz,
                            float* __restrict__ sxy, float* __restrict__ sxz, float* __restrict__ syz,
                            const float* __restrict__ rho, const float* __restrict__ lam, const float* __restrict__ mu,
                            int nx, int ny, int nz, float dtdx)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 2 || y < 2 || x >= nx - 2 || y >= ny - 2) return;
    int sy = nx, sz = nx * ny;
    for (int z = 2; z < nz - 2; ++z) {
        int id = z * sz + y * sy + x;
        float b = dtdx / rho[id];
        float nvx = vx[id] + b * (d4(sxx, id, 1) + d4f(sxy, id, sy) + d4f(sxz, id, sz));
        float nvy = vy[id] + b * (d4f(sxy, id, 1) + d4(syy, id, sy) + d4f(syz, id, sz));
        float nvz = vz[id] + b * (d4f(sxz, id, 1) + d4f(syz, id, sy) + d4(szz, id, sz));
        vx[id] = nvx; vy[id] = nvy; vz[id] = nvz;
        float l = lam[id], m = mu[id], l2m = l + 2.f * m;
        float exx = d4f(vx, id, 1), eyy = d4f(vy, id, sy), ezz = d4f(vz, id, sz);
        sxx[id] += dtdx * (l2m * exx + l * (eyy + ezz));
        syy[id] += dtdx * (l2m * eyy + l * (exx + ezz));
        szz[id] += dtdx * (l2m * ezz + l * (exx + eyy));
        sxy[id] += dtdx * m * (d4(vx, id, sy) + d4(vy, id, 1));
        sxz[id] += dtdx * m * (d4(vx, id, sz) + d4(vz, id, 1));
        syz[id] += dtdx * m * (d4(vy, id, sz) + d4(vz, id, sy));
    }
}

// Vincenty inverse geodesic on the WGS-84 ellipsoid (double precision, iterative, many
// transcendental calls: sin/cos/atan2/sqrt; accurate double trig has a local-memory slow path)
extern "C" __global__ void vincenty_inverse(const double2* __restrict__ p1, const double2* __restrict__ p2,
                                            double* __restrict__ dist, double* __restrict__ azi, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const double a = 6378137.0, f = 1.0 / 298.257223563, b = (1.0 - f) * a;
    const double d2r = 0.017453292519943295;
    double L = (p2[i].y - p1[i].y) * d2r;
    double U1 = atan((1 - f) * tan(p1[i].x * d2r)), U2 = atan((1 - f) * tan(p2[i].x * d2r));
    double sU1, cU1, sU2, cU2;
    sincos(U1, &sU1, &cU1);
    sincos(U2, &sU2, &cU2);
    double lam = L, lamP, sS, cS, sig, cosSqA, cos2SM, sinL, cosL;
    int iter = 0;
    do {
        sincos(lam, &sinL, &cosL);
        sS = sqrt((cU2 * sinL) * (cU2 * sinL) + (cU1 * sU2 - sU1 * cU2 * cosL) * (cU1 * sU2 - sU1 * cU2 * cosL));
        if (sS == 0) { dist[i] = 0; azi[i] = 0; return; }
        cS = sU1 * sU2 + cU1 * cU2 * cosL;
        sig = atan2(sS, cS);
        double sinA = cU1 * cU2 * sinL / sS;
        cosSqA = 1 - sinA * sinA;
        cos2SM = (cosSqA != 0) ? cS - 2 * sU1 * sU2 / cosSqA : 0;
        double C = f / 16 * cosSqA * (4 + f * (4 - 3 * cosSqA));
        lamP = lam;
        lam = L + (1 - C) * f * sinA * (sig + C * sS * (cos2SM + C * cS * (-1 + 2 * cos2SM * cos2SM)));
    } while (fabs(lam - lamP) > 1e-12 && ++iter < 100);
    double uSq = cosSqA * (a * a - b * b) / (b * b);
    double A = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)));
    double B = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)));
    double dS = B * sS * (cos2SM + B / 4 * (cS * (-1 + 2 * cos2SM * cos2SM) -
                                          B / 6 * cos2SM * (-3 + 4 * sS * sS) * (-3 + 4 * cos2SM * cos2SM)));
    dist[i] = b * A * (sig - dS);
    azi[i] = atan2(cU2 * sinL, cU1 * sU2 - sU1 * cU2 * cosL) / d2r;
}

// Normal-moveout correction with linear interpolation and stacking of a CMP gather
extern "C" __global__ void nmo_stack(const float* __restrict__ gather /*nOff x nt*/, const float* __restrict__ offsets,
                                     const float* __restrict__ vrms, float* __restrict__ stack, int nOff, int nt,
                                     float dt, float stretchMute)
{
    int it = blockIdx.x * blockDim.x + threadIdx.x;
    if (it >= nt) return;
    float t0 = it * dt, v = vrms[it];
    float s = 0.f;
    int fold = 0;
    for (int o = 0; o < nOff; ++o) {
        float x = offsets[o];
        float t = sqrtf(t0 * t0 + (x * x) / (v * v));
        if (t0 > 0.f && (t - t0) / t0 > stretchMute) continue;
        float ft = t / dt;
        int i0 = (int)ft;
        if (i0 + 1 >= nt) continue;
        float w = ft - i0;
        s += (1.f - w) * gather[o * nt + i0] + w * gather[o * nt + i0 + 1];
        ++fold;
    }
    stack[it] = fold ? s / fold : 0.f;
}
