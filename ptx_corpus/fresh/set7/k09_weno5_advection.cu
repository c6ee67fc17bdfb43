// Climate/ocean tracer transport: WENO5-JS and WENO-Z reconstructions, Lax-Friedrichs
// flux splitting for 3D advection, and an SSP-RK3 stage update. Several tracers per thread.
#include <cuda_runtime.h>

__device__ __forceinline__ float weno5_js(float v0, float v1, float v2, float v3, float v4)
{
    const float eps = 1e-6f;
    float b0 = 13.f / 12.f * (v0 - 2.f * v1 + v2) * (v0 - 2.f * v1 + v2) + 0.25f * (v0 - 4.f * v1 + 3.f * v2) * (v0 - 4.f * v1 + 3.f * v2);
    float b1 = 13.f / 12.f * (v1 - 2.f * v2 + v3) * (v1 - 2.f * v2 + v3) + 0.25f * (v1 - v3) * (v1 - v3);
    float b2 = 13.f / 12.f * (v2 - 2.f * v3 + v4) * (v2 - 2.f * v3 + v4) + 0.25f * (3.f * v2 - 4.f * v3 + v4) * (3.f * v2 - 4.f * v3 + v4);
    float a0 = 0.1f / ((eps + b0) * (eps + b0));
    float a1 = 0.6f / ((eps + b1) * (eps + b1));
    float a2 = 0.3f / ((eps + b2) * (eps + b2));
    float q0 = (2.f * v0 - 7.f * v1 + 11.f * v2) / 6.f;
    float q1 = (-v1 + 5.f * v2 + 2.f * v3) / 6.f;
    float q2 = (2.f * v2 + 5.f * v3 - v4) / 6.f;
    return (a0 * q0 + a1 * q1 + a2 * q2) / (a0 + a1 + a2);
}

__device__ __forceinline__ float weno5_z(float v0, float v1, float v2, float v3, float v4)
{
    const float eps = 1e-40f;
    float d0 = v0 - 2.f * v1 + v2, d1 = v1 - 2.f * v2 + v3, d2 = v2 - 2.f * v3 + v4;
    float b0 = 13.f / 12.f * d0 * d0 + 0.25f * (v0 - 4.f * v1 + 3.f * v2) * (v0 - 4.f * v1 + 3.f * v2);
    float b1 = 13.f / 12.f * d1 * d1 + 0.25f * (v1 - v3) * (v1 - v3);
    float b2 = 13.f / 12.f * d2 * d2 + 0.25f * (3.f * v2 - 4.f * v3 + v4) * (3.f * v2 - 4.f * v3 + v4);
    float tau5 = fabsf(b0 - b2);
    float a0 = 0.1f * (1.f + tau5 / (b0 + eps));
    float a1 = 0.6f * (1.f + tau5 / (b1 + eps));
    float a2 = 0.3f * (1.f + tau5 / (b2 + eps));
    float q0 = (2.f * v0 - 7.f * v1 + 11.f * v2) / 6.f;
    float q1 = (-v1 + 5.f * v2 + 2.f * v3) / 6.f;
    float q2 = (2.f * v2 + 5.f * v3 - v4) / 6.f;
    return (a0 * q0 + a1 * q1 + a2 * q2) / (a0 + a1 + a2);
}

// x-direction flux divergence for one tracer, shared-memory line with 3-cell halos.
extern "C" __global__ void weno5_flux_x(const float* __restrict__ q, const float* __restrict__ u_face,
                                        float* __restrict__ dqdt, int nx, int ny, int nz, float inv_dx)
{
    extern __shared__ float line[];
    int j = blockIdx.y, k = blockIdx.z;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    size_t row = ((size_t)k * ny + j) * nx;
    int B = blockDim.x;
    for (int t = threadIdx.x; t < B + 6; t += B) {
        int gi = blockIdx.x * B + t - 3;
        gi = (gi % nx + nx) % nx;   // periodic
        line[t] = q[row + gi];
    }
    __syncthreads();
    if (i >= nx) return;
    int s = threadIdx.x + 3;
    float F[2];
#pragma unroll
    for (int f = 0; f < 2; ++f) {   // faces i-1/2 and i+1/2
        int c = s - 1 + f;
        float u = u_face[row + min(i + f, nx - 1)];
        float qm = weno5_js(line[c - 2], line[c - 1], line[c], line[c + 1], line[c + 2]);
        float qp = weno5_js(line[c + 3], line[c + 2], line[c + 1], line[c], line[c - 1]);
        F[f] = 0.5f * (u * (qm + qp) - fabsf(u) * (qp - qm));
    }
    dqdt[row + i] = -(F[1] - F[0]) * inv_dx;
}

// Full 3D WENO-Z tendency for NTRAC tracers, directly from global memory.
#define NTRAC 4
extern "C" __global__ void weno_z_tendency_3d(const float* __restrict__ q,      // [NTRAC][nz][ny][nx]
                                              const float* __restrict__ u, const float* __restrict__ v,
                                              const float* __restrict__ w, float* __restrict__ tend,
                                              int nx, int ny, int nz, float idx, float idy, float idz)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    int k = blockIdx.z;
    if (i < 3 || j < 3 || k < 3 || i >= nx - 3 || j >= ny - 3 || k >= nz - 3) return;
    size_t sx = 1, sy = nx, sz = (size_t)nx * ny, N = sz * nz;
    size_t c = k * sz + j * sy + i;
    float um = u[c], up = u[c + 1], vm = v[c], vp = v[c + sy], wm = w[c], wp = w[c + sz];
#pragma unroll
    for (int tr = 0; tr < NTRAC; ++tr) {
        const float* Q = q + tr * N;
        float acc = 0.f;
        size_t strides[3] = {sx, sy, sz};
        float vel_m[3] = {um, vm, wm}, vel_p[3] = {up, vp, wp};
        float inv[3] = {idx, idy, idz};
#pragma unroll
        for (int d = 0; d < 3; ++d) {
            size_t s = strides[d];
            float a[7];
#pragma unroll
            for (int o = 0; o < 7; ++o) a[o] = __ldg(Q + c + (o - 3) * (long long)s);
            float qm_l = weno5_z(a[0], a[1], a[2], a[3], a[4]);
            float qm_r = weno5_z(a[4], a[3], a[2], a[1], a[0]);
            float qp_l = weno5_z(a[1], a[2], a[3], a[4], a[5]);
            float qp_r = weno5_z(a[5], a[4], a[3], a[2], a[1]);
            float Fm = vel_m[d] > 0.f ? vel_m[d] * qm_l : vel_m[d] * qm_r;
            float Fp = vel_p[d] > 0.f ? vel_p[d] * qp_l : vel_p[d] * qp_r;
            (void)a[6];
            acc -= (Fp - Fm) * inv[d];
        }
        tend[tr * N + c] = acc;
    }
}

extern "C" __global__ void ssp_rk3_stage(const float* __restrict__ q0, const float* __restrict__ q1,
                                         const float* __restrict__ tend, float* __restrict__ qout,
                                         size_t n, float a, float b, float dt, float qmin)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = a * q0[i] + b * (q1[i] + dt * tend[i]);
    qout[i] = fmaxf(v, qmin);   // positivity clip
}
