// Molecular dynamics: Lennard-Jones + Ewald real-space Coulomb over a
// neighbour list (double accumulation), periodic-torsion dihedral forces,
// harmonic angle forces, and a velocity-Verlet/Berendsen integrator.
#include <cuda_runtime.h>

struct __align__(16) D4 { double x, y, z, w; };
__device__ __forceinline__ D4 make_d4(double x, double y, double z, double w) { D4 r = {x, y, z, w}; return r; }

__device__ __forceinline__ float3 min_image(float3 d, float3 box)
{
    d.x -= box.x * rintf(d.x / box.x);
    d.y -= box.y * rintf(d.y / box.y);
    d.z -= box.z * rintf(d.z / box.z);
    return d;
}

extern "C" __global__ void lj_ewald_nlist(const float4* __restrict__ xq, const int* __restrict__ type,
                                          const int* __restrict__ nl, const int* __restrict__ nl_cnt, int nl_stride,
                                          const float2* __restrict__ lj_ab, int ntypes, float3 box,
                                          float rc2, float ewald_alpha,
                                          D4* __restrict__ f_and_e, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 pi = xq[i];
    int ti = type[i];
    double fx = 0, fy = 0, fz = 0, e = 0;
    int cnt = nl_cnt[i];
    const float two_over_sqrtpi = 1.1283791671f;
    for (int k = 0; k < cnt; ++k) {
        int j = nl[(size_t)k * nl_stride + i];
        float4 pj = xq[j];
        float3 d = min_image(make_float3(pi.x - pj.x, pi.y - pj.y, pi.z - pj.z), box);
        float r2 = d.x * d.x + d.y * d.y + d.z * d.z;
        if (r2 >= rc2) continue;
        float ir2 = 1.f / r2;
        float2 ab = lj_ab[ti * ntypes + type[j]];
        float ir6 = ir2 * ir2 * ir2;
        float flj = (12.f * ab.x * ir6 - 6.f * ab.y) * ir6 * ir2;
        float elj = (ab.x * ir6 - ab.y) * ir6;
        float r = sqrtf(r2), ir = 1.f / r;
        float ar = ewald_alpha * r;
        float erfcv = erfcf(ar);
        float qq = pi.w * pj.w;
        float ec = qq * erfcv * ir;
        float fc = qq * (erfcv * ir + two_over_sqrtpi * ewald_alpha * __expf(-ar * ar)) * ir2;
        float ft = flj + fc;
        fx += (double)(ft * d.x); fy += (double)(ft * d.y); fz += (double)(ft * d.z);
        e += 0.5 * (double)(elj + ec);
    }
    f_and_e[i] = make_d4(fx, fy, fz, e);
}

__device__ __forceinline__ float3 f3sub(float4 a, float4 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ __forceinline__ float3 cross3(float3 a, float3 b)
{ return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
__device__ __forceinline__ float dot3(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

// Periodic torsion V = k (1 + cos(n phi - phi0)); one dihedral per thread,
// forces scattered with atomics.
extern "C" __global__ void dihedral_forces(const float4* __restrict__ x, const int4* __restrict__ quad,
                                           const float4* __restrict__ prm, int ndih, float3 box,
                                           float* __restrict__ f, float* __restrict__ energy)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= ndih) return;
    int4 q = quad[t];
    float4 P = prm[t];  // k, n, phi0
    float4 a = x[q.x], b = x[q.y], c = x[q.z], d = x[q.w];
    float3 b1 = min_image(f3sub(b, a), box), b2 = min_image(f3sub(c, b), box), b3 = min_image(f3sub(d, c), box);
    float3 n1 = cross3(b1, b2), n2 = cross3(b2, b3);
    float n1s = dot3(n1, n1), n2s = dot3(n2, n2);
    float b2l = sqrtf(dot3(b2, b2));
    float3 m1 = cross3(n1, make_float3(b2.x / b2l, b2.y / b2l, b2.z / b2l));
    float xx = dot3(n1, n2), yy = dot3(m1, n2);
    float phi = atan2f(yy, xx);
    float dV = -P.x * P.y * sinf(P.y * phi - P.z);
    float en = P.x * (1.f + cosf(P.y * phi - P.z));
    float3 f1 = make_float3(-dV * b2l / n1s * n1.x, -dV * b2l / n1s * n1.y, -dV * b2l / n1s * n1.z);
    float3 f4 = make_float3(dV * b2l / n2s * n2.x, dV * b2l / n2s * n2.y, dV * b2l / n2s * n2.z);
    float p = dot3(b1, b2) / (b2l * b2l), r = dot3(b3, b2) / (b2l * b2l);
    float3 s = make_float3(p * f1.x - r * f4.x, p * f1.y - r * f4.y, p * f1.z - r * f4.z);
    float3 f2 = make_float3(-f1.x + s.x, -f1.y + s.y, -f1.z + s.z);
    float3 f3 = make_float3(-f4.x - s.x, -f4.y - s.y, -f4.z - s.z);
    atomicAdd(&f[3 * q.x], f1.x); atomicAdd(&f[3 * q.x + 1], f1.y); atomicAdd(&f[3 * q.x + 2], f1.z);
    atomicAdd(&f[3 * q.y], f2.x); atomicAdd(&f[3 * q.y + 1], f2.y); atomicAdd(&f[3 * q.y + 2], f2.z);
    atomicAdd(&f[3 * q.z], f3.x); atomicAdd(&f[3 * q.z + 1], f3.y); atomicAdd(&f[3 * q.z + 2], f3.z);
    atomicAdd(&f[3 * q.w], f4.x); atomicAdd(&f[3 * q.w + 1], f4.y); atomicAdd(&f[3 * q.w + 2], f4.z);
    atomicAdd(energy, en);
}

extern "C" __global__ void angle_harmonic(const float4* __restrict__ x, const int4* __restrict__ tri,
                                          const float2* __restrict__ prm, int nang,
                                          float* __restrict__ f, float* __restrict__ energy)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nang) return;
    int4 q = tri[t];
    float2 P = prm[t];   // k, theta0
    float4 a = x[q.x], b = x[q.y], c = x[q.z];
    float3 r1 = f3sub(a, b), r2 = f3sub(c, b);
    float l1 = rsqrtf(dot3(r1, r1)), l2 = rsqrtf(dot3(r2, r2));
    float cs = fminf(fmaxf(dot3(r1, r2) * l1 * l2, -0.999999f), 0.999999f);
    float th = acosf(cs);
    float dth = th - P.y;
    float coef = -2.f * P.x * dth / sqrtf(1.f - cs * cs);
    float3 fa = make_float3(coef * l1 * (r2.x * l2 - cs * r1.x * l1), coef * l1 * (r2.y * l2 - cs * r1.y * l1),
                            coef * l1 * (r2.z * l2 - cs * r1.z * l1));
    float3 fc = make_float3(coef * l2 * (r1.x * l1 - cs * r2.x * l2), coef * l2 * (r1.y * l1 - cs * r2.y * l2),
                            coef * l2 * (r1.z * l1 - cs * r2.z * l2));
    atomicAdd(&f[3 * q.x], -fa.x); atomicAdd(&f[3 * q.x + 1], -fa.y); atomicAdd(&f[3 * q.x + 2], -fa.z);
    atomicAdd(&f[3 * q.z], -fc.x); atomicAdd(&f[3 * q.z + 1], -fc.y); atomicAdd(&f[3 * q.z + 2], -fc.z);
    atomicAdd(&f[3 * q.y], fa.x + fc.x); atomicAdd(&f[3 * q.y + 1], fa.y + fc.y); atomicAdd(&f[3 * q.y + 2], fa.z + fc.z);
    atomicAdd(energy, P.x * dth * dth);
}

extern "C" __global__ void verlet_berendsen(float4* __restrict__ x, float4* __restrict__ v,
                                            const D4* __restrict__ f, const float* __restrict__ inv_mass,
                                            int n, float dt, float lambda_T, float3 box)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 vi = v[i], xi = x[i];
    D4 fi = f[i];
    float im = inv_mass[i];
    vi.x = (vi.x + dt * im * (float)fi.x) * lambda_T;
    vi.y = (vi.y + dt * im * (float)fi.y) * lambda_T;
    vi.z = (vi.z + dt * im * (float)fi.z) * lambda_T;
    xi.x += dt * vi.x; xi.y += dt * vi.y; xi.z += dt * vi.z;
    xi.x -= box.x * floorf(xi.x / box.x);
    xi.y -= box.y * floorf(xi.y / box.y);
    xi.z -= box.z * floorf(xi.z / box.z);
    v[i] = vi; x[i] = xi;
}
