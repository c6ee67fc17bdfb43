// __maxnreg__ caps on a moderately heavy kernel (Lennard-Jones forces with neighbour list)
struct __align__(16) P4 { float x, y, z, q; };

__device__ __forceinline__ void lj_forces(const P4* __restrict__ pos, const int* __restrict__ nbr, int maxnb,
                                          const int* __restrict__ nnb, float4* __restrict__ force, float* __restrict__ energy,
                                          float eps, float sig2, float rc2, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    P4 pi = pos[i];
    float fx = 0.f, fy = 0.f, fz = 0.f, e = 0.f, vir = 0.f;
    int cnt = nnb[i];
    for (int k = 0; k < cnt; ++k) {
        int j = nbr[(size_t)k * n + i];
        P4 pj = pos[j];
        float dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
        float r2 = dx * dx + dy * dy + dz * dz;
        if (r2 < rc2) {
            float ir2 = 1.f / r2;
            float s2 = sig2 * ir2, s6 = s2 * s2 * s2;
            float coul = pi.q * pj.q * sqrtf(ir2);
            float f = (24.f * eps * s6 * (2.f * s6 - 1.f) + coul) * ir2;
            fx += f * dx; fy += f * dy; fz += f * dz;
            e += 4.f * eps * s6 * (s6 - 1.f) + coul;
            vir += f * r2;
        }
    }
    force[i] = make_float4(fx, fy, fz, vir);
    energy[i] = 0.5f * e;
}
extern "C" __global__ void __maxnreg__(32) lj_forces_maxnreg32(const P4* p, const int* nb, int m, const int* nn, float4* f, float* e,
                                                                float eps, float s2, float rc2, int n)
{ lj_forces(p, nb, m, nn, f, e, eps, s2, rc2, n); }
extern "C" __global__ void lj_forces_free(const P4* p, const int* nb, int m, const int* nn, float4* f, float* e,
                                          float eps, float s2, float rc2, int n)
{ lj_forces(p, nb, m, nn, f, e, eps, s2, rc2, n); }

// A register-tiled kernel with an aggressive cap
extern "C" __global__ void __maxnreg__(64) outer_product_acc_maxnreg64(const float* __restrict__ a, const float* __restrict__ b,
                                                                        float* __restrict__ c, int n, int steps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float acc[6][8];
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;
    for (int s = 0; s < steps; ++s) {
        float av[6], bv[8];
#pragma unroll
        for (int i = 0; i < 6; ++i) av[i] = a[(size_t)(s * 6 + i) * n + t];
#pragma unroll
        for (int j = 0; j < 8; ++j) bv[j] = b[(size_t)(s * 8 + j) * n + t];
#pragma unroll
        for (int i = 0; i < 6; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(av[i], bv[j], acc[i][j]);
    }
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) c[(size_t)(i * 8 + j) * n + t] = acc[i][j];
}
