// Direct-summation N-body with tabulated softening kernels (Plummer / spline),
// shared-memory tiling, Hermite acc+jerk for 8 targets/thread, kick-drift and energy diagnostics.
#include <cuda_runtime.h>

#define NB_TILE 128
#define SOFT_TABLE 256

__constant__ float c_soft_table[SOFT_TABLE];   // tabulated 1/r^3 correction vs r/eps
__constant__ float c_soft_rmax;

__device__ __forceinline__ float soft_lookup(float u)
{
    // u = r / eps, table spans [0, c_soft_rmax)
    float x = u * (SOFT_TABLE - 1) / c_soft_rmax;
    if (x >= SOFT_TABLE - 1) return 1.0f;
    int i = (int)x;
    float t = x - i;
    return c_soft_table[i] * (1.0f - t) + c_soft_table[i + 1] * t;
}

extern "C" __global__ void nbody_accel_tiled(const float4* __restrict__ pos_mass,
                                             float4* __restrict__ accel_pot,
                                             int n, float eps, float G)
{
    __shared__ float4 sh[NB_TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 pi = (i < n) ? pos_mass[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float ax = 0.f, ay = 0.f, az = 0.f, pot = 0.f;
    float inv_eps = 1.0f / eps;
    for (int base = 0; base < n; base += NB_TILE) {
        int j = base + threadIdx.x;
        sh[threadIdx.x] = (j < n) ? pos_mass[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < NB_TILE; ++k) {
            float4 pj = sh[k];
            float dx = pj.x - pi.x, dy = pj.y - pi.y, dz = pj.z - pi.z;
            float r2 = dx * dx + dy * dy + dz * dz;
            float r = sqrtf(r2);
            float w = soft_lookup(r * inv_eps);
            float rinv = rsqrtf(r2 + eps * eps);
            float rinv3 = rinv * rinv * rinv * w;
            float m = pj.w;
            ax += m * dx * rinv3;
            ay += m * dy * rinv3;
            az += m * dz * rinv3;
            pot -= m * rinv;
        }
        __syncthreads();
    }
    if (i < n) accel_pot[i] = make_float4(G * ax, G * ay, G * az, G * (pot + pi.w / eps));
}

// 4th-order Hermite predictor: acceleration and jerk for 8 target particles per thread
// (positions, velocities, accelerations, jerks all live in registers).
#define HT 8
extern "C" __global__ void __launch_bounds__(128)
nbody_hermite_acc_jerk_8t(const float4* __restrict__ pos_mass, const float4* __restrict__ vel,
                          float4* __restrict__ acc_out, float4* __restrict__ jerk_out, int n, float eps2)
{
    __shared__ float4 shp[NB_TILE];
    __shared__ float4 shv[NB_TILE];
    int i0 = (blockIdx.x * blockDim.x + threadIdx.x) * HT;
    float px[HT], py[HT], pz[HT], vx[HT], vy[HT], vz[HT];
    float ax[HT], ay[HT], az[HT], jx[HT], jy[HT], jz[HT], pot[HT];
#pragma unroll
    for (int t = 0; t < HT; ++t) {
        int idx = min(i0 + t, n - 1);
        float4 p = pos_mass[idx], v = vel[idx];
        px[t] = p.x; py[t] = p.y; pz[t] = p.z;
        vx[t] = v.x; vy[t] = v.y; vz[t] = v.z;
        ax[t] = ay[t] = az[t] = jx[t] = jy[t] = jz[t] = pot[t] = 0.f;
    }
    for (int base = 0; base < n; base += NB_TILE) {
        int j = base + threadIdx.x;
        shp[threadIdx.x] = (j < n) ? pos_mass[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        shv[threadIdx.x] = (j < n) ? vel[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 2
        for (int k = 0; k < NB_TILE; ++k) {
            float4 pj = shp[k], vj = shv[k];
#pragma unroll
            for (int t = 0; t < HT; ++t) {
                float dx = pj.x - px[t], dy = pj.y - py[t], dz = pj.z - pz[t];
                float dvx = vj.x - vx[t], dvy = vj.y - vy[t], dvz = vj.z - vz[t];
                float r2 = fmaf(dx, dx, fmaf(dy, dy, fmaf(dz, dz, eps2)));
                float ri = rsqrtf(r2);
                float ri2 = ri * ri;
                float mri3 = pj.w * ri * ri2;
                float rv = 3.f * (dx * dvx + dy * dvy + dz * dvz) * ri2;
                ax[t] = fmaf(mri3, dx, ax[t]); ay[t] = fmaf(mri3, dy, ay[t]); az[t] = fmaf(mri3, dz, az[t]);
                jx[t] = fmaf(mri3, dvx - rv * dx, jx[t]);
                jy[t] = fmaf(mri3, dvy - rv * dy, jy[t]);
                jz[t] = fmaf(mri3, dvz - rv * dz, jz[t]);
                pot[t] = fmaf(-pj.w, ri, pot[t]);
            }
        }
        __syncthreads();
    }
#pragma unroll
    for (int t = 0; t < HT; ++t)
        if (i0 + t < n) {
            acc_out[i0 + t] = make_float4(ax[t], ay[t], az[t], pot[t]);
            jerk_out[i0 + t] = make_float4(jx[t], jy[t], jz[t], 0.f);
        }
}

extern "C" __global__ void nbody_kick_drift(float4* __restrict__ pos_mass, float4* __restrict__ vel,
                                            const float4* __restrict__ acc, int n, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pos_mass[i];
    float4 v = vel[i];
    float4 a = acc[i];
    v.x += 0.5f * dt * a.x; v.y += 0.5f * dt * a.y; v.z += 0.5f * dt * a.z;
    p.x += dt * v.x; p.y += dt * v.y; p.z += dt * v.z;
    pos_mass[i] = p;
    vel[i] = v;
}

extern "C" __global__ void nbody_energy_reduce(const float4* __restrict__ pos_mass,
                                               const float4* __restrict__ vel,
                                               const float4* __restrict__ accel_pot,
                                               double* __restrict__ energy, int n)
{
    __shared__ double sk[256], sp[256];
    int tid = threadIdx.x;
    double ek = 0.0, ep = 0.0;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x) {
        float4 v = vel[i];
        float m = pos_mass[i].w;
        ek += 0.5 * m * ((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
        ep += 0.5 * m * (double)accel_pot[i].w;
    }
    sk[tid] = ek; sp[tid] = ep;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) { sk[tid] += sk[tid + s]; sp[tid] += sp[tid + s]; }
        __syncthreads();
    }
    if (tid == 0) { atomicAdd(&energy[0], sk[0]); atomicAdd(&energy[1], sp[0]); }
}
