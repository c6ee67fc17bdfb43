// k26_robot_kinematics.cu
// Robotics: serial-manipulator kinematics and sampling-based planning helpers.
//  - fk_dh_7dof:             forward kinematics of a 7-DOF arm from DH parameters (4x4 chained, unrolled)
//  - jacobian_dls_ik_step:   geometric Jacobian (6x7) + damped-least-squares IK step (J^T (JJ^T+l^2 I)^-1 e),
//                            6x6 solve by Cholesky, all in registers; heavy FP32
//  - ik_batch_lb1024:        the same DLS step under __launch_bounds__(1024) -> spills
//  - collision_spheres_local: checks a configuration's link spheres against obstacles; per-link
//                            sphere centres stored in a local array indexed by data-dependent link id

#define NJ 7
__constant__ float c_dh[NJ * 4];  // a, alpha, d, theta_offset

__device__ __forceinline__ void dh_mat(float a, float alpha, float d, float th, float M[12])
{
    float ct, st, ca, sa;
    __sincosf(th, &st, &ct);
    __sincosf(alpha, &sa, &ca);
    M[0] = ct; M[1] = -st * ca; M[2] = st * sa;  M[3] = a * ct;
    M[4] = st; M[5] = ct * ca;  M[6] = -ct * sa; M[7] = a * st;
    M[8] = 0;  M[9] = sa;       M[10] = ca;      M[11] = d;
}

__device__ __forceinline__ void mul34(const float A[12], const float B[12], float C[12])
{
#pragma unroll
    for (int r = 0; r < 3; ++r) {
        C[4 * r + 0] = A[4 * r] * B[0] + A[4 * r + 1] * B[4] + A[4 * r + 2] * B[8];
        C[4 * r + 1] = A[4 * r] * B[1] + A[4 * r + 1] * B[5] + A[4 * r + 2] * B[9];
        C[4 * r + 2] = A[4 * r] * B[2] + A[4 * r + 1] * B[6] + A[4 * r + 2] * B[10];
        C[4 * r + 3] = A[4 * r] * B[3] + A[4 * r + 1] * B[7] + A[4 * r + 2] * B[11] + A[4 * r + 3];
    }
}

extern "C" __global__ void fk_dh_7dof(const float* __restrict__ q, int n, float* __restrict__ eePose)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float T[12] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};
#pragma unroll
    for (int j = 0; j < NJ; ++j) {
        float M[12], R[12];
        dh_mat(c_dh[4 * j], c_dh[4 * j + 1], c_dh[4 * j + 2], q[t * NJ + j] + c_dh[4 * j + 3], M);
        mul34(T, M, R);
#pragma unroll
        for (int k = 0; k < 12; ++k) T[k] = R[k];
    }
#pragma unroll
    for (int k = 0; k < 12; ++k) eePose[t * 12 + k] = T[k];
}

__device__ __forceinline__ void dls_step(const float* __restrict__ q, const float* __restrict__ target, float lambda,
                                         int t, float dq[NJ], float& errNorm)
{
    float T[12] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};
    float zx[NJ + 1], zy[NJ + 1], zz[NJ + 1], px[NJ + 1], py[NJ + 1], pz[NJ + 1];
    zx[0] = 0; zy[0] = 0; zz[0] = 1; px[0] = 0; py[0] = 0; pz[0] = 0;
#pragma unroll
    for (int j = 0; j < NJ; ++j) {
        float M[12], R[12];
        dh_mat(c_dh[4 * j], c_dh[4 * j + 1], c_dh[4 * j + 2], q[t * NJ + j] + c_dh[4 * j + 3], M);
        mul34(T, M, R);
#pragma unroll
        for (int k = 0; k < 12; ++k) T[k] = R[k];
        zx[j + 1] = T[2]; zy[j + 1] = T[6]; zz[j + 1] = T[10];
        px[j + 1] = T[3]; py[j + 1] = T[7]; pz[j + 1] = T[11];
    }
    const float* tg = target + 6 * t;
    float e[6];
    e[0] = tg[0] - T[3]; e[1] = tg[1] - T[7]; e[2] = tg[2] - T[11];
    // orientation error from z-axis alignment (approximate)
    e[3] = zy[NJ] * tg[5] - zz[NJ] * tg[4]; e[4] = zz[NJ] * tg[3] - zx[NJ] * tg[5]; e[5] = zx[NJ] * tg[4] - zy[NJ] * tg[3];
    float J[6][NJ];
#pragma unroll
    for (int j = 0; j < NJ; ++j) {
        float rx = px[NJ] - px[j], ry = py[NJ] - py[j], rz = pz[NJ] - pz[j];
        J[0][j] = zy[j] * rz - zz[j] * ry; J[1][j] = zz[j] * rx - zx[j] * rz; J[2][j] = zx[j] * ry - zy[j] * rx;
        J[3][j] = zx[j]; J[4][j] = zy[j]; J[5][j] = zz[j];
    }
    float A[6][6];
#pragma unroll
    for (int r = 0; r < 6; ++r)
#pragma unroll
        for (int c = 0; c <= r; ++c) {
            float s = (r == c) ? lambda * lambda : 0.f;
#pragma unroll
            for (int j = 0; j < NJ; ++j) s += J[r][j] * J[c][j];
            A[r][c] = s;
        }
    // Cholesky
#pragma unroll
    for (int j = 0; j < 6; ++j) {
        float s = A[j][j];
#pragma unroll
        for (int k = 0; k < j; ++k) s -= A[j][k] * A[j][k];
        float d = sqrtf(fmaxf(s, 1e-12f));
        A[j][j] = d;
        float inv = 1.f / d;
#pragma unroll
        for (int i = j + 1; i < 6; ++i) {
            float v = A[i][j];
#pragma unroll
            for (int k = 0; k < j; ++k) v -= A[i][k] * A[j][k];
            A[i][j] = v * inv;
        }
    }
    float y[6];
#pragma unroll
    for (int i = 0; i < 6; ++i) { float s = e[i];
#pragma unroll
        for (int k = 0; k < i; ++k) s -= A[i][k] * y[k]; y[i] = s / A[i][i]; }
#pragma unroll
    for (int i = 5; i >= 0; --i) { float s = y[i];
#pragma unroll
        for (int k = i + 1; k < 6; ++k) s -= A[k][i] * y[k]; y[i] = s / A[i][i]; }
#pragma unroll
    for (int j = 0; j < NJ; ++j) { float s = 0.f;
#pragma unroll
        for (int r = 0; r < 6; ++r) s += J[r][j] * y[r]; dq[j] = s; }
    errNorm = sqrtf(e[0] * e[0] + e[1] * e[1] + e[2] * e[2] + e[3] * e[3] + e[4] * e[4] + e[5] * e[5]);
}

extern "C" __global__ void jacobian_dls_ik_step(const float* __restrict__ q, const float* __restrict__ target,
                                                float lambda, int n, float* __restrict__ qNew, float* __restrict__ err)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float dq[NJ], en;
    dls_step(q, target, lambda, t, dq, en);
#pragma unroll
    for (int j = 0; j < NJ; ++j) qNew[t * NJ + j] = q[t * NJ + j] + dq[j];
    err[t] = en;
}

extern "C" __global__ void __launch_bounds__(1024)
ik_batch_lb1024(const float* __restrict__ q, const float* __restrict__ target, float lambda, int n,
                float* __restrict__ qNew, float* __restrict__ err)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float dq[NJ], en;
    dls_step(q, target, lambda, t, dq, en);
#pragma unroll
    for (int j = 0; j < NJ; ++j) qNew[t * NJ + j] = q[t * NJ + j] + dq[j];
    err[t] = en;
}

extern "C" __global__ void collision_spheres_local(const float* __restrict__ linkPose /* n x NJ x 12 */,
                                                   const float4* __restrict__ linkSpheres /* NJ x 4 local */,
                                                   const int* __restrict__ sphereLink, int nSpheres,
                                                   const float4* __restrict__ obstacles, int nObs, int n,
                                                   int* __restrict__ inCollision, float* __restrict__ minDist)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float P[NJ][12];
    for (int j = 0; j < NJ; ++j)
        for (int k = 0; k < 12; ++k) P[j][k] = linkPose[((size_t)t * NJ + j) * 12 + k];
    float md = 1e30f;
    int hit = 0;
    for (int s = 0; s < nSpheres; ++s) {
        int l = sphereLink[s];
        float4 ls = linkSpheres[s];
        float cx = P[l][0] * ls.x + P[l][1] * ls.y + P[l][2] * ls.z + P[l][3];
        float cy = P[l][4] * ls.x + P[l][5] * ls.y + P[l][6] * ls.z + P[l][7];
        float cz = P[l][8] * ls.x + P[l][9] * ls.y + P[l][10] * ls.z + P[l][11];
        for (int o = 0; o < nObs; ++o) {
            float4 ob = obstacles[o];
            float dx = cx - ob.x, dy = cy - ob.y, dz = cz - ob.z;
            float d = sqrtf(dx * dx + dy * dy + dz * dz) - ls.w - ob.w;
            md = fminf(md, d);
            hit |= d < 0.f;
        }
    }
    inCollision[t] = hit;
    minDist[t] = md;
}
