// Deformable-body simulation: cloth constraint relaxation, collisions and tetrahedral FEM forces.
#include <cuda_runtime.h>

__device__ __forceinline__ void spring(const float4& a, const float4* __restrict__ pos, int j, float rest,
                                       float stiffness, float& dx, float& dy, float& dz, float& wsum)
{
    float4 b = pos[j];
    float ex = b.x - a.x, ey = b.y - a.y, ez = b.z - a.z;
    float len = sqrtf(ex * ex + ey * ey + ez * ez) + 1e-12f;
    float c = (len - rest) / len * stiffness;
    dx += c * ex; dy += c * ey; dz += c * ez; wsum += 1.f;
}

// Jacobi constraint pass over structural, shear and bend springs of a W x H grid (12 neighbours).
extern "C" __global__ void __launch_bounds__(256)
cloth_jacobi_constraints(const float4* __restrict__ pos, float4* __restrict__ out,
                         const float* __restrict__ inv_mass, int W, int H,
                         float rest, float k_struct, float k_shear, float k_bend)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= W || y >= H) return;
    int i = y * W + x;
    float4 a = pos[i];
    if (inv_mass[i] == 0.f) { out[i] = a; return; }
    float dx = 0.f, dy = 0.f, dz = 0.f, ws = 0.f;
    const float diag = rest * 1.41421356f;
    if (x > 0)     spring(a, pos, i - 1, rest, k_struct, dx, dy, dz, ws);
    if (x < W - 1) spring(a, pos, i + 1, rest, k_struct, dx, dy, dz, ws);
    if (y > 0)     spring(a, pos, i - W, rest, k_struct, dx, dy, dz, ws);
    if (y < H - 1) spring(a, pos, i + W, rest, k_struct, dx, dy, dz, ws);
    if (x > 0 && y > 0)         spring(a, pos, i - W - 1, diag, k_shear, dx, dy, dz, ws);
    if (x < W - 1 && y > 0)     spring(a, pos, i - W + 1, diag, k_shear, dx, dy, dz, ws);
    if (x > 0 && y < H - 1)     spring(a, pos, i + W - 1, diag, k_shear, dx, dy, dz, ws);
    if (x < W - 1 && y < H - 1) spring(a, pos, i + W + 1, diag, k_shear, dx, dy, dz, ws);
    if (x > 1)     spring(a, pos, i - 2, 2.f * rest, k_bend, dx, dy, dz, ws);
    if (x < W - 2) spring(a, pos, i + 2, 2.f * rest, k_bend, dx, dy, dz, ws);
    if (y > 1)     spring(a, pos, i - 2 * W, 2.f * rest, k_bend, dx, dy, dz, ws);
    if (y < H - 2) spring(a, pos, i + 2 * W, 2.f * rest, k_bend, dx, dy, dz, ws);
    float s = 0.5f / fmaxf(ws, 1.f);
    out[i] = make_float4(a.x + dx * s, a.y + dy * s, a.z + dz * s, a.w);
}

// Sphere collision and friction against a set of colliders kept in shared memory.
extern "C" __global__ void sphere_collide(float4* __restrict__ pos, const float4* __restrict__ prev,
                                          const float4* __restrict__ spheres, int n_spheres, int n, float friction)
{
    __shared__ float4 sph[64];
    for (int s = threadIdx.x; s < n_spheres && s < 64; s += blockDim.x) sph[s] = spheres[s];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos[i], q = prev[i];
    for (int s = 0; s < min(n_spheres, 64); ++s) {
        float4 c = sph[s];
        float dx = p.x - c.x, dy = p.y - c.y, dz = p.z - c.z;
        float d2 = dx * dx + dy * dy + dz * dz;
        if (d2 < c.w * c.w) {
            float d = sqrtf(d2) + 1e-9f, k = c.w / d;
            p.x = c.x + dx * k; p.y = c.y + dy * k; p.z = c.z + dz * k;
            p.x -= (p.x - q.x) * friction; p.y -= (p.y - q.y) * friction; p.z -= (p.z - q.z) * friction;
        }
    }
    pos[i] = p;
}

// Linear-tetrahedron FEM (St. Venant-Kirchhoff), double precision: per-element nodal forces.
extern "C" __global__ void __launch_bounds__(128)
tet_stvk_forces(const double3* __restrict__ pos, const int4* __restrict__ tets, const double* __restrict__ Dm_inv,
                const double* __restrict__ rest_vol, int n_tets, double mu, double lambda, double3* __restrict__ force)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= n_tets) return;
    int4 t = tets[e];
    double3 x0 = pos[t.x], x1 = pos[t.y], x2 = pos[t.z], x3 = pos[t.w];
    double Ds[3][3] = {{x1.x - x0.x, x2.x - x0.x, x3.x - x0.x},
                      {x1.y - x0.y, x2.y - x0.y, x3.y - x0.y},
                      {x1.z - x0.z, x2.z - x0.z, x3.z - x0.z}};
    double B[3][3];
#pragma unroll
    for (int i = 0; i < 9; ++i) B[i / 3][i % 3] = Dm_inv[(size_t)e * 9 + i];
    double F[3][3];
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) F[i][j] = Ds[i][0] * B[0][j] + Ds[i][1] * B[1][j] + Ds[i][2] * B[2][j];
    // Green strain E = 0.5 (F^T F - I)
    double E[3][3];
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j)
            E[i][j] = 0.5 * (F[0][i] * F[0][j] + F[1][i] * F[1][j] + F[2][i] * F[2][j] - (i == j ? 1.0 : 0.0));
    double tr = E[0][0] + E[1][1] + E[2][2];
    // S = 2 mu E + lambda tr(E) I ; P = F S
    double S[3][3];
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) S[i][j] = 2.0 * mu * E[i][j] + (i == j ? lambda * tr : 0.0);
    double P[3][3];
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) P[i][j] = F[i][0] * S[0][j] + F[i][1] * S[1][j] + F[i][2] * S[2][j];
    // H = -V P Dm^-T ; columns are forces on vertices 1..3
    double V = rest_vol[e];
    double Hm[3][3];
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) Hm[i][j] = -V * (P[i][0] * B[j][0] + P[i][1] * B[j][1] + P[i][2] * B[j][2]);
    double3 f1 = make_double3(Hm[0][0], Hm[1][0], Hm[2][0]);
    double3 f2 = make_double3(Hm[0][1], Hm[1][1], Hm[2][1]);
    double3 f3 = make_double3(Hm[0][2], Hm[1][2], Hm[2][2]);
    double3 f0 = make_double3(-(f1.x + f2.x + f3.x), -(f1.y + f2.y + f3.y), -(f1.z + f2.z + f3.z));
    atomicAdd(&force[t.x].x, f0.x); atomicAdd(&force[t.x].y, f0.y); atomicAdd(&force[t.x].z, f0.z);
    atomicAdd(&force[t.y].x, f1.x); atomicAdd(&force[t.y].y, f1.y); atomicAdd(&force[t.y].z, f1.z);
    atomicAdd(&force[t.z].x, f2.x); atomicAdd(&force[t.z].y, f2.y); atomicAdd(&force[t.z].z, f2.z);
    atomicAdd(&force[t.w].x, f3.x); atomicAdd(&force[t.w].y, f3.y); atomicAdd(&force[t.w].z, f3.z);
}
