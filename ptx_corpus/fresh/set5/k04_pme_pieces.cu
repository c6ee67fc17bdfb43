// Smooth particle-mesh Ewald pieces: B-spline charge spreading (order 6),
// reciprocal-space influence-function convolution, force gathering.

#define PME_ORDER 6

__device__ __forceinline__ void bspline_order6(float w, float* __restrict__ th, float* __restrict__ dth)
{
    // Cardinal B-spline of order 6 by recursion (Essmann et al.).
    float a[PME_ORDER];
    a[PME_ORDER - 1] = 0.f;
    a[1] = w; a[0] = 1.f - w;
#pragma unroll
    for (int k = 3; k <= PME_ORDER - 1; ++k) {
        float div = 1.f / (k - 1);
        a[k - 1] = div * w * a[k - 2];
#pragma unroll
        for (int j = 1; j <= k - 2; ++j)
            a[k - j - 1] = div * ((w + j) * a[k - j - 2] + (k - j - w) * a[k - j - 1]);
        a[0] = div * (1.f - w) * a[0];
    }
    dth[0] = -a[0];
#pragma unroll
    for (int j = 1; j < PME_ORDER; ++j) dth[j] = a[j - 1] - a[j];
    {
        float div = 1.f / (PME_ORDER - 1);
        a[PME_ORDER - 1] = div * w * a[PME_ORDER - 2];
#pragma unroll
        for (int j = 1; j <= PME_ORDER - 2; ++j)
            a[PME_ORDER - j - 1] = div * ((w + j) * a[PME_ORDER - j - 2] + (PME_ORDER - j - w) * a[PME_ORDER - j - 1]);
        a[0] = div * (1.f - w) * a[0];
    }
#pragma unroll
    for (int j = 0; j < PME_ORDER; ++j) th[j] = a[j];
}

extern "C" __global__ void pme_spread_charges_o6(const float4* __restrict__ xq, int natoms,
                                                 float3 recip_a, float3 recip_b, float3 recip_c,
                                                 int kx, int ky, int kz, float* __restrict__ grid)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= natoms) return;
    float4 p = xq[i];
    float ux = kx * (p.x * recip_a.x + p.y * recip_a.y + p.z * recip_a.z);
    float uy = ky * (p.x * recip_b.x + p.y * recip_b.y + p.z * recip_b.z);
    float uz = kz * (p.x * recip_c.x + p.y * recip_c.y + p.z * recip_c.z);
    int ix = (int)floorf(ux), iy = (int)floorf(uy), iz = (int)floorf(uz);
    float thx[PME_ORDER], thy[PME_ORDER], thz[PME_ORDER], d[PME_ORDER];
    bspline_order6(ux - ix, thx, d);
    bspline_order6(uy - iy, thy, d);
    bspline_order6(uz - iz, thz, d);
    for (int a = 0; a < PME_ORDER; ++a) {
        int gx = ((ix - PME_ORDER + 1 + a) % kx + kx) % kx;
        float qa = p.w * thx[a];
#pragma unroll
        for (int b = 0; b < PME_ORDER; ++b) {
            int gy = ((iy - PME_ORDER + 1 + b) % ky + ky) % ky;
            float qab = qa * thy[b];
            long base = ((long)gx * ky + gy) * kz;
#pragma unroll
            for (int c = 0; c < PME_ORDER; ++c) {
                int gz = iz - PME_ORDER + 1 + c;
                gz += (gz < 0) ? kz : 0;
                gz -= (gz >= kz) ? kz : 0;
                atomicAdd(&grid[base + gz], qab * thz[c]);
            }
        }
    }
}

// Multiply the complex FFT'd grid by the Ewald influence function and accumulate energy/virial.
extern "C" __global__ void pme_solve_influence(float2* __restrict__ cgrid, int kx, int ky, int kzc, int kz,
                                               const float* __restrict__ bsp_mod_x, const float* __restrict__ bsp_mod_y,
                                               const float* __restrict__ bsp_mod_z,
                                               float3 ra, float3 rb, float3 rc, float ewald_beta, float volume,
                                               float elec_factor, double* __restrict__ energy_virial)
{
    long n = (long)kx * ky * kzc;
    long id = blockIdx.x * (long)blockDim.x + threadIdx.x;
    double e = 0.0, vxx = 0.0, vyy = 0.0, vzz = 0.0, vxy = 0.0, vxz = 0.0, vyz = 0.0;
    if (id < n && id != 0) {
        int z = (int)(id % kzc);
        int y = (int)((id / kzc) % ky);
        int x = (int)(id / ((long)kzc * ky));
        int mx = x < (kx + 1) / 2 ? x : x - kx;
        int my = y < (ky + 1) / 2 ? y : y - ky;
        int mz = z;
        float mhx = mx * ra.x + my * rb.x + mz * rc.x;
        float mhy = mx * ra.y + my * rb.y + mz * rc.y;
        float mhz = mx * ra.z + my * rb.z + mz * rc.z;
        float m2 = mhx * mhx + mhy * mhy + mhz * mhz;
        float fac = 3.14159265f * 3.14159265f / (ewald_beta * ewald_beta);
        float denom = 3.14159265f * volume * bsp_mod_x[x] * bsp_mod_y[y] * bsp_mod_z[z] * m2;
        float eterm = elec_factor * __expf(-fac * m2) / denom;
        float2 g = cgrid[id];
        float s2 = g.x * g.x + g.y * g.y;
        float corner = (z == 0 || (kz % 2 == 0 && z == kzc - 1)) ? 0.5f : 1.f;
        float ev = corner * eterm * s2;
        float vfac = 2.f * (1.f + fac * m2) / m2;
        e = ev;
        vxx = ev * (vfac * mhx * mhx - 1.f);
        vyy = ev * (vfac * mhy * mhy - 1.f);
        vzz = ev * (vfac * mhz * mhz - 1.f);
        vxy = ev * vfac * mhx * mhy;
        vxz = ev * vfac * mhx * mhz;
        vyz = ev * vfac * mhy * mhz;
        cgrid[id] = make_float2(g.x * eterm, g.y * eterm);
    } else if (id == 0) {
        cgrid[0] = make_float2(0.f, 0.f);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        e += __shfl_xor_sync(0xffffffffu, e, o);
        vxx += __shfl_xor_sync(0xffffffffu, vxx, o);
        vyy += __shfl_xor_sync(0xffffffffu, vyy, o);
        vzz += __shfl_xor_sync(0xffffffffu, vzz, o);
        vxy += __shfl_xor_sync(0xffffffffu, vxy, o);
        vxz += __shfl_xor_sync(0xffffffffu, vxz, o);
        vyz += __shfl_xor_sync(0xffffffffu, vyz, o);
    }
    if ((threadIdx.x & 31) == 0) {
        atomicAdd(&energy_virial[0], e);
        atomicAdd(&energy_virial[1], vxx); atomicAdd(&energy_virial[2], vyy);
        atomicAdd(&energy_virial[3], vzz); atomicAdd(&energy_virial[4], vxy);
        atomicAdd(&energy_virial[5], vxz); atomicAdd(&energy_virial[6], vyz);
    }
}

// Gather forces: F = -q * sum grad(theta) * phi(grid)
extern "C" __global__ void pme_gather_forces_o6(const float4* __restrict__ xq, int natoms,
                                                float3 ra, float3 rb, float3 rc,
                                                int kx, int ky, int kz, const float* __restrict__ grid,
                                                float4* __restrict__ force)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= natoms) return;
    float4 p = xq[i];
    float ux = kx * (p.x * ra.x + p.y * ra.y + p.z * ra.z);
    float uy = ky * (p.x * rb.x + p.y * rb.y + p.z * rb.z);
    float uz = kz * (p.x * rc.x + p.y * rc.y + p.z * rc.z);
    int ix = (int)floorf(ux), iy = (int)floorf(uy), iz = (int)floorf(uz);
    float thx[PME_ORDER], thy[PME_ORDER], thz[PME_ORDER];
    float dthx[PME_ORDER], dthy[PME_ORDER], dthz[PME_ORDER];
    bspline_order6(ux - ix, thx, dthx);
    bspline_order6(uy - iy, thy, dthy);
    bspline_order6(uz - iz, thz, dthz);
    float f1 = 0.f, f2 = 0.f, f3 = 0.f;
#pragma unroll
    for (int a = 0; a < PME_ORDER; ++a) {
        int gx = ((ix - PME_ORDER + 1 + a) % kx + kx) % kx;
#pragma unroll
        for (int b = 0; b < PME_ORDER; ++b) {
            int gy = ((iy - PME_ORDER + 1 + b) % ky + ky) % ky;
            const float* row = grid + ((long)gx * ky + gy) * kz;
            float s0 = 0.f, s1 = 0.f;
#pragma unroll
            for (int c = 0; c < PME_ORDER; ++c) {
                int gz = iz - PME_ORDER + 1 + c;
                gz += (gz < 0) ? kz : 0;
                gz -= (gz >= kz) ? kz : 0;
                float t = __ldg(row + gz);
                s0 += thz[c] * t;
                s1 += dthz[c] * t;
            }
            f1 += dthx[a] * thy[b] * s0;
            f2 += thx[a] * dthy[b] * s0;
            f3 += thx[a] * thy[b] * s1;
        }
    }
    f1 *= kx; f2 *= ky; f3 *= kz;
    float4 fo;
    fo.x = -p.w * (f1 * ra.x + f2 * rb.x + f3 * rc.x);
    fo.y = -p.w * (f1 * ra.y + f2 * rb.y + f3 * rc.y);
    fo.z = -p.w * (f1 * ra.z + f2 * rb.z + f3 * rc.z);
    fo.w = 0.f;
    float4 old = force[i];
    force[i] = make_float4(old.x + fo.x, old.y + fo.y, old.z + fo.z, old.w);
}
