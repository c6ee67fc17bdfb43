// Domain: robotics (forward kinematics + Jacobian, extended Kalman filter, damped least-squares IK)

// 6-DOF Denavit-Hartenberg forward kinematics and geometric Jacobian for a batch of joint configurations
// (long straight-line code, double precision, sincos of small joint angles)
extern "C" __global__ void fk_jacobian_6dof(const double* __restrict__ q, const double* __restrict__ dh /*6 x {a, alpha, d}*/,
                                            double* __restrict__ pose /*12*/, double* __restrict__ J /*36*/, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    double T[3][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}};
    double z[7][3], o[7][3];
    z[0][0] = 0; z[0][1] = 0; z[0][2] = 1; o[0][0] = o[0][1] = o[0][2] = 0;
#pragma unroll
    for (int i = 0; i < 6; ++i) {
        double st, ct, sa, ca;
        sincos(q[t * 6 + i], &st, &ct);
        sincos(dh[3 * i + 1], &sa, &ca);
        double a = dh[3 * i], d = dh[3 * i + 2];
        double A[3][4] = {{ct, -st * ca, st * sa, a * ct}, {st, ct * ca, -ct * sa, a * st}, {0, sa, ca, d}};
        double N[3][4];
#pragma unroll
        for (int r = 0; r < 3; ++r) {
#pragma unroll
            for (int c = 0; c < 4; ++c) {
                double s = (c == 3) ? T[r][3] : 0.0;
#pragma unroll
                for (int k = 0; k < 3; ++k) s += T[r][k] * A[k][c];
                N[r][c] = s;
            }
        }
#pragma unroll
        for (int r = 0; r < 3; ++r)
#pragma unroll
            for (int c = 0; c < 4; ++c) T[r][c] = N[r][c];
#pragma unroll
        for (int r = 0; r < 3; ++r) { z[i + 1][r] = T[r][2]; o[i + 1][r] = T[r][3]; }
    }
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 4; ++c) pose[t * 12 + r * 4 + c] = T[r][c];
#pragma unroll
    for (int i = 0; i < 6; ++i) {
        double dx = o[6][0] - o[i][0], dy = o[6][1] - o[i][1], dz = o[6][2] - o[i][2];
        double* Jc = J + t * 36 + i;
        Jc[0] = z[i][1] * dz - z[i][2] * dy;
        Jc[6] = z[i][2] * dx - z[i][0] * dz;
        Jc[12] = z[i][0] * dy - z[i][1] * dx;
        Jc[18] = z[i][0]; Jc[24] = z[i][1]; Jc[30] = z[i][2];
    }
}

// EKF measurement update for a 6-state / 3-measurement model, one filter per thread, all matrices
// in registers: P (6x6), H (3x6), K (6x3), S (3x3). Tight bounds (512,4 -> 32 regs) force spills.
__device__ __forceinline__ void ekf_update_body(float* __restrict__ xg, float* __restrict__ Pg, const float* __restrict__ Hg,
                                                const float* __restrict__ zg, const float* __restrict__ Rg, int t)
{
    float x[6], P[6][6], H[3][6];
#pragma unroll
    for (int i = 0; i < 6; ++i) {
        x[i] = xg[t * 6 + i];
#pragma unroll
        for (int j = 0; j < 6; ++j) P[i][j] = Pg[t * 36 + i * 6 + j];
    }
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) H[i][j] = Hg[t * 18 + i * 6 + j];
    float PHt[6][3];
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) {
            float s = 0.f;
#pragma unroll
            for (int k = 0; k < 6; ++k) s += P[i][k] * H[j][k];
            PHt[i][j] = s;
        }
    float S[3][3];
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) {
            float s = Rg[t * 9 + i * 3 + j];
#pragma unroll
            for (int k = 0; k < 6; ++k) s += H[i][k] * PHt[k][j];
            S[i][j] = s;
        }
    // 3x3 inverse by cofactors
    float c00 = S[1][1] * S[2][2] - S[1][2] * S[2][1], c01 = S[1][2] * S[2][0] - S[1][0] * S[2][2], c02 = S[1][0] * S[2][1] - S[1][1] * S[2][0];
    float det = S[0][0] * c00 + S[0][1] * c01 + S[0][2] * c02;
    float id = 1.f / det;
    float Si[3][3] = {{c00 * id, (S[0][2] * S[2][1] - S[0][1] * S[2][2]) * id, (S[0][1] * S[1][2] - S[0][2] * S[1][1]) * id},
                      {c01 * id, (S[0][0] * S[2][2] - S[0][2] * S[2][0]) * id, (S[0][2] * S[1][0] - S[0][0] * S[1][2]) * id},
                      {c02 * id, (S[0][1] * S[2][0] - S[0][0] * S[2][1]) * id, (S[0][0] * S[1][1] - S[0][1] * S[1][0]) * id}};
    float K[6][3];
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) K[i][j] = PHt[i][0] * Si[0][j] + PHt[i][1] * Si[1][j] + PHt[i][2] * Si[2][j];
    float y[3];
#pragma unroll
    for (int i = 0; i < 3; ++i) {
        float hx = 0.f;
#pragma unroll
        for (int k = 0; k < 6; ++k) hx += H[i][k] * x[k];
        y[i] = zg[t * 3 + i] - hx;
    }
#pragma unroll
    for (int i = 0; i < 6; ++i) xg[t * 6 + i] = x[i] + K[i][0] * y[0] + K[i][1] * y[1] + K[i][2] * y[2];
    // P = (I - K H) P  (Joseph form omitted)
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) {
            float s = P[i][j];
#pragma unroll
            for (int k = 0; k < 3; ++k) s -= K[i][k] * PHt[j][k];
            Pg[t * 36 + i * 6 + j] = s;
        }
}
extern "C" __global__ void ekf_update_6x3(float* __restrict__ x, float* __restrict__ P, const float* __restrict__ H,
                                          const float* __restrict__ z, const float* __restrict__ R, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n) ekf_update_body(x, P, H, z, R, t);
}
extern "C" __global__ void __launch_bounds__(512, 4)
ekf_update_6x3_capped(float* __restrict__ x, float* __restrict__ P, const float* __restrict__ H,
                      const float* __restrict__ z, const float* __restrict__ R, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n) ekf_update_body(x, P, H, z, R, t);
}

// Damped least-squares IK step: solve (J J^T + lambda^2 I) y = e for run-time DOF m <= 8 by
// Gaussian elimination with partial pivoting on a local matrix (dynamic row swaps -> stack frame)
extern "C" __global__ void ik_dls_step_pivot(const float* __restrict__ J /*6 x m*/, const float* __restrict__ err /*6*/,
                                             float* __restrict__ dq, int m, float lambda, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    m = min(m, 8);
    float A[6][7];
    const float* Jt = J + t * 6 * 8;
    for (int i = 0; i < 6; ++i) {
        for (int j = 0; j < 6; ++j) {
            float s = (i == j) ? lambda * lambda : 0.f;
            for (int k = 0; k < m; ++k) s += Jt[i * 8 + k] * Jt[j * 8 + k];
            A[i][j] = s;
        }
        A[i][6] = err[t * 6 + i];
    }
    for (int c = 0; c < 6; ++c) {
        int piv = c;
        float best = fabsf(A[c][c]);
        for (int r = c + 1; r < 6; ++r) if (fabsf(A[r][c]) > best) { best = fabsf(A[r][c]); piv = r; }
        if (piv != c)
            for (int k = 0; k < 7; ++k) { float tmp = A[c][k]; A[c][k] = A[piv][k]; A[piv][k] = tmp; }
        float inv = 1.f / A[c][c];
        for (int r = c + 1; r < 6; ++r) {
            float f = A[r][c] * inv;
            for (int k = c; k < 7; ++k) A[r][k] -= f * A[c][k];
        }
    }
    float y[6];
    for (int r = 5; r >= 0; --r) {
        float s = A[r][6];
        for (int k = r + 1; k < 6; ++k) s -= A[r][k] * y[k];
        y[r] = s / A[r][r];
    }
    for (int k = 0; k < m; ++k) {
        float s = 0.f;
        for (int i = 0; i < 6; ++i) s += Jt[i * 8 + k] * y[i];
        dq[t * 8 + k] = s;
    }
}
