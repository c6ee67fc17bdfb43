// Molecular dynamics: Lennard-Jones with cell lists (27-cell stencil),
// per-type-pair epsilon/sigma tables, virial accumulation, and cell binning.
#include <cuda_runtime.h>

#define MAX_TYPES 8

__constant__ float2 c_lj_params[MAX_TYPES * MAX_TYPES];   // (eps*24, sigma^2)

extern "C" __global__ void bin_atoms_to_cells(const float4* __restrict__ pos_type, int natoms,
                                              float3 box, int3 ncell,
                                              int* __restrict__ cell_count, int* __restrict__ cell_atoms,
                                              int max_per_cell, int* __restrict__ overflow)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= natoms) return;
    float4 p = pos_type[i];
    float fx = p.x / box.x, fy = p.y / box.y, fz = p.z / box.z;
    fx -= floorf(fx); fy -= floorf(fy); fz -= floorf(fz);
    int cx = min((int)(fx * ncell.x), ncell.x - 1);
    int cy = min((int)(fy * ncell.y), ncell.y - 1);
    int cz = min((int)(fz * ncell.z), ncell.z - 1);
    int c = (cz * ncell.y + cy) * ncell.x + cx;
    int slot = atomicAdd(&cell_count[c], 1);
    if (slot < max_per_cell) cell_atoms[c * max_per_cell + slot] = i;
    else atomicExch(overflow, 1);
}

extern "C" __global__ void lj_forces_cells(const float4* __restrict__ pos_type,
                                           const int* __restrict__ cell_count,
                                           const int* __restrict__ cell_atoms,
                                           float4* __restrict__ force_energy,
                                           float* __restrict__ virial6,
                                           int natoms, float3 box, int3 ncell, int max_per_cell,
                                           float rcut2, float eshift)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= natoms) return;
    float4 pi = pos_type[i];
    int ti = __float_as_int(pi.w);
    float fx = pi.x / box.x, fy = pi.y / box.y, fz = pi.z / box.z;
    fx -= floorf(fx); fy -= floorf(fy); fz -= floorf(fz);
    int cx = min((int)(fx * ncell.x), ncell.x - 1);
    int cy = min((int)(fy * ncell.y), ncell.y - 1);
    int cz = min((int)(fz * ncell.z), ncell.z - 1);
    float ax = 0.f, ay = 0.f, az = 0.f, en = 0.f;
    float vxx = 0.f, vyy = 0.f, vzz = 0.f, vxy = 0.f, vxz = 0.f, vyz = 0.f;
    for (int dz = -1; dz <= 1; ++dz)
    for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
        int nx = (cx + dx + ncell.x) % ncell.x;
        int ny = (cy + dy + ncell.y) % ncell.y;
        int nz = (cz + dz + ncell.z) % ncell.z;
        int c = (nz * ncell.y + ny) * ncell.x + nx;
        int cnt = min(cell_count[c], max_per_cell);
        for (int k = 0; k < cnt; ++k) {
            int j = cell_atoms[c * max_per_cell + k];
            if (j == i) continue;
            float4 pj = __ldg(pos_type + j);
            float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
            rx -= box.x * rintf(rx / box.x);
            ry -= box.y * rintf(ry / box.y);
            rz -= box.z * rintf(rz / box.z);
            float r2 = rx * rx + ry * ry + rz * rz;
            if (r2 >= rcut2) continue;
            float2 prm = c_lj_params[ti * MAX_TYPES + __float_as_int(pj.w)];
            float sr2 = prm.y / r2;
            float sr6 = sr2 * sr2 * sr2;
            float fr = prm.x * sr6 * (2.f * sr6 - 1.f) / r2;
            ax += fr * rx; ay += fr * ry; az += fr * rz;
            en += 0.5f * (prm.x / 6.f * sr6 * (sr6 - 1.f) - eshift);
            vxx += 0.5f * fr * rx * rx; vyy += 0.5f * fr * ry * ry; vzz += 0.5f * fr * rz * rz;
            vxy += 0.5f * fr * rx * ry; vxz += 0.5f * fr * rx * rz; vyz += 0.5f * fr * ry * rz;
        }
    }
    force_energy[i] = make_float4(ax, ay, az, en);
    // warp reduce virial
    for (int o = 16; o > 0; o >>= 1) {
        vxx += __shfl_down_sync(0xffffffff, vxx, o);
        vyy += __shfl_down_sync(0xffffffff, vyy, o);
        vzz += __shfl_down_sync(0xffffffff, vzz, o);
        vxy += __shfl_down_sync(0xffffffff, vxy, o);
        vxz += __shfl_down_sync(0xffffffff, vxz, o);
        vyz += __shfl_down_sync(0xffffffff, vyz, o);
    }
    if ((threadIdx.x & 31) == 0) {
        atomicAdd(virial6 + 0, vxx); atomicAdd(virial6 + 1, vyy); atomicAdd(virial6 + 2, vzz);
        atomicAdd(virial6 + 3, vxy); atomicAdd(virial6 + 4, vxz); atomicAdd(virial6 + 5, vyz);
    }
}

extern "C" __global__ void velocity_verlet_thermostat(float4* __restrict__ pos_type, float4* __restrict__ vel_mass,
                                                      const float4* __restrict__ force, int n, float dt,
                                                      float lambda_berendsen, float3 box)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos_type[i], v = vel_mass[i];
    float4 f = force[i];
    float im = 1.0f / v.w;
    v.x = (v.x + dt * f.x * im) * lambda_berendsen;
    v.y = (v.y + dt * f.y * im) * lambda_berendsen;
    v.z = (v.z + dt * f.z * im) * lambda_berendsen;
    p.x += dt * v.x; p.y += dt * v.y; p.z += dt * v.z;
    p.x -= box.x * floorf(p.x / box.x);
    p.y -= box.y * floorf(p.y / box.y);
    p.z -= box.z * floorf(p.z / box.z);
    pos_type[i] = p; vel_mass[i] = v;
}
