// Batched Kalman filtering and Rauch-Tung-Striebel smoothing for many independent
// 1D/2D tracks (constant-velocity / constant-acceleration models), one thread per track.
// Forward pass stores filtered means/covariances; backward pass smooths in place.
#include <cuda_runtime.h>

// 2D constant-velocity: state [x y vx vy], measurement [x y].
extern "C" __global__ void kf_forward_cv2d(const float2* __restrict__ meas, const unsigned char* __restrict__ valid,
                                           float4* __restrict__ xf, float* __restrict__ Pf,      // [ntrack][T][10] upper tri
                                           float4* __restrict__ xp, float* __restrict__ Pp,
                                           int ntrack, int T, float dt, float q, float r)
{
    int tr = blockIdx.x * blockDim.x + threadIdx.x;
    if (tr >= ntrack) return;
    float x[4] = {0, 0, 0, 0};
    float P[4][4] = {{100, 0, 0, 0}, {0, 100, 0, 0}, {0, 0, 10, 0}, {0, 0, 0, 10}};
    float dt2 = dt * dt, dt3 = dt2 * dt / 2.f, dt4 = dt2 * dt2 / 4.f;
    for (int t = 0; t < T; ++t) {
        size_t idx = (size_t)tr * T + t;
        // predict: F = [I dtI; 0 I]
        float xpr[4] = {x[0] + dt * x[2], x[1] + dt * x[3], x[2], x[3]};
        float FP[4][4];
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            FP[0][j] = P[0][j] + dt * P[2][j];
            FP[1][j] = P[1][j] + dt * P[3][j];
            FP[2][j] = P[2][j];
            FP[3][j] = P[3][j];
        }
        float Ppr[4][4];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            Ppr[i][0] = FP[i][0] + dt * FP[i][2];
            Ppr[i][1] = FP[i][1] + dt * FP[i][3];
            Ppr[i][2] = FP[i][2];
            Ppr[i][3] = FP[i][3];
        }
        Ppr[0][0] += q * dt4; Ppr[1][1] += q * dt4; Ppr[0][2] += q * dt3; Ppr[2][0] += q * dt3;
        Ppr[1][3] += q * dt3; Ppr[3][1] += q * dt3; Ppr[2][2] += q * dt2; Ppr[3][3] += q * dt2;
        xp[idx] = make_float4(xpr[0], xpr[1], xpr[2], xpr[3]);
        {
            float* o = Pp + idx * 10; int k = 0;
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = i; j < 4; ++j) o[k++] = Ppr[i][j];
        }
        if (valid[idx]) {
            float2 z = meas[idx];
            float S00 = Ppr[0][0] + r, S01 = Ppr[0][1], S11 = Ppr[1][1] + r;
            float det = S00 * S11 - S01 * S01;
            float i00 = S11 / det, i01 = -S01 / det, i11 = S00 / det;
            float K[4][2];
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                K[i][0] = Ppr[i][0] * i00 + Ppr[i][1] * i01;
                K[i][1] = Ppr[i][0] * i01 + Ppr[i][1] * i11;
            }
            float y0 = z.x - xpr[0], y1 = z.y - xpr[1];
#pragma unroll
            for (int i = 0; i < 4; ++i) x[i] = xpr[i] + K[i][0] * y0 + K[i][1] * y1;
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) P[i][j] = Ppr[i][j] - K[i][0] * Ppr[0][j] - K[i][1] * Ppr[1][j];
        } else {
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                x[i] = xpr[i];
#pragma unroll
                for (int j = 0; j < 4; ++j) P[i][j] = Ppr[i][j];
            }
        }
        xf[idx] = make_float4(x[0], x[1], x[2], x[3]);
        float* o = Pf + idx * 10; int k = 0;
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = i; j < 4; ++j) o[k++] = P[i][j];
    }
}

__device__ __forceinline__ void unpack_sym4(const float* s, float M[4][4])
{
    int k = 0;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = i; j < 4; ++j) { M[i][j] = s[k]; M[j][i] = s[k]; ++k; }
}

// Inverse of SPD 4x4 via Cholesky.
__device__ __forceinline__ void inv_spd4(const float A[4][4], float Ai[4][4])
{
    float L[4][4] = {};
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        float s = A[j][j];
#pragma unroll
        for (int k = 0; k < j; ++k) s -= L[j][k] * L[j][k];
        float d = sqrtf(fmaxf(s, 1e-20f));
        L[j][j] = d;
#pragma unroll
        for (int i = j + 1; i < 4; ++i) {
            float t = A[i][j];
#pragma unroll
            for (int k = 0; k < j; ++k) t -= L[i][k] * L[j][k];
            L[i][j] = t / d;
        }
    }
    float Li[4][4] = {};
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        Li[i][i] = 1.f / L[i][i];
#pragma unroll
        for (int j = 0; j < i; ++j) {
            float s = 0.f;
#pragma unroll
            for (int k = j; k < i; ++k) s -= L[i][k] * Li[k][j];
            Li[i][j] = s / L[i][i];
        }
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            float s = 0.f;
#pragma unroll
            for (int k = 0; k < 4; ++k) s += Li[k][i] * Li[k][j];
            Ai[i][j] = s;
        }
}

extern "C" __global__ void rts_backward_cv2d(float4* __restrict__ xf, float* __restrict__ Pf,
                                             const float4* __restrict__ xp, const float* __restrict__ Pp,
                                             int ntrack, int T, float dt)
{
    int tr = blockIdx.x * blockDim.x + threadIdx.x;
    if (tr >= ntrack) return;
    size_t last = (size_t)tr * T + T - 1;
    float4 xs4 = xf[last];
    float xs[4] = {xs4.x, xs4.y, xs4.z, xs4.w};
    float Ps[4][4];
    unpack_sym4(Pf + last * 10, Ps);
    for (int t = T - 2; t >= 0; --t) {
        size_t i0 = (size_t)tr * T + t, i1 = i0 + 1;
        float Pfk[4][4], Ppk[4][4], Ppi[4][4];
        unpack_sym4(Pf + i0 * 10, Pfk);
        unpack_sym4(Pp + i1 * 10, Ppk);
        inv_spd4(Ppk, Ppi);
        // C = Pf F^T Pp^-1 ; F^T columns: (Pf F^T)[i][j]
        float PFt[4][4];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            PFt[i][0] = Pfk[i][0] + dt * Pfk[i][2];
            PFt[i][1] = Pfk[i][1] + dt * Pfk[i][3];
            PFt[i][2] = Pfk[i][2];
            PFt[i][3] = Pfk[i][3];
        }
        float C[4][4];
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                float s = 0.f;
#pragma unroll
                for (int k = 0; k < 4; ++k) s += PFt[i][k] * Ppi[k][j];
                C[i][j] = s;
            }
        float4 a = xf[i0], b = xp[i1];
        float xa[4] = {a.x, a.y, a.z, a.w}, xb[4] = {b.x, b.y, b.z, b.w};
        float dx[4], dP[4][4], nx[4];
#pragma unroll
        for (int i = 0; i < 4; ++i) dx[i] = xs[i] - xb[i];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            float s = xa[i];
#pragma unroll
            for (int k = 0; k < 4; ++k) s += C[i][k] * dx[k];
            nx[i] = s;
        }
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) dP[i][j] = Ps[i][j] - Ppk[i][j];
        float T1[4][4];
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                float s = 0.f;
#pragma unroll
                for (int k = 0; k < 4; ++k) s += C[i][k] * dP[k][j];
                T1[i][j] = s;
            }
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                float s = Pfk[i][j];
#pragma unroll
                for (int k = 0; k < 4; ++k) s += T1[i][k] * C[j][k];
                Ps[i][j] = s;
            }
#pragma unroll
        for (int i = 0; i < 4; ++i) xs[i] = nx[i];
        xf[i0] = make_float4(xs[0], xs[1], xs[2], xs[3]);
        float* o = Pf + i0 * 10; int k = 0;
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = i; j < 4; ++j) o[k++] = Ps[i][j];
    }
}

// Scalar 1D random-walk smoother with double precision for long sequences.
extern "C" __global__ void kf_rts_scalar_double(const double* __restrict__ z, double* __restrict__ xs,
                                                double* __restrict__ scratch, int nseries, int T, double q, double r)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nseries) return;
    const double* zz = z + (size_t)s * T;
    double* xo = xs + (size_t)s * T;
    double* Pf = scratch + (size_t)s * T * 2;
    double* Pp = Pf + T;
    double x = zz[0], P = r;
    xo[0] = x; Pf[0] = P; Pp[0] = P;
    for (int t = 1; t < T; ++t) {
        double pp = P + q;
        double K = pp / (pp + r);
        x = x + K * (zz[t] - x);
        P = (1.0 - K) * pp;
        xo[t] = x; Pf[t] = P; Pp[t] = pp;
    }
    double xsm = x;
    for (int t = T - 2; t >= 0; --t) {
        double C = Pf[t] / Pp[t + 1];
        xsm = xo[t] + C * (xsm - xo[t]);
        xo[t] = xsm;
    }
}

// 3D constant-acceleration tracker: 9-state (pos, vel, acc) x 3-D position measurement,
// full 9x9 covariance in registers, Joseph-form update for numerical robustness.
#define S9 9
extern "C" __global__ void kf_ca3d_joseph(const float3* __restrict__ meas, const float* __restrict__ R3,
                                          float* __restrict__ state, float* __restrict__ cov,   // [n][9], [n][45]
                                          int ntrack, float dt, float q)
{
    int tr = blockIdx.x * blockDim.x + threadIdx.x;
    if (tr >= ntrack) return;
    float x[S9], P[S9][S9];
#pragma unroll
    for (int i = 0; i < S9; ++i) x[i] = state[tr * S9 + i];
    {
        int k = 0;
#pragma unroll
        for (int i = 0; i < S9; ++i)
#pragma unroll
            for (int j = i; j < S9; ++j) { float v = cov[tr * 45 + k++]; P[i][j] = v; P[j][i] = v; }
    }
    // F = blockdiag over axes of [[1 dt dt2/2],[0 1 dt],[0 0 1]], state order: (p,v,a) per axis
    float h2 = 0.5f * dt * dt;
#pragma unroll
    for (int ax = 0; ax < 3; ++ax) {
        int o = 3 * ax;
        x[o] += dt * x[o + 1] + h2 * x[o + 2];
        x[o + 1] += dt * x[o + 2];
    }
    // P = F P F^T + Q  (apply F on rows then columns)
#pragma unroll
    for (int ax = 0; ax < 3; ++ax) {
        int o = 3 * ax;
#pragma unroll
        for (int j = 0; j < S9; ++j) {
            P[o][j] += dt * P[o + 1][j] + h2 * P[o + 2][j];
            P[o + 1][j] += dt * P[o + 2][j];
        }
    }
#pragma unroll
    for (int ax = 0; ax < 3; ++ax) {
        int o = 3 * ax;
#pragma unroll
        for (int i = 0; i < S9; ++i) {
            P[i][o] += dt * P[i][o + 1] + h2 * P[i][o + 2];
            P[i][o + 1] += dt * P[i][o + 2];
        }
        P[o][o] += q * dt * dt * dt * dt * dt / 20.f;
        P[o + 1][o + 1] += q * dt * dt * dt / 3.f;
        P[o + 2][o + 2] += q * dt;
    }
    // update with H selecting positions (indices 0, 3, 6)
    float3 z = meas[tr];
    float zz[3] = {z.x, z.y, z.z};
    float S[3][3];
#pragma unroll
    for (int a = 0; a < 3; ++a)
#pragma unroll
        for (int b = 0; b < 3; ++b) S[a][b] = P[3 * a][3 * b] + R3[a * 3 + b];
    float det = S[0][0] * (S[1][1] * S[2][2] - S[1][2] * S[2][1]) - S[0][1] * (S[1][0] * S[2][2] - S[1][2] * S[2][0]) +
                S[0][2] * (S[1][0] * S[2][1] - S[1][1] * S[2][0]);
    float id = 1.f / det;
    float Si[3][3];
    Si[0][0] = (S[1][1] * S[2][2] - S[1][2] * S[2][1]) * id; Si[0][1] = (S[0][2] * S[2][1] - S[0][1] * S[2][2]) * id;
    Si[0][2] = (S[0][1] * S[1][2] - S[0][2] * S[1][1]) * id; Si[1][0] = (S[1][2] * S[2][0] - S[1][0] * S[2][2]) * id;
    Si[1][1] = (S[0][0] * S[2][2] - S[0][2] * S[2][0]) * id; Si[1][2] = (S[0][2] * S[1][0] - S[0][0] * S[1][2]) * id;
    Si[2][0] = (S[1][0] * S[2][1] - S[1][1] * S[2][0]) * id; Si[2][1] = (S[0][1] * S[2][0] - S[0][0] * S[2][1]) * id;
    Si[2][2] = (S[0][0] * S[1][1] - S[0][1] * S[1][0]) * id;
    float K[S9][3];
#pragma unroll
    for (int i = 0; i < S9; ++i)
#pragma unroll
        for (int b = 0; b < 3; ++b) K[i][b] = P[i][0] * Si[0][b] + P[i][3] * Si[1][b] + P[i][6] * Si[2][b];
    float y[3];
#pragma unroll
    for (int a = 0; a < 3; ++a) y[a] = zz[a] - x[3 * a];
#pragma unroll
    for (int i = 0; i < S9; ++i) x[i] += K[i][0] * y[0] + K[i][1] * y[1] + K[i][2] * y[2];
    // Joseph: P = (I-KH) P (I-KH)^T + K R K^T
    float A[S9][S9];
#pragma unroll
    for (int i = 0; i < S9; ++i)
#pragma unroll
        for (int j = 0; j < S9; ++j) A[i][j] = P[i][j] - K[i][0] * P[0][j] - K[i][1] * P[3][j] - K[i][2] * P[6][j];
#pragma unroll
    for (int i = 0; i < S9; ++i)
#pragma unroll
        for (int j = i; j < S9; ++j) {
            float v = A[i][j] - A[i][0] * K[j][0] - A[i][3] * K[j][1] - A[i][6] * K[j][2];
#pragma unroll
            for (int a = 0; a < 3; ++a)
#pragma unroll
                for (int b = 0; b < 3; ++b) v += K[i][a] * R3[a * 3 + b] * K[j][b];
            P[i][j] = v;
        }
#pragma unroll
    for (int i = 0; i < S9; ++i) state[tr * S9 + i] = x[i];
    int k = 0;
#pragma unroll
    for (int i = 0; i < S9; ++i)
#pragma unroll
        for (int j = i; j < S9; ++j) cov[tr * 45 + k++] = P[i][j];
}
