#define PI_F 3.14159265f
struct Particle { float4 pos; float4 vel; };

extern "C" __global__ void sph_density_pressure(const float4* __restrict__ pos, const int* __restrict__ cellStart,
    const int* __restrict__ cellEnd, float* __restrict__ density, float* __restrict__ pressure,
    int n, float h, float mass, float rho0, float k, int3 gridDim3, float cellSize)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = pos[i];
    int cx = (int)floorf(pi.x / cellSize), cy = (int)floorf(pi.y / cellSize), cz = (int)floorf(pi.z / cellSize);
    float h2 = h * h;
    float poly6 = 315.f / (64.f * PI_F * powf(h, 9.f));
    float rho = 0.f;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                int x = cx + dx, y = cy + dy, z = cz + dz;
                if (x < 0 || y < 0 || z < 0 || x >= gridDim3.x || y >= gridDim3.y || z >= gridDim3.z) continue;
                int c = (z * gridDim3.y + y) * gridDim3.x + x;
                int s = cellStart[c], e = cellEnd[c];
                for (int j = s; j < e; ++j) {
                    float4 pj = __ldg(&pos[j]);
                    float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
                    float r2 = rx * rx + ry * ry + rz * rz;
                    if (r2 < h2) { float d = h2 - r2; rho += d * d * d; }
                }
            }
    rho *= mass * poly6;
    density[i] = rho;
    pressure[i] = k * (rho - rho0);
}

extern "C" __global__ void __launch_bounds__(512, 2) sph_forces(const float4* __restrict__ pos, const float4* __restrict__ vel,
    const float* __restrict__ density, const float* __restrict__ pressure, const int* __restrict__ nbrList,
    const int* __restrict__ nbrCount, int maxNbr, float4* __restrict__ accel, int n, float h, float mass, float mu,
    float3 gravity)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = pos[i], vi = vel[i];
    float rhoi = density[i], pri = pressure[i];
    float spiky = -45.f / (PI_F * powf(h, 6.f));
    float visc = 45.f / (PI_F * powf(h, 6.f));
    float fx = 0, fy = 0, fz = 0;
    int cnt = nbrCount[i];
    for (int t = 0; t < cnt; ++t) {
        int j = nbrList[t * n + i];
        float4 pj = __ldg(&pos[j]);
        float4 vj = __ldg(&vel[j]);
        float rhoj = __ldg(&density[j]), prj = __ldg(&pressure[j]);
        float rx = pi.x - pj.x, ry = pi.y - pj.y, rz = pi.z - pj.z;
        float r = sqrtf(rx * rx + ry * ry + rz * rz);
        if (r <= 0.f || r >= h) continue;
        float hr = h - r;
        float fp = -mass * (pri + prj) / (2.f * rhoj) * spiky * hr * hr / r;
        float fv = mu * mass / rhoj * visc * hr;
        fx += fp * rx + fv * (vj.x - vi.x);
        fy += fp * ry + fv * (vj.y - vi.y);
        fz += fp * rz + fv * (vj.z - vi.z);
    }
    float inv = 1.f / rhoi;
    accel[i] = make_float4(fx * inv + gravity.x, fy * inv + gravity.y, fz * inv + gravity.z, 0.f);
}
