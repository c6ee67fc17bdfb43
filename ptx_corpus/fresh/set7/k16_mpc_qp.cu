// Model predictive control: batched box-constrained QP solved per thread with
// projected gradient / ADMM on a condensed horizon. State dim 4, input dim 2, horizon 8
// -> 16 decision variables; Hessian kept in registers. Also a closed-loop rollout kernel.
#include <cuda_runtime.h>

#define NX 4
#define NU 2
#define HZ 8
#define NV (NU * HZ)

// Condensed QP: min 0.5 z'Hz + f'z, lb <= z <= ub. H shared across problems (constant),
// f depends on initial state via F: f = F x0.
__constant__ float c_H[NV * NV];
__constant__ float c_F[NV * NX];
__constant__ float c_step;   // 1/L

extern "C" __global__ void mpc_projected_gradient(const float* __restrict__ x0_batch, float* __restrict__ u_out,
                                                  const float* __restrict__ lb, const float* __restrict__ ub,
                                                  int nprob, int iters)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nprob) return;
    float x0[NX];
#pragma unroll
    for (int i = 0; i < NX; ++i) x0[i] = x0_batch[p * NX + i];
    float f[NV], z[NV], y[NV], lo[NV], hi[NV];
#pragma unroll
    for (int i = 0; i < NV; ++i) {
        float s = 0.f;
#pragma unroll
        for (int j = 0; j < NX; ++j) s += c_F[i * NX + j] * x0[j];
        f[i] = s; z[i] = 0.f; y[i] = 0.f;
        lo[i] = lb[i % NU]; hi[i] = ub[i % NU];
    }
    float tk = 1.f;
    // FISTA-accelerated projected gradient
    for (int it = 0; it < iters; ++it) {
        float g[NV];
#pragma unroll
        for (int i = 0; i < NV; ++i) {
            float s = f[i];
#pragma unroll
            for (int j = 0; j < NV; ++j) s = fmaf(c_H[i * NV + j], y[j], s);
            g[i] = s;
        }
        float tn = 0.5f * (1.f + sqrtf(1.f + 4.f * tk * tk));
        float beta = (tk - 1.f) / tn;
#pragma unroll
        for (int i = 0; i < NV; ++i) {
            float zn = fminf(fmaxf(y[i] - c_step * g[i], lo[i]), hi[i]);
            y[i] = zn + beta * (zn - z[i]);
            z[i] = zn;
        }
        tk = tn;
    }
#pragma unroll
    for (int i = 0; i < NV; ++i) u_out[p * NV + i] = z[i];
}

// ADMM with a per-problem factorised (H + rho I)^-1 supplied as dense matrix (Kinv).
extern "C" __global__ void mpc_admm(const float* __restrict__ Kinv,      // [nprob][NV][NV]
                                    const float* __restrict__ fvec,      // [nprob][NV]
                                    const float* __restrict__ lb, const float* __restrict__ ub,
                                    float* __restrict__ z_out, float* __restrict__ res_out,
                                    int nprob, int iters, float rho)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nprob) return;
    const float* K = Kinv + (size_t)p * NV * NV;
    float f[NV], x[NV], z[NV], u[NV];
#pragma unroll
    for (int i = 0; i < NV; ++i) { f[i] = fvec[p * NV + i]; z[i] = 0.f; u[i] = 0.f; x[i] = 0.f; }
    float r_prim = 0.f, r_dual = 0.f;
    for (int it = 0; it < iters; ++it) {
        float rhs[NV];
#pragma unroll
        for (int i = 0; i < NV; ++i) rhs[i] = rho * (z[i] - u[i]) - f[i];
#pragma unroll
        for (int i = 0; i < NV; ++i) {
            float s = 0.f;
#pragma unroll
            for (int j = 0; j < NV; ++j) s = fmaf(__ldg(K + i * NV + j), rhs[j], s);
            x[i] = s;
        }
        r_prim = 0.f; r_dual = 0.f;
#pragma unroll
        for (int i = 0; i < NV; ++i) {
            float zold = z[i];
            float zn = fminf(fmaxf(x[i] + u[i], lb[i]), ub[i]);
            u[i] += x[i] - zn;
            z[i] = zn;
            r_prim += (x[i] - zn) * (x[i] - zn);
            r_dual += rho * rho * (zn - zold) * (zn - zold);
        }
        if (r_prim < 1e-10f && r_dual < 1e-10f) break;
    }
#pragma unroll
    for (int i = 0; i < NV; ++i) z_out[p * NV + i] = z[i];
    res_out[2 * p] = sqrtf(r_prim); res_out[2 * p + 1] = sqrtf(r_dual);
}

// Closed-loop simulate linear system x+ = A x + B u for the first control and HZ predictions cost.
extern "C" __global__ void mpc_rollout_cost(const float* __restrict__ A, const float* __restrict__ B,
                                            const float* __restrict__ x0_batch, const float* __restrict__ u_seq,
                                            const float* __restrict__ Qd, const float* __restrict__ Rd,
                                            float* __restrict__ cost, float* __restrict__ x_next, int nprob)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nprob) return;
    float x[NX];
#pragma unroll
    for (int i = 0; i < NX; ++i) x[i] = x0_batch[p * NX + i];
    float J = 0.f;
#pragma unroll
    for (int k = 0; k < HZ; ++k) {
        float u[NU];
#pragma unroll
        for (int j = 0; j < NU; ++j) { u[j] = u_seq[p * NV + k * NU + j]; J += Rd[j] * u[j] * u[j]; }
        float xn[NX];
#pragma unroll
        for (int i = 0; i < NX; ++i) {
            float s = 0.f;
#pragma unroll
            for (int j = 0; j < NX; ++j) s += A[i * NX + j] * x[j];
#pragma unroll
            for (int j = 0; j < NU; ++j) s += B[i * NU + j] * u[j];
            xn[i] = s;
        }
#pragma unroll
        for (int i = 0; i < NX; ++i) { x[i] = xn[i]; J += Qd[i] * x[i] * x[i]; }
        if (k == 0) {
#pragma unroll
            for (int i = 0; i < NX; ++i) x_next[p * NX + i] = xn[i];
        }
    }
    cost[p] = J;
}
