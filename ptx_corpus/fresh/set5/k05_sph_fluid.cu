// Smoothed particle hydrodynamics (weakly compressible, Wendland C2 kernel).

#define SPH_PI 3.14159265358979f

__device__ __forceinline__ float wendland_c2(float q, float h_inv3) {
    // 3D Wendland C2: alpha * (1 - q/2)^4 (2q + 1), q in [0,2]
    if (q >= 2.f) return 0.f;
    float t = 1.f - 0.5f * q;
    float t2 = t * t;
    return (21.f / (16.f * SPH_PI)) * h_inv3 * t2 * t2 * (2.f * q + 1.f);
}
__device__ __forceinline__ float wendland_c2_grad(float q, float h_inv4) {
    if (q >= 2.f) return 0.f;
    float t = 1.f - 0.5f * q;
    return (21.f / (16.f * SPH_PI)) * h_inv4 * (-5.f * q) * t * t * t;
}

extern "C" __global__ void sph_hash_particles(const float4* __restrict__ pos, int n, float3 origin,
                                              float cell_inv, int3 dims,
                                              unsigned int* __restrict__ keys, unsigned int* __restrict__ vals)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i];
    int cx = min(max((int)((p.x - origin.x) * cell_inv), 0), dims.x - 1);
    int cy = min(max((int)((p.y - origin.y) * cell_inv), 0), dims.y - 1);
    int cz = min(max((int)((p.z - origin.z) * cell_inv), 0), dims.z - 1);
    keys[i] = (unsigned)((cz * dims.y + cy) * dims.x + cx);
    vals[i] = (unsigned)i;
}

extern "C" __global__ void sph_density_pressure(const float4* __restrict__ sorted_pos,
                                                const unsigned int* __restrict__ cell_start,
                                                const unsigned int* __restrict__ cell_end,
                                                int n, float3 origin, float cell_inv, int3 dims,
                                                float h, float mass, float rho0, float B_tait,
                                                float* __restrict__ rho_out, float* __restrict__ p_out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = sorted_pos[i];
    float h_inv = 1.f / h, h_inv3 = h_inv * h_inv * h_inv;
    int cx = (int)((pi.x - origin.x) * cell_inv);
    int cy = (int)((pi.y - origin.y) * cell_inv);
    int cz = (int)((pi.z - origin.z) * cell_inv);
    float rho = 0.f;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                int x = cx + dx, y = cy + dy, z = cz + dz;
                if (x < 0 || y < 0 || z < 0 || x >= dims.x || y >= dims.y || z >= dims.z) continue;
                unsigned c = (unsigned)((z * dims.y + y) * dims.x + x);
                unsigned s = cell_start[c];
                if (s == 0xffffffffu) continue;
                unsigned e = cell_end[c];
                for (unsigned j = s; j < e; ++j) {
                    float4 pj = sorted_pos[j];
                    float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
                    float r = sqrtf(rx * rx + ry * ry + rz * rz);
                    rho += mass * wendland_c2(r * h_inv, h_inv3);
                }
            }
    rho_out[i] = rho;
    // Tait equation of state, gamma = 7
    float ratio = rho / rho0;
    float r2 = ratio * ratio, r4 = r2 * r2;
    p_out[i] = B_tait * (r4 * r2 * ratio - 1.f);
}

// Momentum + continuity right-hand sides with Monaghan artificial viscosity; capped at 32 registers
// so that 8 blocks of 256 threads can be resident.
extern "C" __global__ void __launch_bounds__(256, 8)
sph_forces_artvisc(const float4* __restrict__ sorted_pos,
                                              const float4* __restrict__ sorted_vel,
                                              const float* __restrict__ rho, const float* __restrict__ pres,
                                              const unsigned int* __restrict__ cell_start,
                                              const unsigned int* __restrict__ cell_end,
                                              int n, float3 origin, float cell_inv, int3 dims,
                                              float h, float mass, float c0, float alpha_visc,
                                              float3 gravity, float4* __restrict__ accel, float* __restrict__ drho_dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = sorted_pos[i], vi = sorted_vel[i];
    float rhoi = rho[i], Pi = pres[i];
    float Pi_r2 = Pi / (rhoi * rhoi);
    float h_inv = 1.f / h, h_inv4 = h_inv * h_inv * h_inv * h_inv;
    float eta2 = 0.01f * h * h;
    int cx = (int)((pi.x - origin.x) * cell_inv);
    int cy = (int)((pi.y - origin.y) * cell_inv);
    int cz = (int)((pi.z - origin.z) * cell_inv);
    float ax = 0.f, ay = 0.f, az = 0.f, drho = 0.f;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                int x = cx + dx, y = cy + dy, z = cz + dz;
                if (x < 0 || y < 0 || z < 0 || x >= dims.x || y >= dims.y || z >= dims.z) continue;
                unsigned c = (unsigned)((z * dims.y + y) * dims.x + x);
                unsigned s = cell_start[c];
                if (s == 0xffffffffu) continue;
                unsigned e = cell_end[c];
                for (unsigned j = s; j < e; ++j) {
                    if (j == (unsigned)i) continue;
                    float4 pj = sorted_pos[j], vj = sorted_vel[j];
                    float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
                    float r2 = rx * rx + ry * ry + rz * rz;
                    float r = sqrtf(r2);
                    float q = r * h_inv;
                    if (q >= 2.f || r < 1e-9f) continue;
                    float dW = wendland_c2_grad(q, h_inv4) / r;
                    float gx = dW * rx, gy = dW * ry, gz = dW * rz;
                    float rhoj = rho[j];
                    float vx = vi.x - vj.x, vy = vi.y - vj.y, vz = vi.z - vj.z;
                    float vr = vx * rx + vy * ry + vz * rz;
                    float visc = 0.f;
                    if (vr < 0.f) {
                        float mu = h * vr / (r2 + eta2);
                        visc = -alpha_visc * c0 * mu / (0.5f * (rhoi + rhoj));
                    }
                    float coef = -mass * (Pi_r2 + pres[j] / (rhoj * rhoj) + visc);
                    ax += coef * gx; ay += coef * gy; az += coef * gz;
                    drho += mass * (vx * gx + vy * gy + vz * gz);
                }
            }
    accel[i] = make_float4(ax + gravity.x, ay + gravity.y, az + gravity.z, 0.f);
    drho_dt[i] = drho;
}
