// Batched Kalman filtering for many independent tracks (constant-acceleration model).
#include <cuda_runtime.h>

// 6-state (pos/vel in 3D) predict + 3D position update, double precision, one track per thread.
template <bool WRITE_GAIN>
__device__ __forceinline__ void kf6_step(double* __restrict__ X, double* __restrict__ P, const double* __restrict__ Z,
                                         double dt, double q, double r, double* __restrict__ gain, int t)
{
    double x[6], p[6][6];
#pragma unroll
    for (int i = 0; i < 6; ++i) x[i] = X[(size_t)t * 6 + i];
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) p[i][j] = P[(size_t)t * 36 + i * 6 + j];
    // predict: F = [I dt*I; 0 I]
#pragma unroll
    for (int i = 0; i < 3; ++i) x[i] += dt * x[i + 3];
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) p[i][j] += dt * p[i + 3][j];
#pragma unroll
    for (int j = 0; j < 3; ++j)
#pragma unroll
        for (int i = 0; i < 6; ++i) p[i][j] += dt * p[i][j + 3];
    double dt2 = dt * dt, dt3 = dt2 * dt;
#pragma unroll
    for (int i = 0; i < 3; ++i) {
        p[i][i] += q * dt3 / 3.0; p[i][i + 3] += q * dt2 * 0.5; p[i + 3][i] += q * dt2 * 0.5; p[i + 3][i + 3] += q * dt;
    }
    // update with H = [I 0]: S = P[0:3,0:3] + R
    double s[3][3];
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) s[i][j] = p[i][j] + (i == j ? r : 0.0);
    double c00 = s[1][1] * s[2][2] - s[1][2] * s[2][1], c01 = s[1][2] * s[2][0] - s[1][0] * s[2][2], c02 = s[1][0] * s[2][1] - s[1][1] * s[2][0];
    double det = s[0][0] * c00 + s[0][1] * c01 + s[0][2] * c02, id = 1.0 / det;
    double si[3][3] = {{c00 * id, (s[0][2] * s[2][1] - s[0][1] * s[2][2]) * id, (s[0][1] * s[1][2] - s[0][2] * s[1][1]) * id},
                       {c01 * id, (s[0][0] * s[2][2] - s[0][2] * s[2][0]) * id, (s[0][2] * s[1][0] - s[0][0] * s[1][2]) * id},
                       {c02 * id, (s[0][1] * s[2][0] - s[0][0] * s[2][1]) * id, (s[0][0] * s[1][1] - s[0][1] * s[1][0]) * id}};
    double k[6][3];
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) k[i][j] = p[i][0] * si[0][j] + p[i][1] * si[1][j] + p[i][2] * si[2][j];
    double y[3];
#pragma unroll
    for (int j = 0; j < 3; ++j) y[j] = Z[(size_t)t * 3 + j] - x[j];
#pragma unroll
    for (int i = 0; i < 6; ++i) x[i] += k[i][0] * y[0] + k[i][1] * y[1] + k[i][2] * y[2];
    double np[6][6];
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) np[i][j] = p[i][j] - (k[i][0] * p[0][j] + k[i][1] * p[1][j] + k[i][2] * p[2][j]);
#pragma unroll
    for (int i = 0; i < 6; ++i) X[(size_t)t * 6 + i] = x[i];
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) P[(size_t)t * 36 + i * 6 + j] = 0.5 * (np[i][j] + np[j][i]);
    if (WRITE_GAIN) {
#pragma unroll
        for (int i = 0; i < 6; ++i)
#pragma unroll
            for (int j = 0; j < 3; ++j) gain[(size_t)t * 18 + i * 3 + j] = k[i][j];
    }
}

extern "C" __global__ void kf6_predict_update(double* __restrict__ X, double* __restrict__ P, const double* __restrict__ Z,
                                              int n_tracks, double dt, double q, double r)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n_tracks) return;
    kf6_step<false>(X, P, Z, dt, q, r, nullptr, t);
}

extern "C" __global__ void __launch_bounds__(256, 4)
kf6_predict_update_gain_occ(double* __restrict__ X, double* __restrict__ P, const double* __restrict__ Z,
                            double* __restrict__ gain, int n_tracks, double dt, double q, double r)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n_tracks) return;
    kf6_step<true>(X, P, Z, dt, q, r, gain, t);
}

// Scalar alpha-beta-gamma tracker for 1D signals, float, many channels.
extern "C" __global__ void abg_filter(const float* __restrict__ meas, float* __restrict__ est, float4* __restrict__ state,
                                      int n_ch, int steps, float dt, float alpha, float beta, float gamma)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= n_ch) return;
    float4 s = state[c];
    float x = s.x, v = s.y, a = s.z;
    for (int k = 0; k < steps; ++k) {
        float xp = x + dt * v + 0.5f * dt * dt * a, vp = v + dt * a;
        float res = meas[(size_t)k * n_ch + c] - xp;
        x = xp + alpha * res; v = vp + beta * res / dt; a = a + 2.f * gamma * res / (dt * dt);
        est[(size_t)k * n_ch + c] = x;
    }
    state[c] = make_float4(x, v, a, s.w);
}
