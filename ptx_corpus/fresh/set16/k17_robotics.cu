// Domain: robotics (serial-arm forward kinematics and Jacobians, EKF covariance propagation, particle-filter lidar likelihood)

struct Mat4 { float m[16]; };

// non-inlined homogeneous transform product, called once per joint
__device__ __noinline__ Mat4 mat4_mul_noinline(const Mat4& A, const Mat4& B)
{
    Mat4 C;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            float s = 0.f;
#pragma unroll
            for (int k = 0; k < 4; ++k) s += A.m[i * 4 + k] * B.m[k * 4 + j];
            C.m[i * 4 + j] = s;
        }
    return C;
}

__device__ __forceinline__ Mat4 dh_transform(float theta, float d, float a, float alpha)
{
    float st, ct, sa, ca;
    __sincosf(theta, &st, &ct);
    __sincosf(alpha, &sa, &ca);
    Mat4 T;
    T.m[0] = ct; T.m[1] = -st * ca; T.m[2] = st * sa;  T.m[3] = a * ct;
    T.m[4] = st; T.m[5] = ct * ca;  T.m[6] = -ct * sa; T.m[7] = a * st;
    T.m[8] = 0;  T.m[9] = sa;       T.m[10] = ca;      T.m[11] = d;
    T.m[12] = 0; T.m[13] = 0;       T.m[14] = 0;       T.m[15] = 1;
    return T;
}

// fk6_dh_noinline_chain: forward kinematics of a 6-DOF arm from Denavit-Hartenberg parameters, chained through a __noinline__ 4x4 product
extern "C" __global__ void fk6_dh_noinline_chain(const float* __restrict__ q, const float* __restrict__ dh, float* __restrict__ pose, int nConfigs)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nConfigs) return;
    Mat4 T;
#pragma unroll
    for (int i = 0; i < 16; ++i) T.m[i] = (i % 5 == 0) ? 1.f : 0.f;
    for (int j = 0; j < 6; ++j) {
        Mat4 A = dh_transform(q[c * 6 + j] + dh[j * 4 + 0], dh[j * 4 + 1], dh[j * 4 + 2], dh[j * 4 + 3]);
        T = mat4_mul_noinline(T, A);
    }
#pragma unroll
    for (int i = 0; i < 12; ++i) pose[c * 12 + i] = T.m[i];
}

// jacobian6_geometric_registers: 6x6 geometric Jacobian of a revolute arm (all frame origins and z-axes kept in unrolled register arrays)
extern "C" __global__ void jacobian6_geometric_registers(const float* __restrict__ q, const float* __restrict__ dh, float* __restrict__ J, int nConfigs)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nConfigs) return;
    float R[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    float p[3] = {0, 0, 0};
    float zs[7][3], ps[7][3];
#pragma unroll
    for (int j = 0; j < 6; ++j) {
        zs[j][0] = R[2]; zs[j][1] = R[5]; zs[j][2] = R[8];
        ps[j][0] = p[0]; ps[j][1] = p[1]; ps[j][2] = p[2];
        float th = q[c * 6 + j] + __ldg(&dh[j * 4]), d = __ldg(&dh[j * 4 + 1]), a = __ldg(&dh[j * 4 + 2]), al = __ldg(&dh[j * 4 + 3]);
        float st, ct, sa, ca;
        __sincosf(th, &st, &ct); __sincosf(al, &sa, &ca);
        float A[9] = {ct, -st * ca, st * sa, st, ct * ca, -ct * sa, 0.f, sa, ca};
        float t[3] = {a * ct, a * st, d};
        float Rn[9];
#pragma unroll
        for (int r = 0; r < 3; ++r) {
            p[r] += R[r * 3] * t[0] + R[r * 3 + 1] * t[1] + R[r * 3 + 2] * t[2];
#pragma unroll
            for (int k = 0; k < 3; ++k) Rn[r * 3 + k] = R[r * 3] * A[k] + R[r * 3 + 1] * A[3 + k] + R[r * 3 + 2] * A[6 + k];
        }
#pragma unroll
        for (int k = 0; k < 9; ++k) R[k] = Rn[k];
    }
#pragma unroll
    for (int j = 0; j < 6; ++j) {
        float dx = p[0] - ps[j][0], dy = p[1] - ps[j][1], dz = p[2] - ps[j][2];
        float* Jc = J + (size_t)c * 36;
        Jc[0 * 6 + j] = zs[j][1] * dz - zs[j][2] * dy;
        Jc[1 * 6 + j] = zs[j][2] * dx - zs[j][0] * dz;
        Jc[2 * 6 + j] = zs[j][0] * dy - zs[j][1] * dx;
        Jc[3 * 6 + j] = zs[j][0]; Jc[4 * 6 + j] = zs[j][1]; Jc[5 * 6 + j] = zs[j][2];
    }
}

// ekf6_cov_predict_lb: EKF covariance prediction P' = F P F^T + Q for a 6-state constant-velocity model, 36+36+36 floats in per-thread arrays, bounded by __launch_bounds__(256,8)
extern "C" __global__ void __launch_bounds__(256, 8)
ekf6_cov_predict_lb(const float* __restrict__ Pin, const float* __restrict__ Fin, const float* __restrict__ Qd,
                          float* __restrict__ Pout, int nFilters)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nFilters) return;
    float P[36], F[36], T[36];
#pragma unroll
    for (int i = 0; i < 36; ++i) { P[i] = Pin[(size_t)i * nFilters + f]; F[i] = Fin[(size_t)i * nFilters + f]; }
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) {
            float s = 0.f;
#pragma unroll
            for (int k = 0; k < 6; ++k) s += F[i * 6 + k] * P[k * 6 + j];
            T[i * 6 + j] = s;
        }
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = i; j < 6; ++j) {
            float s = Qd[i * 6 + j];
#pragma unroll
            for (int k = 0; k < 6; ++k) s += T[i * 6 + k] * F[j * 6 + k];
            Pout[(size_t)(i * 6 + j) * nFilters + f] = s;
            if (j != i) Pout[(size_t)(j * 6 + i) * nFilters + f] = s;
        }
}

// particle_lidar_likelihood: per-particle log-likelihood of 32 lidar beams by ray-marching an occupancy grid (beam-endpoint model)
extern "C" __global__ void particle_lidar_likelihood(const float3* __restrict__ particles, const float* __restrict__ ranges,
                                                     const unsigned char* __restrict__ grid, float* __restrict__ logw,
                                                     int nParticles, int gw, int gh, float res, float maxRange, float sigma)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nParticles) return;
    float3 s = particles[p];
    float inv2s2 = 0.5f / (sigma * sigma);
    float lw = 0.f;
    for (int b = 0; b < 32; ++b) {
        float ang = s.z + (b - 16) * (3.14159265f / 32.f);
        float sn, cs;
        __sincosf(ang, &sn, &cs);
        float r = 0.f, hit = maxRange;
        for (; r < maxRange; r += res) {
            int gx = __float2int_rd((s.x + r * cs) / res), gy = __float2int_rd((s.y + r * sn) / res);
            if (gx < 0 || gy < 0 || gx >= gw || gy >= gh) break;
            if (grid[gy * gw + gx] > 127) { hit = r; break; }
        }
        float e = ranges[b] - hit;
        lw -= e * e * inv2s2;
    }
    logw[p] = lw;
}
