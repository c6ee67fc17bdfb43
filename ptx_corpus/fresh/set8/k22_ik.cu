// Inverse kinematics and retargeting for character animation: CCD solver on joint chains
// (quaternions, joint limits as swing cones), FABRIK position-based solver with per-thread
// local arrays, and skeletal retargeting that maps source local rotations through rest-pose
// differences and computes global transforms by parent traversal.
#include <cuda_runtime.h>

#define MAXJ 16

struct quat { float w, x, y, z; };
__device__ __forceinline__ quat qmul(quat a, quat b)
{
    quat r;
    r.w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
    r.x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
    r.y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
    r.z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
    return r;
}
__device__ __forceinline__ quat qconj(quat a) { quat r = {a.w, -a.x, -a.y, -a.z}; return r; }
__device__ __forceinline__ float3 qrot(quat q, float3 v)
{
    float tx = 2.f * (q.y * v.z - q.z * v.y), ty = 2.f * (q.z * v.x - q.x * v.z), tz = 2.f * (q.x * v.y - q.y * v.x);
    return make_float3(v.x + q.w * tx + (q.y * tz - q.z * ty), v.y + q.w * ty + (q.z * tx - q.x * tz), v.z + q.w * tz + (q.x * ty - q.y * tx));
}
__device__ __forceinline__ quat qnorm(quat q)
{
    float s = rsqrtf(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    q.w *= s; q.x *= s; q.y *= s; q.z *= s; return q;
}
__device__ __forceinline__ quat q_from_to(float3 a, float3 b)
{
    float d = a.x * b.x + a.y * b.y + a.z * b.z;
    float3 c = make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
    quat q = {1.f + d, c.x, c.y, c.z};
    if (q.w < 1e-6f) { q.w = 0.f; q.x = -a.y; q.y = a.x; q.z = 0.f; }
    return qnorm(q);
}

// One chain per thread, iterate CCD sweeps from tip to root.
extern "C" __global__ void __launch_bounds__(128, 2) ik_ccd(quat *__restrict__ local_rot, const float3 *__restrict__ bone_offset,
                                  const float *__restrict__ cone_limit, const float3 *__restrict__ root_pos,
                                  const float3 *__restrict__ targets, int nchains, int njoints, int iters,
                                  float tol, float *__restrict__ final_err)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nchains) return;
    njoints = min(njoints, MAXJ);
    quat R[MAXJ];
    float3 off[MAXJ];
    for (int j = 0; j < njoints; ++j) { R[j] = local_rot[c * MAXJ + j]; off[j] = bone_offset[c * MAXJ + j]; }
    float3 T = targets[c];
    float3 P[MAXJ + 1];
    quat G[MAXJ];
    float err = 1e30f;
    for (int it = 0; it < iters; ++it) {
        // forward kinematics
        quat g = {1, 0, 0, 0};
        float3 pos = root_pos[c];
        for (int j = 0; j < njoints; ++j) {
            g = qmul(g, R[j]);
            G[j] = g;
            P[j] = pos;
            float3 o = qrot(g, off[j]);
            pos = make_float3(pos.x + o.x, pos.y + o.y, pos.z + o.z);
        }
        P[njoints] = pos;
        float ex = pos.x - T.x, ey = pos.y - T.y, ez = pos.z - T.z;
        err = sqrtf(ex * ex + ey * ey + ez * ez);
        if (err < tol) break;
        for (int j = njoints - 1; j >= 0; --j) {
            float3 e = P[njoints];
            float3 a = make_float3(e.x - P[j].x, e.y - P[j].y, e.z - P[j].z);
            float3 b = make_float3(T.x - P[j].x, T.y - P[j].y, T.z - P[j].z);
            float la = rsqrtf(a.x * a.x + a.y * a.y + a.z * a.z + 1e-12f), lb = rsqrtf(b.x * b.x + b.y * b.y + b.z * b.z + 1e-12f);
            a.x *= la; a.y *= la; a.z *= la; b.x *= lb; b.y *= lb; b.z *= lb;
            quat dq = q_from_to(a, b);       // world-space delta
            quat parent = j > 0 ? G[j - 1] : quat{1, 0, 0, 0};
            quat nl = qnorm(qmul(qmul(qconj(parent), qmul(dq, G[j])), quat{1, 0, 0, 0}));
            // swing cone limit: angle between rotated bone axis and rest axis
            float3 axis = qrot(nl, off[j]);
            float lo = rsqrtf(off[j].x * off[j].x + off[j].y * off[j].y + off[j].z * off[j].z);
            float cosang = (axis.x * off[j].x + axis.y * off[j].y + axis.z * off[j].z) * lo * lo;
            float lim = cone_limit[c * MAXJ + j];
            if (cosang < cosf(lim)) {
                // slerp back toward identity until within cone (simple scaling of vector part)
                float ang = acosf(fminf(fmaxf(cosang, -1.f), 1.f));
                float s = lim / fmaxf(ang, 1e-6f);
                nl.x *= s; nl.y *= s; nl.z *= s;
                nl = qnorm(nl);
            }
            R[j] = nl;
            // update downstream positions with new rotation
            quat g2 = qmul(parent, nl);
            float3 pp = P[j];
            for (int k = j; k < njoints; ++k) {
                if (k > j) g2 = qmul(g2, R[k]);
                G[k] = g2;
                P[k] = pp;
                float3 o = qrot(g2, off[k]);
                pp = make_float3(pp.x + o.x, pp.y + o.y, pp.z + o.z);
            }
            P[njoints] = pp;
        }
    }
    for (int j = 0; j < njoints; ++j) local_rot[c * MAXJ + j] = R[j];
    final_err[c] = err;
}

extern "C" __global__ void ik_fabrik(float3 *__restrict__ joints, const float3 *__restrict__ targets,
                                     int nchains, int njoints, int iters, float tol)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nchains) return;
    njoints = min(njoints, MAXJ + 1);
    float3 p[MAXJ + 1];
    float len[MAXJ];
    float total = 0.f;
    for (int j = 0; j < njoints; ++j) p[j] = joints[c * (MAXJ + 1) + j];
    for (int j = 0; j + 1 < njoints; ++j) {
        float dx = p[j + 1].x - p[j].x, dy = p[j + 1].y - p[j].y, dz = p[j + 1].z - p[j].z;
        len[j] = sqrtf(dx * dx + dy * dy + dz * dz);
        total += len[j];
    }
    float3 t = targets[c], root = p[0];
    float dx = t.x - root.x, dy = t.y - root.y, dz = t.z - root.z;
    float dist = sqrtf(dx * dx + dy * dy + dz * dz);
    if (dist > total) {
        for (int j = 0; j + 1 < njoints; ++j) {
            float ex = t.x - p[j].x, ey = t.y - p[j].y, ez = t.z - p[j].z;
            float l = len[j] * rsqrtf(ex * ex + ey * ey + ez * ez);
            p[j + 1] = make_float3(p[j].x + ex * l, p[j].y + ey * l, p[j].z + ez * l);
        }
    } else {
        for (int it = 0; it < iters; ++it) {
            p[njoints - 1] = t;
            for (int j = njoints - 2; j >= 0; --j) {
                float ex = p[j].x - p[j + 1].x, ey = p[j].y - p[j + 1].y, ez = p[j].z - p[j + 1].z;
                float l = len[j] * rsqrtf(ex * ex + ey * ey + ez * ez + 1e-12f);
                p[j] = make_float3(p[j + 1].x + ex * l, p[j + 1].y + ey * l, p[j + 1].z + ez * l);
            }
            p[0] = root;
            for (int j = 0; j + 1 < njoints; ++j) {
                float ex = p[j + 1].x - p[j].x, ey = p[j + 1].y - p[j].y, ez = p[j + 1].z - p[j].z;
                float l = len[j] * rsqrtf(ex * ex + ey * ey + ez * ez + 1e-12f);
                p[j + 1] = make_float3(p[j].x + ex * l, p[j].y + ey * l, p[j].z + ez * l);
            }
            float3 e = p[njoints - 1];
            float ddx = e.x - t.x, ddy = e.y - t.y, ddz = e.z - t.z;
            if (ddx * ddx + ddy * ddy + ddz * ddz < tol * tol) break;
        }
    }
    for (int j = 0; j < njoints; ++j) joints[c * (MAXJ + 1) + j] = p[j];
}

// Retarget: target_local = tgt_rest * inv(src_rest) * src_local (per bone, per frame), then
// globals by walking the parent array (topologically sorted). One thread per (character, frame).
#define MAXBONES 64
extern "C" __global__ void __launch_bounds__(128)
retarget_pose(const quat *__restrict__ src_local, const quat *__restrict__ src_rest, const quat *__restrict__ tgt_rest,
              const float3 *__restrict__ tgt_offsets, const int *__restrict__ parent, const int *__restrict__ bone_map,
              int nbones, int nframes, float3 hip_scale,
              const float3 *__restrict__ src_root_pos, quat *__restrict__ out_local, float4 *__restrict__ out_global_pos)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nframes) return;
    nbones = min(nbones, MAXBONES);
    quat Gq[MAXBONES];
    float3 Gp[MAXBONES];
    for (int b = 0; b < nbones; ++b) {
        int sb = bone_map[b];
        quat l;
        if (sb >= 0) {
            quat s = src_local[(size_t)f * nbones + sb];
            l = qnorm(qmul(tgt_rest[b], qmul(qconj(src_rest[sb]), s)));
        } else {
            l = tgt_rest[b];
        }
        out_local[(size_t)f * nbones + b] = l;
        int pb = parent[b];
        if (pb < 0) {
            float3 r = src_root_pos[f];
            Gq[b] = l;
            Gp[b] = make_float3(r.x * hip_scale.x, r.y * hip_scale.y, r.z * hip_scale.z);
        } else {
            Gq[b] = qmul(Gq[pb], l);
            float3 o = qrot(Gq[pb], tgt_offsets[b]);
            Gp[b] = make_float3(Gp[pb].x + o.x, Gp[pb].y + o.y, Gp[pb].z + o.z);
        }
        out_global_pos[(size_t)f * nbones + b] = make_float4(Gp[b].x, Gp[b].y, Gp[b].z, 1.f);
    }
}
