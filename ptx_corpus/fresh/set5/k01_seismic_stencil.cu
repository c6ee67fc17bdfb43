// Seismic acoustic / elastic wave propagation kernels (finite differences): 8th-order acoustic
// propagation, staggered-grid elastic velocity and VTI stress updates, receiver interpolation.

#define RADIUS 4
#define BX 32
#define BY 8

__constant__ float c_coef[RADIUS + 1];

// 3D acoustic wave equation, 8th-order Laplacian.
// Uses a 2D shared-memory tile in x-y and register queue in z.
extern "C" __global__ void __launch_bounds__(BX * BY)
acoustic_iso_8th_step(const float* __restrict__ p_cur,
                      const float* __restrict__ p_prev,
                      float* __restrict__ p_next,
                      const float* __restrict__ vel2dt2,
                      int nx, int ny, int nz)
{
    __shared__ float tile[BY + 2 * RADIUS][BX + 2 * RADIUS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int ix = blockIdx.x * BX + tx;
    const int iy = blockIdx.y * BY + ty;
    const long slice = (long)nx * ny;
    const bool inside = ix < nx && iy < ny;

    float behind[RADIUS], infront[RADIUS];
    float current;
    const int lx = tx + RADIUS, ly = ty + RADIUS;

    long idx = (long)iy * nx + ix;
#pragma unroll
    for (int k = 0; k < RADIUS; ++k) behind[k] = 0.f;
    current = inside ? p_cur[idx] : 0.f;
#pragma unroll
    for (int k = 0; k < RADIUS; ++k)
        infront[k] = (inside && k + 1 < nz) ? p_cur[idx + (k + 1) * slice] : 0.f;

    for (int iz = 0; iz < nz; ++iz) {
        __syncthreads();
        if (tx < RADIUS) {
            int gx0 = ix - RADIUS, gx1 = ix + BX;
            tile[ly][tx] = (gx0 >= 0 && iy < ny) ? p_cur[iz * slice + (long)iy * nx + gx0] : 0.f;
            tile[ly][lx + BX] = (gx1 < nx && iy < ny) ? p_cur[iz * slice + (long)iy * nx + gx1] : 0.f;
        }
        if (ty < RADIUS) {
            int gy0 = iy - RADIUS, gy1 = iy + BY;
            tile[ty][lx] = (gy0 >= 0 && ix < nx) ? p_cur[iz * slice + (long)gy0 * nx + ix] : 0.f;
            tile[ly + BY][lx] = (gy1 < ny && ix < nx) ? p_cur[iz * slice + (long)gy1 * nx + ix] : 0.f;
        }
        tile[ly][lx] = current;
        __syncthreads();

        if (inside) {
            float lap = 3.f * c_coef[0] * current;
#pragma unroll
            for (int r = 1; r <= RADIUS; ++r) {
                lap += c_coef[r] * (tile[ly][lx - r] + tile[ly][lx + r] +
                                    tile[ly - r][lx] + tile[ly + r][lx] +
                                    behind[r - 1] + infront[r - 1]);
            }
            long g = iz * slice + idx;
            p_next[g] = 2.f * current - p_prev[g] + vel2dt2[g] * lap;
        }
        // advance the register queue
#pragma unroll
        for (int k = RADIUS - 1; k > 0; --k) behind[k] = behind[k - 1];
        behind[0] = current;
        current = infront[0];
#pragma unroll
        for (int k = 0; k < RADIUS - 1; ++k) infront[k] = infront[k + 1];
        int zf = iz + RADIUS + 1;
        infront[RADIUS - 1] = (inside && zf < nz) ? p_cur[zf * slice + idx] : 0.f;
    }
}

// Staggered-grid elastic velocity update (Virieux / Levander), 8th order in space.
#define D8(f, i, s, o) (e1 * (f[i + (o + 0) * s] - f[i - (1 - o) * s]) + e2 * (f[i + (o + 1) * s] - f[i - (2 - o) * s]) + \
                        e3 * (f[i + (o + 2) * s] - f[i - (3 - o) * s]) + e4 * (f[i + (o + 3) * s] - f[i - (4 - o) * s]))
extern "C" __global__ void elastic_velocity_update_o8(
    float* __restrict__ vx, float* __restrict__ vy, float* __restrict__ vz,
    const float* __restrict__ sxx, const float* __restrict__ syy, const float* __restrict__ szz,
    const float* __restrict__ sxy, const float* __restrict__ sxz, const float* __restrict__ syz,
    const float* __restrict__ buoyancy, int nx, int ny, int nz, float dt_over_h)
{
    const float e1 = 1225.f / 1024.f, e2 = -245.f / 3072.f, e3 = 49.f / 5120.f, e4 = -5.f / 7168.f;
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    if (x < 4 || y < 4 || z < 4 || x >= nx - 4 || y >= ny - 4 || z >= nz - 4) return;
    const long sx = 1, sy = nx, sz = (long)nx * ny;
    long i = z * sz + y * sy + x;
    float b = buoyancy[i] * dt_over_h;
    // forward differences (o = 1) for normal stresses, backward (o = 0) for shear stresses
    float dsxx = D8(sxx, i, sx, 1), dsxy = D8(sxy, i, sy, 0), dsxz = D8(sxz, i, sz, 0);
    float dsyx = D8(sxy, i, sx, 0), dsyy = D8(syy, i, sy, 1), dsyz = D8(syz, i, sz, 0);
    float dszx = D8(sxz, i, sx, 0), dszy = D8(syz, i, sy, 0), dszz = D8(szz, i, sz, 1);
    vx[i] += b * (dsxx + dsxy + dsxz);
    vy[i] += b * (dsyx + dsyy + dsyz);
    vz[i] += b * (dszx + dszy + dszz);
}

// VTI anisotropic stress update (staggered grid, 4th order), with memory-variable attenuation
// (one standard linear solid) applied to the normal stresses.
extern "C" __global__ void vti_stress_update_sls(
    const float* __restrict__ vx, const float* __restrict__ vy, const float* __restrict__ vz,
    float* __restrict__ sxx, float* __restrict__ syy, float* __restrict__ szz,
    float* __restrict__ sxy, float* __restrict__ sxz, float* __restrict__ syz,
    float* __restrict__ rxx, float* __restrict__ ryy, float* __restrict__ rzz,
    const float* __restrict__ c11, const float* __restrict__ c13, const float* __restrict__ c33,
    const float* __restrict__ c44, const float* __restrict__ c66, const float* __restrict__ tau_eps_sig,
    int nx, int ny, int nz, float dt_over_h, float dt, float inv_tau_sigma)
{
    const float a1 = 9.f / 8.f, a2 = -1.f / 24.f;
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    if (x < 2 || y < 2 || z < 2 || x >= nx - 2 || y >= ny - 2 || z >= nz - 2) return;
    const long sx = 1, sy = nx, sz = (long)nx * ny;
    long i = z * sz + y * sy + x;
    float dvxdx = a1 * (vx[i] - vx[i - sx]) + a2 * (vx[i + sx] - vx[i - 2 * sx]);
    float dvydy = a1 * (vy[i] - vy[i - sy]) + a2 * (vy[i + sy] - vy[i - 2 * sy]);
    float dvzdz = a1 * (vz[i] - vz[i - sz]) + a2 * (vz[i + sz] - vz[i - 2 * sz]);
    float dvxdy = a1 * (vx[i + sy] - vx[i]) + a2 * (vx[i + 2 * sy] - vx[i - sy]);
    float dvydx = a1 * (vy[i + sx] - vy[i]) + a2 * (vy[i + 2 * sx] - vy[i - sx]);
    float dvxdz = a1 * (vx[i + sz] - vx[i]) + a2 * (vx[i + 2 * sz] - vx[i - sz]);
    float dvzdx = a1 * (vz[i + sx] - vz[i]) + a2 * (vz[i + 2 * sx] - vz[i - sx]);
    float dvydz = a1 * (vy[i + sz] - vy[i]) + a2 * (vy[i + 2 * sz] - vy[i - sz]);
    float dvzdy = a1 * (vz[i + sy] - vz[i]) + a2 * (vz[i + 2 * sy] - vz[i - sy]);
    float C11 = c11[i], C13 = c13[i], C33 = c33[i], C44 = c44[i], C66 = c66[i];
    float C12 = C11 - 2.f * C66;
    float te = tau_eps_sig[i];
    // relaxed moduli contributions
    float exx = C11 * dvxdx + C12 * dvydy + C13 * dvzdz;
    float eyy = C12 * dvxdx + C11 * dvydy + C13 * dvzdz;
    float ezz = C13 * dvxdx + C13 * dvydy + C33 * dvzdz;
    // memory variables (Crank-Nicolson)
    float fac = 0.5f * dt * inv_tau_sigma;
    float rxo = rxx[i], ryo = ryy[i], rzo = rzz[i];
    float rxn = ((1.f - fac) * rxo - 2.f * fac * te * exx * (1.f / dt_over_h) * dt) / (1.f + fac);
    float ryn = ((1.f - fac) * ryo - 2.f * fac * te * eyy * (1.f / dt_over_h) * dt) / (1.f + fac);
    float rzn = ((1.f - fac) * rzo - 2.f * fac * te * ezz * (1.f / dt_over_h) * dt) / (1.f + fac);
    rxx[i] = rxn; ryy[i] = ryn; rzz[i] = rzn;
    sxx[i] += dt_over_h * (1.f + te) * exx + 0.5f * dt * (rxn + rxo);
    syy[i] += dt_over_h * (1.f + te) * eyy + 0.5f * dt * (ryn + ryo);
    szz[i] += dt_over_h * (1.f + te) * ezz + 0.5f * dt * (rzn + rzo);
    // shear moduli averaged to the staggered positions
    float c66xy = 4.f / (1.f / C66 + 1.f / c66[i + sx] + 1.f / c66[i + sy] + 1.f / c66[i + sx + sy]);
    float c44xz = 4.f / (1.f / C44 + 1.f / c44[i + sx] + 1.f / c44[i + sz] + 1.f / c44[i + sx + sz]);
    float c44yz = 4.f / (1.f / C44 + 1.f / c44[i + sy] + 1.f / c44[i + sz] + 1.f / c44[i + sy + sz]);
    sxy[i] += dt_over_h * c66xy * (dvxdy + dvydx);
    sxz[i] += dt_over_h * c44xz * (dvxdz + dvzdx);
    syz[i] += dt_over_h * c44yz * (dvydz + dvzdy);
}

// Receiver trace extraction with 8-point windowed-sinc interpolation in depth.
extern "C" __global__ void record_receivers_sinc(const float* __restrict__ p, float* __restrict__ traces,
                                                 const float* __restrict__ rx, const float* __restrict__ ry,
                                                 const float* __restrict__ rz, int nrec, int nt, int it,
                                                 int nx, int ny, int nz, float inv_h)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrec) return;
    float fx = rx[r] * inv_h, fy = ry[r] * inv_h, fz = rz[r] * inv_h;
    int ix = (int)floorf(fx), iy = (int)floorf(fy), iz = (int)floorf(fz);
    float dz = fz - iz;
    float w[8];
    float wsum = 0.f;
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        float xx = (float)(k - 3) - dz;
        float s = fabsf(xx) < 1e-6f ? 1.f : __sinf(3.14159265f * xx) / (3.14159265f * xx);
        float kb = 1.f - (xx / 4.5f) * (xx / 4.5f);
        w[k] = s * kb;
        wsum += w[k];
    }
    float dx = fx - ix, dy = fy - iy;
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        int zz = min(max(iz + k - 3, 0), nz - 1);
        long b = (long)zz * nx * ny;
        int x0 = min(max(ix, 0), nx - 2), y0 = min(max(iy, 0), ny - 2);
        float v00 = p[b + (long)y0 * nx + x0], v01 = p[b + (long)y0 * nx + x0 + 1];
        float v10 = p[b + (long)(y0 + 1) * nx + x0], v11 = p[b + (long)(y0 + 1) * nx + x0 + 1];
        float v = (1.f - dy) * ((1.f - dx) * v00 + dx * v01) + dy * ((1.f - dx) * v10 + dx * v11);
        acc += w[k] * v;
    }
    traces[(long)r * nt + it] = acc / wsum;
}
