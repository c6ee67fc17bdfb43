// Robotics: batched forward kinematics + geometric Jacobian of a 7-DOF arm (DH parameters),
// damped-least-squares IK step, and an EKF measurement update for a 6-state planar vehicle
// with range-bearing landmark observations.

struct DH { float a, alpha, d, theta0; };
__constant__ DH c_dh[7];

__device__ __forceinline__ void dh_transform(float a, float alpha, float d, float theta, float T[12])
{
    float st, ct, sa, ca;
    __sincosf(theta, &st, &ct);
    __sincosf(alpha, &sa, &ca);
    T[0] = ct; T[1] = -st * ca; T[2] = st * sa;  T[3] = a * ct;
    T[4] = st; T[5] = ct * ca;  T[6] = -ct * sa; T[7] = a * st;
    T[8] = 0.f; T[9] = sa;      T[10] = ca;      T[11] = d;
}
__device__ __forceinline__ void compose(const float A[12], const float B[12], float C[12])
{
#pragma unroll
    for (int r = 0; r < 3; ++r) {
#pragma unroll
        for (int c = 0; c < 3; ++c)
            C[r * 4 + c] = A[r * 4] * B[c] + A[r * 4 + 1] * B[4 + c] + A[r * 4 + 2] * B[8 + c];
        C[r * 4 + 3] = A[r * 4] * B[3] + A[r * 4 + 1] * B[7] + A[r * 4 + 2] * B[11] + A[r * 4 + 3];
    }
}

// Batched forward kinematics + 6x7 geometric Jacobian (for MPC / QP-based controllers).
extern "C" __global__ void fk7_jacobian_batch(const float* __restrict__ q /* n x 7 */, int n, float* __restrict__ ee_pose /* n x 12 */,
                                              float* __restrict__ jac /* n x 6 x 7 */, float* __restrict__ manipulability)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float T[12] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};
    float Z[7][3], P[7][3];
#pragma unroll
    for (int j = 0; j < 7; ++j) {
        Z[j][0] = T[2]; Z[j][1] = T[6]; Z[j][2] = T[10];
        P[j][0] = T[3]; P[j][1] = T[7]; P[j][2] = T[11];
        float Tj[12], Tn[12];
        dh_transform(c_dh[j].a, c_dh[j].alpha, c_dh[j].d, c_dh[j].theta0 + q[i * 7 + j], Tj);
        compose(T, Tj, Tn);
#pragma unroll
        for (int k = 0; k < 12; ++k) T[k] = Tn[k];
    }
#pragma unroll
    for (int k = 0; k < 12; ++k) ee_pose[i * 12 + k] = T[k];
    float J[6][7];
#pragma unroll
    for (int j = 0; j < 7; ++j) {
        float dx = T[3] - P[j][0], dy = T[7] - P[j][1], dz = T[11] - P[j][2];
        J[0][j] = Z[j][1] * dz - Z[j][2] * dy;
        J[1][j] = Z[j][2] * dx - Z[j][0] * dz;
        J[2][j] = Z[j][0] * dy - Z[j][1] * dx;
        J[3][j] = Z[j][0]; J[4][j] = Z[j][1]; J[5][j] = Z[j][2];
    }
#pragma unroll
    for (int r = 0; r < 6; ++r)
#pragma unroll
        for (int c = 0; c < 7; ++c) jac[(i * 6 + r) * 7 + c] = J[r][c];
    // translational manipulability sqrt(det(Jv Jv^T))
    float A[3][3];
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c) {
            float s = 0.f;
#pragma unroll
            for (int k = 0; k < 7; ++k) s = fmaf(J[r][k], J[c][k], s);
            A[r][c] = s;
        }
    float det = A[0][0] * (A[1][1] * A[2][2] - A[1][2] * A[2][1]) - A[0][1] * (A[1][0] * A[2][2] - A[1][2] * A[2][0]) +
                A[0][2] * (A[1][0] * A[2][1] - A[1][1] * A[2][0]);
    manipulability[i] = sqrtf(fmaxf(det, 0.f));
}

// Damped least squares IK step: dq = J^T (J J^T + lambda^2 I)^-1 e, position+orientation (6x7 Jacobian).
extern "C" __global__ void ik_dls_step7(float* __restrict__ q, const float* __restrict__ target /* n x 6 (pos, axis-angle) */,
                                        int n, float lambda, float step_max, float* __restrict__ err_norm)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float qi[7];
#pragma unroll
    for (int j = 0; j < 7; ++j) qi[j] = q[i * 7 + j];
    float Z[7][3], P[7][3];
    float T[12] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};
#pragma unroll
    for (int j = 0; j < 7; ++j) {
        Z[j][0] = T[2]; Z[j][1] = T[6]; Z[j][2] = T[10];
        P[j][0] = T[3]; P[j][1] = T[7]; P[j][2] = T[11];
        float Tj[12], Tn[12];
        dh_transform(c_dh[j].a, c_dh[j].alpha, c_dh[j].d, c_dh[j].theta0 + qi[j], Tj);
        compose(T, Tj, Tn);
#pragma unroll
        for (int k = 0; k < 12; ++k) T[k] = Tn[k];
    }
    float pe[3] = {T[3], T[7], T[11]};
    float J[6][7];
#pragma unroll
    for (int j = 0; j < 7; ++j) {
        float dx = pe[0] - P[j][0], dy = pe[1] - P[j][1], dz = pe[2] - P[j][2];
        J[0][j] = Z[j][1] * dz - Z[j][2] * dy;
        J[1][j] = Z[j][2] * dx - Z[j][0] * dz;
        J[2][j] = Z[j][0] * dy - Z[j][1] * dx;
        J[3][j] = Z[j][0]; J[4][j] = Z[j][1]; J[5][j] = Z[j][2];
    }
    float e[6];
    e[0] = target[i * 6 + 0] - pe[0]; e[1] = target[i * 6 + 1] - pe[1]; e[2] = target[i * 6 + 2] - pe[2];
    // orientation error: 0.5 * sum(x_i x x_d_i) approximated via target axis-angle vs current z-axis
    e[3] = target[i * 6 + 3] - 0.5f * (T[9] - T[6]);
    e[4] = target[i * 6 + 4] - 0.5f * (T[2] - T[8]);
    e[5] = target[i * 6 + 5] - 0.5f * (T[4] - T[1]);
    // A = J J^T + l^2 I (6x6 SPD), solve A y = e with Cholesky in registers
    float A[6][6];
#pragma unroll
    for (int r = 0; r < 6; ++r)
#pragma unroll
        for (int c = 0; c <= r; ++c) {
            float s = 0.f;
#pragma unroll
            for (int k = 0; k < 7; ++k) s = fmaf(J[r][k], J[c][k], s);
            A[r][c] = s + (r == c ? lambda * lambda : 0.f);
        }
#pragma unroll
    for (int c = 0; c < 6; ++c) {
        float d = A[c][c];
#pragma unroll
        for (int k = 0; k < c; ++k) d -= A[c][k] * A[c][k];
        d = sqrtf(fmaxf(d, 1e-12f));
        A[c][c] = d;
        float inv = 1.f / d;
#pragma unroll
        for (int r = c + 1; r < 6; ++r) {
            float s = A[r][c];
#pragma unroll
            for (int k = 0; k < c; ++k) s -= A[r][k] * A[c][k];
            A[r][c] = s * inv;
        }
    }
    float y[6];
#pragma unroll
    for (int r = 0; r < 6; ++r) {
        float s = e[r];
#pragma unroll
        for (int k = 0; k < r; ++k) s -= A[r][k] * y[k];
        y[r] = s / A[r][r];
    }
#pragma unroll
    for (int r = 5; r >= 0; --r) {
        float s = y[r];
#pragma unroll
        for (int k = r + 1; k < 6; ++k) s -= A[k][r] * y[k];
        y[r] = s / A[r][r];
    }
    float en = 0.f;
#pragma unroll
    for (int j = 0; j < 7; ++j) {
        float dq = 0.f;
#pragma unroll
        for (int r = 0; r < 6; ++r) dq = fmaf(J[r][j], y[r], dq);
        dq = fminf(fmaxf(dq, -step_max), step_max);
        q[i * 7 + j] = qi[j] + dq;
    }
#pragma unroll
    for (int r = 0; r < 6; ++r) en += e[r] * e[r];
    err_norm[i] = sqrtf(en);
}

// EKF update (double precision), state x = [px, py, theta, v, omega, bias], one filter per thread,
// sequentially processing up to 8 range-bearing observations.
extern "C" __global__ void ekf6_range_bearing_update(double* __restrict__ X, double* __restrict__ Pcov /* n x 36 */,
                                                     const double2* __restrict__ landmarks, const double2* __restrict__ z_obs,
                                                     const int* __restrict__ lm_id, const int* __restrict__ nobs, int nf,
                                                     double sigma_r, double sigma_b, double* __restrict__ nis)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nf) return;
    double x[6], P[6][6];
#pragma unroll
    for (int k = 0; k < 6; ++k) x[k] = X[f * 6 + k];
#pragma unroll
    for (int r = 0; r < 6; ++r)
#pragma unroll
        for (int c = 0; c < 6; ++c) P[r][c] = Pcov[f * 36 + r * 6 + c];
    double nis_acc = 0.0;
    int no = min(nobs[f], 8);
    for (int o = 0; o < no; ++o) {
        double2 L = landmarks[lm_id[f * 8 + o]];
        double2 z = z_obs[f * 8 + o];
        double dx = L.x - x[0], dy = L.y - x[1];
        double q = dx * dx + dy * dy, r = sqrt(q);
        double zb = atan2(dy, dx) - x[2];
        // H is 2x6: [-dx/r, -dy/r, 0, 0, 0, 0; dy/q, -dx/q, -1, 0, 0, 0] + bias on range
        double H0[6] = {-dx / r, -dy / r, 0.0, 0.0, 0.0, 1.0};
        double H1[6] = {dy / q, -dx / q, -1.0, 0.0, 0.0, 0.0};
        double PH0[6], PH1[6];
#pragma unroll
        for (int k = 0; k < 6; ++k) {
            double s0 = 0.0, s1 = 0.0;
#pragma unroll
            for (int j = 0; j < 6; ++j) { s0 += P[k][j] * H0[j]; s1 += P[k][j] * H1[j]; }
            PH0[k] = s0; PH1[k] = s1;
        }
        double S00 = sigma_r * sigma_r, S01 = 0.0, S11 = sigma_b * sigma_b;
#pragma unroll
        for (int j = 0; j < 6; ++j) { S00 += H0[j] * PH0[j]; S01 += H0[j] * PH1[j]; S11 += H1[j] * PH1[j]; }
        double det = S00 * S11 - S01 * S01;
        double i00 = S11 / det, i01 = -S01 / det, i11 = S00 / det;
        double y0 = z.x - (r + x[5]);
        double y1 = z.y - zb;
        y1 = atan2(sin(y1), cos(y1));
        nis_acc += y0 * (i00 * y0 + i01 * y1) + y1 * (i01 * y0 + i11 * y1);
        double K0[6], K1[6];
#pragma unroll
        for (int k = 0; k < 6; ++k) {
            K0[k] = PH0[k] * i00 + PH1[k] * i01;
            K1[k] = PH0[k] * i01 + PH1[k] * i11;
            x[k] += K0[k] * y0 + K1[k] * y1;
        }
        // Joseph-free update P = P - K S K^T expressed as P - K (PH)^T
#pragma unroll
        for (int rr = 0; rr < 6; ++rr)
#pragma unroll
            for (int cc = 0; cc < 6; ++cc) P[rr][cc] -= K0[rr] * PH0[cc] + K1[rr] * PH1[cc];
    }
#pragma unroll
    for (int k = 0; k < 6; ++k) X[f * 6 + k] = x[k];
#pragma unroll
    for (int r = 0; r < 6; ++r)
#pragma unroll
        for (int c = 0; c < 6; ++c) Pcov[f * 36 + r * 6 + c] = 0.5 * (P[r][c] + P[c][r]);
    nis[f] = nis_acc;
}
