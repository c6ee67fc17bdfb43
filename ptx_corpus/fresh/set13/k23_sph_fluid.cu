// k23_sph_fluid.cu
// Physics: smoothed particle hydrodynamics on a uniform grid (cell-sorted particles).
//  - sph_hash_cells:     computes cell hash of each particle (small)
//  - sph_density:        poly6 density over the 27 neighbour cells
//  - sph_forces_lb:      pressure (spiky) + viscosity forces with XSPH, __launch_bounds__(128, 8)
//                        (register budget 64; moderate pressure, expected to fit)
//  - sph_integrate_leapfrog: leapfrog integration with boundary reflection (small)

struct SphParams { float h, h2, mass, rho0, k, mu, eps; int3 gridRes; float3 worldMin; float cellSize; float dt; };

__device__ __forceinline__ int3 cellOf(float3 p, const SphParams& P)
{
    return make_int3((int)floorf((p.x - P.worldMin.x) / P.cellSize), (int)floorf((p.y - P.worldMin.y) / P.cellSize),
                     (int)floorf((p.z - P.worldMin.z) / P.cellSize));
}
__device__ __forceinline__ int cellHash(int3 c, const SphParams& P)
{
    c.x = min(max(c.x, 0), P.gridRes.x - 1); c.y = min(max(c.y, 0), P.gridRes.y - 1); c.z = min(max(c.z, 0), P.gridRes.z - 1);
    return (c.z * P.gridRes.y + c.y) * P.gridRes.x + c.x;
}

extern "C" __global__ void sph_hash_cells(const float4* __restrict__ pos, SphParams P, int n,
                                          unsigned int* __restrict__ hash, unsigned int* __restrict__ idx)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i];
    hash[i] = cellHash(cellOf(make_float3(p.x, p.y, p.z), P), P);
    idx[i] = i;
}

extern "C" __global__ void sph_density(const float4* __restrict__ pos, const unsigned int* __restrict__ cellStart,
                                       const unsigned int* __restrict__ cellEnd, SphParams P, int n,
                                       float* __restrict__ rho, float* __restrict__ press)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = pos[i];
    int3 c = cellOf(make_float3(pi.x, pi.y, pi.z), P);
    float poly6 = 315.f / (64.f * 3.14159265f * powf(P.h, 9.f));
    float sum = 0.f;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                int3 nc = make_int3(c.x + dx, c.y + dy, c.z + dz);
                if (nc.x < 0 || nc.y < 0 || nc.z < 0 || nc.x >= P.gridRes.x || nc.y >= P.gridRes.y || nc.z >= P.gridRes.z) continue;
                int h = cellHash(nc, P);
                unsigned int s = cellStart[h];
                if (s == 0xFFFFFFFFu) continue;
                unsigned int e = cellEnd[h];
                for (unsigned int j = s; j < e; ++j) {
                    float4 pj = pos[j];
                    float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
                    float r2 = rx * rx + ry * ry + rz * rz;
                    if (r2 < P.h2) { float d = P.h2 - r2; sum += d * d * d; }
                }
            }
    float r = P.mass * poly6 * sum;
    rho[i] = r;
    press[i] = P.k * (powf(r / P.rho0, 7.f) - 1.f);   // Tait equation
}

extern "C" __global__ void __launch_bounds__(128, 8)
sph_forces_lb(const float4* __restrict__ pos, const float4* __restrict__ vel, const float* __restrict__ rho,
              const float* __restrict__ press, const unsigned int* __restrict__ cellStart,
              const unsigned int* __restrict__ cellEnd, SphParams P, int n,
              float4* __restrict__ force, float4* __restrict__ xsph)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = pos[i], vi = vel[i];
    float rhoi = rho[i], pri = press[i];
    int3 c = cellOf(make_float3(pi.x, pi.y, pi.z), P);
    float spiky = -45.f / (3.14159265f * powf(P.h, 6.f));
    float visc = 45.f / (3.14159265f * powf(P.h, 6.f));
    float poly6 = 315.f / (64.f * 3.14159265f * powf(P.h, 9.f));
    float fx = 0, fy = 0, fz = 0, vx = 0, vy = 0, vz = 0;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                int3 nc = make_int3(c.x + dx, c.y + dy, c.z + dz);
                if (nc.x < 0 || nc.y < 0 || nc.z < 0 || nc.x >= P.gridRes.x || nc.y >= P.gridRes.y || nc.z >= P.gridRes.z) continue;
                int h = cellHash(nc, P);
                unsigned int s = cellStart[h];
                if (s == 0xFFFFFFFFu) continue;
                unsigned int e = cellEnd[h];
                for (unsigned int j = s; j < e; ++j) {
                    if (j == (unsigned)i) continue;
                    float4 pj = pos[j], vj = vel[j];
                    float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
                    float r2 = rx * rx + ry * ry + rz * rz;
                    if (r2 >= P.h2 || r2 < 1e-12f) continue;
                    float r = sqrtf(r2);
                    float rhoj = rho[j], prj = press[j];
                    float hr = P.h - r;
                    float pterm = -P.mass * (pri / (rhoi * rhoi) + prj / (rhoj * rhoj)) * spiky * hr * hr / r;
                    fx += pterm * rx; fy += pterm * ry; fz += pterm * rz;
                    float vterm = P.mu * P.mass * visc * hr / rhoj;
                    fx += vterm * (vj.x - vi.x); fy += vterm * (vj.y - vi.y); fz += vterm * (vj.z - vi.z);
                    float d = P.h2 - r2;
                    float w = 2.f * P.mass * poly6 * d * d * d / (rhoi + rhoj);
                    vx += w * (vj.x - vi.x); vy += w * (vj.y - vi.y); vz += w * (vj.z - vi.z);
                }
            }
    force[i] = make_float4(fx * rhoi, fy * rhoi - 9.81f * rhoi, fz * rhoi, 0.f);
    xsph[i] = make_float4(P.eps * vx, P.eps * vy, P.eps * vz, 0.f);
}

extern "C" __global__ void sph_integrate_leapfrog(float4* __restrict__ pos, float4* __restrict__ vel,
                                                  const float4* __restrict__ force, const float4* __restrict__ xsph,
                                                  const float* __restrict__ rho, float3 bmin, float3 bmax, float dt,
                                                  float damping, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i], v = vel[i], f = force[i], x = xsph[i];
    float ir = 1.f / rho[i];
    v.x += dt * f.x * ir; v.y += dt * f.y * ir; v.z += dt * f.z * ir;
    p.x += dt * (v.x + x.x); p.y += dt * (v.y + x.y); p.z += dt * (v.z + x.z);
    if (p.x < bmin.x) { p.x = bmin.x; v.x *= -damping; } if (p.x > bmax.x) { p.x = bmax.x; v.x *= -damping; }
    if (p.y < bmin.y) { p.y = bmin.y; v.y *= -damping; } if (p.y > bmax.y) { p.y = bmax.y; v.y *= -damping; }
    if (p.z < bmin.z) { p.z = bmin.z; v.z *= -damping; } if (p.z > bmax.z) { p.z = bmax.z; v.z *= -damping; }
    pos[i] = p; vel[i] = v;
}
