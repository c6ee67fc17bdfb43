// Domain: particle physics simulation (molecular dynamics and SPH)
// lj_force_neighlist: Lennard-Jones forces, energy and virial from a padded neighbour list with cutoff and minimum image.
// sph_density_cells: SPH density/pressure via poly6 kernel, neighbours gathered from 27 cells of a uniform grid.
// sph_forces_cells: SPH pressure (spiky gradient) and viscosity (Laplacian) forces from 27 cells.
// velocity_verlet_dp: double-precision velocity Verlet half-kick/drift with periodic wrapping.

struct SphParams {
    float h, h2, mass, rest_density, stiffness, viscosity;
    float poly6, spiky_grad, visc_lap;
    float3 origin;
    float cell;
    int3 dims;
};

extern "C" __global__ void lj_force_neighlist(const float4* __restrict__ pos, const int* __restrict__ neigh,
                                              const int* __restrict__ nneigh, int maxneigh, int natoms,
                                              float3 box, float rc2, float eps4, float sig2,
                                              float4* __restrict__ force, float* __restrict__ virial)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= natoms) return;
    float4 pi = pos[i];
    float fx = 0.f, fy = 0.f, fz = 0.f, en = 0.f;
    float vxx = 0.f, vyy = 0.f, vzz = 0.f, vxy = 0.f, vxz = 0.f, vyz = 0.f;
    int nn = nneigh[i];
    for (int k = 0; k < nn; k++) {
        int j = neigh[(size_t)k * natoms + i];
        float4 pj = __ldg(&pos[j]);
        float dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
        dx -= box.x * rintf(dx / box.x);
        dy -= box.y * rintf(dy / box.y);
        dz -= box.z * rintf(dz / box.z);
        float r2 = dx * dx + dy * dy + dz * dz;
        if (r2 < rc2 && r2 > 0.f) {
            float ir2 = 1.f / r2;
            float sr2 = sig2 * ir2;
            float sr6 = sr2 * sr2 * sr2;
            float fmag = eps4 * (12.f * sr6 * sr6 - 6.f * sr6) * ir2;
            fx += fmag * dx; fy += fmag * dy; fz += fmag * dz;
            en += 0.5f * eps4 * (sr6 * sr6 - sr6);
            vxx += 0.5f * fmag * dx * dx; vyy += 0.5f * fmag * dy * dy; vzz += 0.5f * fmag * dz * dz;
            vxy += 0.5f * fmag * dx * dy; vxz += 0.5f * fmag * dx * dz; vyz += 0.5f * fmag * dy * dz;
        }
    }
    (void)maxneigh;
    force[i] = make_float4(fx, fy, fz, en);
    float* v = virial + (size_t)i * 6;
    v[0] = vxx; v[1] = vyy; v[2] = vzz; v[3] = vxy; v[4] = vxz; v[5] = vyz;
}

__device__ __forceinline__ int3 cell_of(float3 p, const SphParams& P)
{
    int cx = min(max((int)floorf((p.x - P.origin.x) / P.cell), 0), P.dims.x - 1);
    int cy = min(max((int)floorf((p.y - P.origin.y) / P.cell), 0), P.dims.y - 1);
    int cz = min(max((int)floorf((p.z - P.origin.z) / P.cell), 0), P.dims.z - 1);
    return make_int3(cx, cy, cz);
}

extern "C" __global__ void sph_density_cells(const float4* __restrict__ sorted_pos, const int* __restrict__ cell_start,
                                             const int* __restrict__ cell_end, SphParams P,
                                             float* __restrict__ density, float* __restrict__ pressure, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi4 = sorted_pos[i];
    float3 pi = make_float3(pi4.x, pi4.y, pi4.z);
    int3 c = cell_of(pi, P);
    float rho = 0.f;
    for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int x = c.x + dx, y = c.y + dy, z = c.z + dz;
                if (x < 0 || y < 0 || z < 0 || x >= P.dims.x || y >= P.dims.y || z >= P.dims.z) continue;
                int cid = (z * P.dims.y + y) * P.dims.x + x;
                int s = cell_start[cid];
                if (s < 0) continue;
                int e = cell_end[cid];
                for (int j = s; j < e; j++) {
                    float4 pj = __ldg(&sorted_pos[j]);
                    float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
                    float r2 = rx * rx + ry * ry + rz * rz;
                    if (r2 < P.h2) {
                        float d = P.h2 - r2;
                        rho += d * d * d;
                    }
                }
            }
    rho *= P.mass * P.poly6;
    density[i] = rho;
    pressure[i] = P.stiffness * (rho - P.rest_density);
}

extern "C" __global__ void sph_forces_cells(const float4* __restrict__ sorted_pos, const float4* __restrict__ sorted_vel,
                                            const float* __restrict__ density, const float* __restrict__ pressure,
                                            const int* __restrict__ cell_start, const int* __restrict__ cell_end,
                                            SphParams P, float3 gravity, float4* __restrict__ accel, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi4 = sorted_pos[i];
    float4 vi = sorted_vel[i];
    float3 pi = make_float3(pi4.x, pi4.y, pi4.z);
    float rhoi = density[i], pri = pressure[i];
    int3 c = cell_of(pi, P);
    float ax = 0.f, ay = 0.f, az = 0.f;
    float vx = 0.f, vy = 0.f, vz = 0.f;
    for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int x = c.x + dx, y = c.y + dy, z = c.z + dz;
                if (x < 0 || y < 0 || z < 0 || x >= P.dims.x || y >= P.dims.y || z >= P.dims.z) continue;
                int cid = (z * P.dims.y + y) * P.dims.x + x;
                int s = cell_start[cid];
                if (s < 0) continue;
                int e = cell_end[cid];
                for (int j = s; j < e; j++) {
                    if (j == i) continue;
                    float4 pj = __ldg(&sorted_pos[j]);
                    float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
                    float r2 = rx * rx + ry * ry + rz * rz;
                    if (r2 >= P.h2 || r2 < 1e-12f) continue;
                    float r = sqrtf(r2);
                    float rhoj = __ldg(&density[j]);
                    float prj = __ldg(&pressure[j]);
                    float hr = P.h - r;
                    float pterm = -P.mass * (pri + prj) / (2.f * rhoj) * P.spiky_grad * hr * hr / r;
                    ax += pterm * rx; ay += pterm * ry; az += pterm * rz;
                    float4 vj = __ldg(&sorted_vel[j]);
                    float vterm = P.viscosity * P.mass / rhoj * P.visc_lap * hr;
                    vx += vterm * (vj.x - vi.x); vy += vterm * (vj.y - vi.y); vz += vterm * (vj.z - vi.z);
                }
            }
    float inv = 1.f / rhoi;
    accel[i] = make_float4((ax + vx) * inv + gravity.x, (ay + vy) * inv + gravity.y, (az + vz) * inv + gravity.z, 0.f);
}

extern "C" __global__ void velocity_verlet_dp(double* __restrict__ x, double* __restrict__ v,
                                              const double* __restrict__ f, const double* __restrict__ inv_mass,
                                              double dt, double3 box, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double im = inv_mass[i];
    double L[3] = {box.x, box.y, box.z};
#pragma unroll
    for (int d = 0; d < 3; d++) {
        size_t k = (size_t)3 * i + d;
        double vv = v[k] + 0.5 * dt * f[k] * im;
        double xx = x[k] + dt * vv;
        xx -= L[d] * floor(xx / L[d]);
        v[k] = vv;
        x[k] = xx;
    }
}
