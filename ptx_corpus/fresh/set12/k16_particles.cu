// Particle physics: gravitational N-body with shared-memory tiling and 4
// bodies per thread, SPH density/pressure-force with a uniform grid, and
// cloud-in-cell charge deposition for a particle-in-cell code.
#include <cuda_runtime.h>

#define NB_TILE 128
extern "C" __global__ void nbody_accel_x4(const float4* __restrict__ pos_mass, int n, float soft2,
                                          float4* __restrict__ accel)
{
    __shared__ float4 sp[NB_TILE];
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    float4 my[4];
    float3 a[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        my[k] = pos_mass[min(base + k, n - 1)];
        a[k] = make_float3(0.f, 0.f, 0.f);
    }
    for (int t = 0; t < n; t += NB_TILE) {
        __syncthreads();
        for (int l = threadIdx.x; l < NB_TILE; l += blockDim.x)
            sp[l] = (t + l < n) ? pos_mass[t + l] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 4
        for (int j = 0; j < NB_TILE; ++j) {
            float4 o = sp[j];
#pragma unroll
            for (int k = 0; k < 4; ++k) {
                float dx = o.x - my[k].x, dy = o.y - my[k].y, dz = o.z - my[k].z;
                float r2 = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, soft2)));
                float ir = rsqrtf(r2);
                float s = o.w * ir * ir * ir;
                a[k].x = fmaf(dx, s, a[k].x); a[k].y = fmaf(dy, s, a[k].y); a[k].z = fmaf(dz, s, a[k].z);
            }
        }
    }
#pragma unroll
    for (int k = 0; k < 4; ++k)
        if (base + k < n) accel[base + k] = make_float4(a[k].x, a[k].y, a[k].z, 0.f);
}

// SPH: particles sorted by cell; cell_start/cell_end index ranges.
__device__ __forceinline__ int cell_hash(int cx, int cy, int cz, int gdim)
{
    cx = (cx + gdim) % gdim; cy = (cy + gdim) % gdim; cz = (cz + gdim) % gdim;
    return (cz * gdim + cy) * gdim + cx;
}

extern "C" __global__ void sph_density_pressure(const float4* __restrict__ pos, int n,
                                                const int* __restrict__ cell_start, const int* __restrict__ cell_end,
                                                int gdim, float cell_size, float h, float mass,
                                                float rest_density, float stiffness,
                                                float* __restrict__ density, float* __restrict__ pressure)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i];
    int cx = (int)floorf(p.x / cell_size), cy = (int)floorf(p.y / cell_size), cz = (int)floorf(p.z / cell_size);
    float h2 = h * h;
    float poly6 = 315.f / (64.f * 3.14159265f * powf(h, 9.f));
    float rho = 0.f;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                int c = cell_hash(cx + dx, cy + dy, cz + dz, gdim);
                int s = cell_start[c], e = cell_end[c];
                for (int j = s; j < e; ++j) {
                    float4 q = pos[j];
                    float rx = p.x - q.x, ry = p.y - q.y, rz = p.z - q.z;
                    float r2 = rx * rx + ry * ry + rz * rz;
                    if (r2 < h2) { float d = h2 - r2; rho += d * d * d; }
                }
            }
    rho *= mass * poly6;
    density[i] = rho;
    pressure[i] = stiffness * (powf(rho / rest_density, 7.f) - 1.f);
}

extern "C" __global__ void sph_forces(const float4* __restrict__ pos, const float4* __restrict__ vel, int n,
                                      const float* __restrict__ density, const float* __restrict__ pressure,
                                      const int* __restrict__ cell_start, const int* __restrict__ cell_end,
                                      int gdim, float cell_size, float h, float mass, float visc,
                                      float3 gravity, float4* __restrict__ force)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i], v = vel[i];
    float rhoi = density[i], pi = pressure[i];
    int cx = (int)floorf(p.x / cell_size), cy = (int)floorf(p.y / cell_size), cz = (int)floorf(p.z / cell_size);
    float spiky = -45.f / (3.14159265f * powf(h, 6.f));
    float lapv = 45.f / (3.14159265f * powf(h, 6.f));
    float fx = 0.f, fy = 0.f, fz = 0.f;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                int c = cell_hash(cx + dx, cy + dy, cz + dz, gdim);
                for (int j = cell_start[c]; j < cell_end[c]; ++j) {
                    if (j == i) continue;
                    float4 q = pos[j];
                    float rx = p.x - q.x, ry = p.y - q.y, rz = p.z - q.z;
                    float r = sqrtf(rx * rx + ry * ry + rz * rz);
                    if (r >= h || r < 1e-6f) continue;
                    float rhoj = density[j], pj = pressure[j];
                    float hr = h - r;
                    float fp = -mass * (pi + pj) / (2.f * rhoj) * spiky * hr * hr / r;
                    fx += fp * rx; fy += fp * ry; fz += fp * rz;
                    float4 vj = vel[j];
                    float fv = visc * mass / rhoj * lapv * hr;
                    fx += fv * (vj.x - v.x); fy += fv * (vj.y - v.y); fz += fv * (vj.z - v.z);
                }
            }
    force[i] = make_float4(fx + gravity.x * rhoi, fy + gravity.y * rhoi, fz + gravity.z * rhoi, 0.f);
}

// Cloud-in-cell deposition to a periodic 3D grid.
extern "C" __global__ void pic_deposit_cic(const float4* __restrict__ pq, int n, int nx, int ny, int nz,
                                           float inv_dx, float* __restrict__ rho)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pq[i];
    float gx = p.x * inv_dx - 0.5f, gy = p.y * inv_dx - 0.5f, gz = p.z * inv_dx - 0.5f;
    int ix = (int)floorf(gx), iy = (int)floorf(gy), iz = (int)floorf(gz);
    float fx = gx - ix, fy = gy - iy, fz = gz - iz;
#pragma unroll
    for (int c = 0; c < 8; ++c) {
        int ox = c & 1, oy = (c >> 1) & 1, oz = c >> 2;
        float w = (ox ? fx : 1.f - fx) * (oy ? fy : 1.f - fy) * (oz ? fz : 1.f - fz);
        int x = (ix + ox + nx) % nx, y = (iy + oy + ny) % ny, z = (iz + oz + nz) % nz;
        atomicAdd(&rho[((size_t)z * ny + y) * nx + x], w * p.w);
    }
}
