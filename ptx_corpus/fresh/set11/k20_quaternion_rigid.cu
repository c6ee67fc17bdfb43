// Rigid-body math per thread: quaternion integration of angular velocity, skinning with dual quaternions, and a semi-implicit rigid-body step with world-space inverse inertia.
#include <cuda_runtime.h>

struct Quat { float w, x, y, z; };

__device__ __forceinline__ Quat qmul(Quat a, Quat b)
{
    return { a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
             a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
             a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
             a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w };
}
__device__ __forceinline__ Quat qnormalize(Quat q)
{
    float inv = rsqrtf(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    return {q.w * inv, q.x * inv, q.y * inv, q.z * inv};
}
__device__ __forceinline__ void quat_to_mat(Quat q, float R[3][3])
{
    float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
    float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
    float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
    R[0][0] = 1.f - 2.f * (yy + zz); R[0][1] = 2.f * (xy - wz);       R[0][2] = 2.f * (xz + wy);
    R[1][0] = 2.f * (xy + wz);       R[1][1] = 1.f - 2.f * (xx + zz); R[1][2] = 2.f * (yz - wx);
    R[2][0] = 2.f * (xz - wy);       R[2][1] = 2.f * (yz + wx);       R[2][2] = 1.f - 2.f * (xx + yy);
}

// q' = exp(0.5*dt*omega) * q  (exact exponential map of the angular velocity)
extern "C" __global__ void quat_integrate(float4* __restrict__ orient, const float3* __restrict__ omega, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 o = orient[i];
    float3 w = omega[i];
    float ang = sqrtf(w.x * w.x + w.y * w.y + w.z * w.z) * dt * 0.5f;
    float s, c;
    __sincosf(ang, &s, &c);
    float k = ang > 1e-8f ? s / (ang / (0.5f * dt)) : 0.5f * dt;
    Quat dq = {c, w.x * k, w.y * k, w.z * k};
    Quat q = qnormalize(qmul(dq, Quat{o.x, o.y, o.z, o.w}));
    orient[i] = make_float4(q.w, q.x, q.y, q.z);
}

// Dual-quaternion linear blend skinning, up to 4 bones per vertex.
extern "C" __global__ void dq_skinning(const float4* __restrict__ restPos, const float4* __restrict__ restNrm,
                                       const int4* __restrict__ boneIdx, const float4* __restrict__ boneW,
                                       const float4* __restrict__ dqReal, const float4* __restrict__ dqDual,
                                       float4* __restrict__ outPos, float4* __restrict__ outNrm, int nVerts)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nVerts) return;
    int4 bi = boneIdx[v];
    float4 bw = boneW[v];
    int idx[4] = {bi.x, bi.y, bi.z, bi.w};
    float wt[4] = {bw.x, bw.y, bw.z, bw.w};
    float4 r0 = dqReal[idx[0]];
    Quat br = {0, 0, 0, 0}, bd = {0, 0, 0, 0};
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        if (wt[j] == 0.f) continue;
        float4 r = dqReal[idx[j]], d = dqDual[idx[j]];
        float w = (r.x * r0.x + r.y * r0.y + r.z * r0.z + r.w * r0.w) < 0.f ? -wt[j] : wt[j];   // antipodality
        br.w += w * r.x; br.x += w * r.y; br.y += w * r.z; br.z += w * r.w;
        bd.w += w * d.x; bd.x += w * d.y; bd.y += w * d.z; bd.z += w * d.w;
    }
    float inv = rsqrtf(br.w * br.w + br.x * br.x + br.y * br.y + br.z * br.z);
    br = {br.w * inv, br.x * inv, br.y * inv, br.z * inv};
    bd = {bd.w * inv, bd.x * inv, bd.y * inv, bd.z * inv};
    float R[3][3];
    quat_to_mat(br, R);
    // translation t = 2 * dual * conj(real)
    Quat t = qmul(bd, Quat{br.w, -br.x, -br.y, -br.z});
    float tx = 2.f * t.x, ty = 2.f * t.y, tz = 2.f * t.z;
    float4 p = restPos[v], nn = restNrm[v];
    outPos[v] = make_float4(R[0][0] * p.x + R[0][1] * p.y + R[0][2] * p.z + tx,
                            R[1][0] * p.x + R[1][1] * p.y + R[1][2] * p.z + ty,
                            R[2][0] * p.x + R[2][1] * p.y + R[2][2] * p.z + tz, 1.f);
    outNrm[v] = make_float4(R[0][0] * nn.x + R[0][1] * nn.y + R[0][2] * nn.z,
                            R[1][0] * nn.x + R[1][1] * nn.y + R[1][2] * nn.z,
                            R[2][0] * nn.x + R[2][1] * nn.y + R[2][2] * nn.z, 0.f);
}

struct RigidBody {
    float3 pos; float invMass;
    float4 q;                 // w,x,y,z
    float3 linVel; float pad0;
    float3 angVel; float pad1;
    float3 invInertiaLocal; float pad2;   // diagonal body-frame inverse inertia
};

// Semi-implicit Euler with gyroscopic term: I_w = R I_b R^T, dw = I_w^{-1}(tau - w x (I_w w)) dt.
extern "C" __global__ void rigid_body_step(RigidBody* __restrict__ bodies, const float3* __restrict__ force,
                                           const float3* __restrict__ torque, float3 gravity, float dt,
                                           float linDamp, float angDamp, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    RigidBody b = bodies[i];
    if (b.invMass == 0.f) return;
    Quat q = {b.q.x, b.q.y, b.q.z, b.q.w};
    float R[3][3];
    quat_to_mat(q, R);
    float Iinv[3][3], I[3][3];
    float id[3] = {b.invInertiaLocal.x, b.invInertiaLocal.y, b.invInertiaLocal.z};
    float ib[3] = {id[0] > 0.f ? 1.f / id[0] : 0.f, id[1] > 0.f ? 1.f / id[1] : 0.f, id[2] > 0.f ? 1.f / id[2] : 0.f};
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int c = 0; c < 3; ++c) {
            float si = 0.f, s = 0.f;
#pragma unroll
            for (int k = 0; k < 3; ++k) { si += R[r][k] * id[k] * R[c][k]; s += R[r][k] * ib[k] * R[c][k]; }
            Iinv[r][c] = si; I[r][c] = s;
        }
    float3 w = b.angVel, f = force[i], t = torque[i];
    float Lw[3] = {I[0][0] * w.x + I[0][1] * w.y + I[0][2] * w.z,
                   I[1][0] * w.x + I[1][1] * w.y + I[1][2] * w.z,
                   I[2][0] * w.x + I[2][1] * w.y + I[2][2] * w.z};
    float g[3] = {t.x - (w.y * Lw[2] - w.z * Lw[1]), t.y - (w.z * Lw[0] - w.x * Lw[2]), t.z - (w.x * Lw[1] - w.y * Lw[0])};
    w.x += dt * (Iinv[0][0] * g[0] + Iinv[0][1] * g[1] + Iinv[0][2] * g[2]);
    w.y += dt * (Iinv[1][0] * g[0] + Iinv[1][1] * g[1] + Iinv[1][2] * g[2]);
    w.z += dt * (Iinv[2][0] * g[0] + Iinv[2][1] * g[1] + Iinv[2][2] * g[2]);
    float ad = __expf(-angDamp * dt), ld = __expf(-linDamp * dt);
    w.x *= ad; w.y *= ad; w.z *= ad;
    float3 v = b.linVel;
    v.x = (v.x + dt * (f.x * b.invMass + gravity.x)) * ld;
    v.y = (v.y + dt * (f.y * b.invMass + gravity.y)) * ld;
    v.z = (v.z + dt * (f.z * b.invMass + gravity.z)) * ld;
    b.pos.x += v.x * dt; b.pos.y += v.y * dt; b.pos.z += v.z * dt;
    Quat wq = {0.f, w.x, w.y, w.z};
    Quat dq = qmul(wq, q);
    q.w += 0.5f * dt * dq.w; q.x += 0.5f * dt * dq.x; q.y += 0.5f * dt * dq.y; q.z += 0.5f * dt * dq.z;
    q = qnormalize(q);
    b.q = make_float4(q.w, q.x, q.y, q.z);
    b.linVel = v; b.angVel = w;
    bodies[i] = b;
}
