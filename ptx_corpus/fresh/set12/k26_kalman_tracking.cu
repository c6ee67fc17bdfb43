// Multi-target tracking: batched constant-velocity 3D Kalman filters (6
// states, 3 position measurements) in double precision, a register-capped
// variant of the same filter, an alpha-beta tracker, and systematic
// resampling for a particle filter.
#include <cuda_runtime.h>

#define NS 6
#define NM 3

__device__ __forceinline__ void kf_step(double x[NS], double P[NS][NS], const double z[NM],
                                        double dt, double q, double r)
{
    // predict: F = [I dt*I; 0 I]
#pragma unroll
    for (int i = 0; i < 3; ++i) x[i] += dt * x[i + 3];
    // P = F P F^T + Q
    double FP[NS][NS];
#pragma unroll
    for (int i = 0; i < NS; ++i)
#pragma unroll
        for (int j = 0; j < NS; ++j) FP[i][j] = P[i][j] + ((i < 3) ? dt * P[i + 3][j] : 0.0);
#pragma unroll
    for (int i = 0; i < NS; ++i)
#pragma unroll
        for (int j = 0; j < NS; ++j) P[i][j] = FP[i][j] + ((j < 3) ? dt * FP[i][j + 3] : 0.0);
    double dt2 = dt * dt;
#pragma unroll
    for (int i = 0; i < 3; ++i) {
        P[i][i] += q * dt2 * dt2 * 0.25; P[i][i + 3] += q * dt2 * dt * 0.5;
        P[i + 3][i] += q * dt2 * dt * 0.5; P[i + 3][i + 3] += q * dt2;
    }
    // update: H = [I 0]; S = P[0:3,0:3] + R
    double S[3][3];
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) S[i][j] = P[i][j] + (i == j ? r : 0.0);
    double det = S[0][0] * (S[1][1] * S[2][2] - S[1][2] * S[2][1])
               - S[0][1] * (S[1][0] * S[2][2] - S[1][2] * S[2][0])
               + S[0][2] * (S[1][0] * S[2][1] - S[1][1] * S[2][0]);
    double id = 1.0 / det;
    double Si[3][3];
    Si[0][0] = (S[1][1] * S[2][2] - S[1][2] * S[2][1]) * id;
    Si[0][1] = (S[0][2] * S[2][1] - S[0][1] * S[2][2]) * id;
    Si[0][2] = (S[0][1] * S[1][2] - S[0][2] * S[1][1]) * id;
    Si[1][0] = (S[1][2] * S[2][0] - S[1][0] * S[2][2]) * id;
    Si[1][1] = (S[0][0] * S[2][2] - S[0][2] * S[2][0]) * id;
    Si[1][2] = (S[0][2] * S[1][0] - S[0][0] * S[1][2]) * id;
    Si[2][0] = (S[1][0] * S[2][1] - S[1][1] * S[2][0]) * id;
    Si[2][1] = (S[0][1] * S[2][0] - S[0][0] * S[2][1]) * id;
    Si[2][2] = (S[0][0] * S[1][1] - S[0][1] * S[1][0]) * id;
    double K[NS][3];
#pragma unroll
    for (int i = 0; i < NS; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) K[i][j] = P[i][0] * Si[0][j] + P[i][1] * Si[1][j] + P[i][2] * Si[2][j];
    double y[3];
#pragma unroll
    for (int i = 0; i < 3; ++i) y[i] = z[i] - x[i];
#pragma unroll
    for (int i = 0; i < NS; ++i) x[i] += K[i][0] * y[0] + K[i][1] * y[1] + K[i][2] * y[2];
    // P = (I - K H) P  -> P[i][j] -= sum_k K[i][k] * P[k][j]
    double top[3][NS];
#pragma unroll
    for (int k = 0; k < 3; ++k)
#pragma unroll
        for (int j = 0; j < NS; ++j) top[k][j] = P[k][j];
#pragma unroll
    for (int i = 0; i < NS; ++i)
#pragma unroll
        for (int j = 0; j < NS; ++j) P[i][j] -= K[i][0] * top[0][j] + K[i][1] * top[1][j] + K[i][2] * top[2][j];
}

#define KF_KERNEL_BODY                                                                  \
    int t = blockIdx.x * blockDim.x + threadIdx.x;                                      \
    if (t >= ntracks) return;                                                           \
    double x[NS], P[NS][NS];                                                            \
    for (int i = 0; i < NS; ++i) x[i] = X[(size_t)t * NS + i];                          \
    for (int i = 0; i < NS; ++i)                                                        \
        for (int j = 0; j < NS; ++j) P[i][j] = Pm[(size_t)t * 36 + i * NS + j];         \
    for (int s = 0; s < nsteps; ++s) {                                                  \
        double z[NM];                                                                   \
        const float* zp = Z + ((size_t)s * ntracks + t) * 3;                            \
        z[0] = zp[0]; z[1] = zp[1]; z[2] = zp[2];                                       \
        kf_step(x, P, z, dt, q, r);                                                     \
    }                                                                                   \
    for (int i = 0; i < NS; ++i) X[(size_t)t * NS + i] = x[i];                          \
    for (int i = 0; i < NS; ++i)                                                        \
        for (int j = 0; j < NS; ++j) Pm[(size_t)t * 36 + i * NS + j] = P[i][j];

extern "C" __global__ void kalman_cv3d_f64(double* __restrict__ X, double* __restrict__ Pm,
                                           const float* __restrict__ Z, int ntracks, int nsteps,
                                           double dt, double q, double r)
{
    KF_KERNEL_BODY
}

extern "C" __global__ void __launch_bounds__(256, 6)
kalman_cv3d_f64_occ6(double* __restrict__ X, double* __restrict__ Pm,
                     const float* __restrict__ Z, int ntracks, int nsteps,
                     double dt, double q, double r)
{
    KF_KERNEL_BODY
}

extern "C" __global__ void alpha_beta_track(float2* __restrict__ state, const float* __restrict__ meas,
                                            int ntracks, int nsteps, float dt, float alpha, float beta)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= ntracks) return;
    float2 s = state[t];
    for (int k = 0; k < nsteps; ++k) {
        float xp = s.x + dt * s.y;
        float res = meas[(size_t)k * ntracks + t] - xp;
        s.x = xp + alpha * res;
        s.y += beta / dt * res;
    }
    state[t] = s;
}

// Systematic resampling: one block per filter (blockDim == nparticles <= 1024).
extern "C" __global__ void systematic_resample(const float* __restrict__ weights, const float4* __restrict__ particles,
                                               const float* __restrict__ u0, float4* __restrict__ out, int np)
{
    extern __shared__ float cdf[];
    __shared__ float wsum[32];
    int f = blockIdx.x, i = threadIdx.x;
    int lane = i & 31, w = i >> 5;
    float x = (i < np) ? weights[(size_t)f * np + i] : 0.f;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) { float y = __shfl_up_sync(0xffffffffu, x, o); if (lane >= o) x += y; }
    if (lane == 31) wsum[w] = x;
    __syncthreads();
    if (w == 0) {
        float s = (lane < (int)(blockDim.x >> 5)) ? wsum[lane] : 0.f;
#pragma unroll
        for (int o = 1; o < 32; o <<= 1) { float y = __shfl_up_sync(0xffffffffu, s, o); if (lane >= o) s += y; }
        wsum[lane] = s;
    }
    __syncthreads();
    if (w > 0) x += wsum[w - 1];
    if (i < np) cdf[i] = x;
    __syncthreads();
    float total = cdf[np - 1];
    if (i >= np) return;
    float u = (u0[f] + i) / np * total;
    int lo = 0, hi = np - 1;
    while (lo < hi) { int mid = (lo + hi) >> 1; if (cdf[mid] < u) lo = mid + 1; else hi = mid; }
    out[(size_t)f * np + i] = particles[(size_t)f * np + lo];
}
