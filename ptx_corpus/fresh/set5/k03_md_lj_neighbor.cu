// Molecular dynamics: cell-list binning, Verlet neighbour list construction,
// Lennard-Jones + reaction-field Coulomb forces, velocity-Verlet integration.

struct SimBox { float lx, ly, lz, inv_lx, inv_ly, inv_lz; };

__device__ __forceinline__ float min_image(float d, float l, float inv_l) {
    return d - l * rintf(d * inv_l);
}

extern "C" __global__ void md_bin_atoms(const float4* __restrict__ pos, int natoms, SimBox box,
                                        int ncx, int ncy, int ncz, int max_per_cell,
                                        int* __restrict__ cell_count, int* __restrict__ cell_atoms,
                                        int* __restrict__ overflow)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= natoms) return;
    float4 p = pos[i];
    float fx = p.x * box.inv_lx, fy = p.y * box.inv_ly, fz = p.z * box.inv_lz;
    fx -= floorf(fx); fy -= floorf(fy); fz -= floorf(fz);
    int cx = min((int)(fx * ncx), ncx - 1);
    int cy = min((int)(fy * ncy), ncy - 1);
    int cz = min((int)(fz * ncz), ncz - 1);
    int c = (cz * ncy + cy) * ncx + cx;
    int slot = atomicAdd(&cell_count[c], 1);
    if (slot < max_per_cell) cell_atoms[c * max_per_cell + slot] = i;
    else atomicMax(overflow, slot + 1);
}

extern "C" __global__ void md_build_neighbor_list(const float4* __restrict__ pos, int natoms, SimBox box,
                                                  int ncx, int ncy, int ncz, int max_per_cell,
                                                  const int* __restrict__ cell_count,
                                                  const int* __restrict__ cell_atoms,
                                                  float rlist2, int max_nbr,
                                                  int* __restrict__ nbr_count, int* __restrict__ nbr_list)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= natoms) return;
    float4 pi = pos[i];
    float fx = pi.x * box.inv_lx, fy = pi.y * box.inv_ly, fz = pi.z * box.inv_lz;
    fx -= floorf(fx); fy -= floorf(fy); fz -= floorf(fz);
    int cx = min((int)(fx * ncx), ncx - 1);
    int cy = min((int)(fy * ncy), ncy - 1);
    int cz = min((int)(fz * ncz), ncz - 1);
    int n = 0;
    for (int dz = -1; dz <= 1; ++dz) {
        int zz = (cz + dz + ncz) % ncz;
        for (int dy = -1; dy <= 1; ++dy) {
            int yy = (cy + dy + ncy) % ncy;
            for (int dx = -1; dx <= 1; ++dx) {
                int xx = (cx + dx + ncx) % ncx;
                int c = (zz * ncy + yy) * ncx + xx;
                int cnt = min(cell_count[c], max_per_cell);
                for (int k = 0; k < cnt; ++k) {
                    int j = cell_atoms[c * max_per_cell + k];
                    if (j == i) continue;
                    float4 pj = pos[j];
                    float rx = min_image(pi.x - pj.x, box.lx, box.inv_lx);
                    float ry = min_image(pi.y - pj.y, box.ly, box.inv_ly);
                    float rz = min_image(pi.z - pj.z, box.lz, box.inv_lz);
                    float r2 = rx * rx + ry * ry + rz * rz;
                    if (r2 < rlist2) {
                        if (n < max_nbr) nbr_list[(long)n * natoms + i] = j;
                        ++n;
                    }
                }
            }
        }
    }
    nbr_count[i] = n;
}

// LJ with per-type-pair parameters + reaction-field electrostatics; computes virial too.
extern "C" __global__ void md_lj_rf_forces(const float4* __restrict__ pos,   // w = charge
                                           const int* __restrict__ type,
                                           const float2* __restrict__ lj_params, // (c6, c12) per pair
                                           int ntypes, SimBox box, int natoms,
                                           const int* __restrict__ nbr_count, const int* __restrict__ nbr_list,
                                           float rc2, float k_rf, float c_rf, float eps_r_inv,
                                           float4* __restrict__ force, float* __restrict__ energy_virial)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float e_lj = 0.f, e_c = 0.f, vir = 0.f;
    if (i < natoms) {
        float4 pi = pos[i];
        int ti = type[i];
        float fx = 0.f, fy = 0.f, fz = 0.f;
        int n = nbr_count[i];
        for (int k = 0; k < n; ++k) {
            int j = nbr_list[(long)k * natoms + i];
            float4 pj = pos[j];
            float rx = min_image(pi.x - pj.x, box.lx, box.inv_lx);
            float ry = min_image(pi.y - pj.y, box.ly, box.inv_ly);
            float rz = min_image(pi.z - pj.z, box.lz, box.inv_lz);
            float r2 = rx * rx + ry * ry + rz * rz;
            if (r2 >= rc2) continue;
            float2 p = lj_params[ti * ntypes + type[j]];
            float rinv2 = 1.f / r2;
            float rinv = sqrtf(rinv2);
            float rinv6 = rinv2 * rinv2 * rinv2;
            float flj = rinv6 * (12.f * p.y * rinv6 - 6.f * p.x) * rinv2;
            float qq = 138.935458f * eps_r_inv * pi.w * pj.w;
            float fc = qq * (rinv * rinv2 - 2.f * k_rf);
            float fs = flj + fc;
            fx += fs * rx; fy += fs * ry; fz += fs * rz;
            e_lj += 0.5f * rinv6 * (p.y * rinv6 - p.x);
            e_c += 0.5f * qq * (rinv + k_rf * r2 - c_rf);
            vir += 0.5f * fs * r2;
        }
        force[i] = make_float4(fx, fy, fz, 0.f);
    }
    // warp reduce energies
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        e_lj += __shfl_xor_sync(0xffffffffu, e_lj, o);
        e_c += __shfl_xor_sync(0xffffffffu, e_c, o);
        vir += __shfl_xor_sync(0xffffffffu, vir, o);
    }
    if ((threadIdx.x & 31) == 0) {
        atomicAdd(&energy_virial[0], e_lj);
        atomicAdd(&energy_virial[1], e_c);
        atomicAdd(&energy_virial[2], vir);
    }
}

// Velocity Verlet with Berendsen thermostat scaling and kinetic energy block reduction.
extern "C" __global__ void md_verlet_integrate(float4* __restrict__ pos, float4* __restrict__ vel,
                                               const float4* __restrict__ force, const float* __restrict__ inv_mass,
                                               int natoms, float dt, float lambda_T, SimBox box,
                                               double* __restrict__ ekin_out)
{
    __shared__ float s_ek[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float ek = 0.f;
    if (i < natoms) {
        float4 v = vel[i], f = force[i], p = pos[i];
        float im = inv_mass[i];
        v.x = lambda_T * (v.x + dt * im * f.x);
        v.y = lambda_T * (v.y + dt * im * f.y);
        v.z = lambda_T * (v.z + dt * im * f.z);
        p.x += dt * v.x; p.y += dt * v.y; p.z += dt * v.z;
        p.x -= box.lx * floorf(p.x * box.inv_lx);
        p.y -= box.ly * floorf(p.y * box.inv_ly);
        p.z -= box.lz * floorf(p.z * box.inv_lz);
        pos[i] = p; vel[i] = v;
        ek = 0.5f * (v.x * v.x + v.y * v.y + v.z * v.z) / im;
    }
    for (int o = 16; o > 0; o >>= 1) ek += __shfl_down_sync(0xffffffffu, ek, o);
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) s_ek[wid] = ek;
    __syncthreads();
    if (wid == 0) {
        ek = (lane < (blockDim.x + 31) / 32) ? s_ek[lane] : 0.f;
        for (int o = 16; o > 0; o >>= 1) ek += __shfl_down_sync(0xffffffffu, ek, o);
        if (lane == 0) atomicAdd(ekin_out, (double)ek);
    }
}
