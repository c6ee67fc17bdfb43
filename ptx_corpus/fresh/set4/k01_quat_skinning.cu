// Dual-quaternion and linear-blend skinning of mesh vertices with up to 4 bone influences, plus quaternion slerp of animation keys.
#include <cuda_runtime.h>

struct Quat { float w, x, y, z; };
struct DualQuat { Quat r; Quat d; };
struct SkinVertex { float px, py, pz; float nx, ny, nz; int bone[4]; float weight[4]; };

__device__ __forceinline__ Quat qmul(Quat a, Quat b) {
    Quat q;
    q.w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
    q.x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
    q.y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
    q.z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
    return q;
}

__device__ __forceinline__ float3 qrotate(Quat q, float3 v) {
    // v' = v + 2 * cross(q.xyz, cross(q.xyz, v) + q.w * v)
    float3 u = make_float3(q.x, q.y, q.z);
    float3 t = make_float3(u.y * v.z - u.z * v.y + q.w * v.x,
                           u.z * v.x - u.x * v.z + q.w * v.y,
                           u.x * v.y - u.y * v.x + q.w * v.z);
    return make_float3(v.x + 2.f * (u.y * t.z - u.z * t.y),
                       v.y + 2.f * (u.z * t.x - u.x * t.z),
                       v.z + 2.f * (u.x * t.y - u.y * t.x));
}

extern "C" __global__ void
dq_skin_vertices(const SkinVertex* __restrict__ verts, const DualQuat* __restrict__ bones,
                 float* __restrict__ outPos, float* __restrict__ outNrm, int nVerts)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nVerts) return;
    SkinVertex v = verts[i];
    DualQuat b0 = bones[v.bone[0]];
    Quat r = {0.f, 0.f, 0.f, 0.f}, d = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        float w = v.weight[k];
        if (w == 0.f) continue;
        DualQuat b = bones[v.bone[k]];
        // hemisphere alignment with the first bone avoids antipodal artifacts
        float dotr = b.r.w * b0.r.w + b.r.x * b0.r.x + b.r.y * b0.r.y + b.r.z * b0.r.z;
        if (dotr < 0.f) w = -w;
        r.w += w * b.r.w; r.x += w * b.r.x; r.y += w * b.r.y; r.z += w * b.r.z;
        d.w += w * b.d.w; d.x += w * b.d.x; d.y += w * b.d.y; d.z += w * b.d.z;
    }
    float inv = rsqrtf(r.w * r.w + r.x * r.x + r.y * r.y + r.z * r.z);
    r.w *= inv; r.x *= inv; r.y *= inv; r.z *= inv;
    d.w *= inv; d.x *= inv; d.y *= inv; d.z *= inv;
    // translation t = 2 * d * conj(r)
    Quat rc = {r.w, -r.x, -r.y, -r.z};
    Quat t = qmul(d, rc);
    float3 p = qrotate(r, make_float3(v.px, v.py, v.pz));
    float3 n = qrotate(r, make_float3(v.nx, v.ny, v.nz));
    outPos[3 * i + 0] = p.x + 2.f * t.x;
    outPos[3 * i + 1] = p.y + 2.f * t.y;
    outPos[3 * i + 2] = p.z + 2.f * t.z;
    outNrm[3 * i + 0] = n.x; outNrm[3 * i + 1] = n.y; outNrm[3 * i + 2] = n.z;
}

// Linear blend skinning with 3x4 matrices held in shared memory (SoA positions).
extern "C" __global__ void
lbs_skin_soa(const float* __restrict__ px, const float* __restrict__ py, const float* __restrict__ pz,
             const int4* __restrict__ boneIdx, const float4* __restrict__ boneW,
             const float* __restrict__ mats /* nBones x 12 */, int nBones,
             float* __restrict__ ox, float* __restrict__ oy, float* __restrict__ oz, int nVerts)
{
    extern __shared__ float smat[];
    for (int j = threadIdx.x; j < nBones * 12; j += blockDim.x) smat[j] = mats[j];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nVerts) return;
    int4 bi = boneIdx[i];
    float4 bw = boneW[i];
    int idx[4] = {bi.x, bi.y, bi.z, bi.w};
    float wt[4] = {bw.x, bw.y, bw.z, bw.w};
    float m[12];
#pragma unroll
    for (int c = 0; c < 12; ++c) m[c] = 0.f;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const float* M = smat + idx[k] * 12;
#pragma unroll
        for (int c = 0; c < 12; ++c) m[c] = fmaf(wt[k], M[c], m[c]);
    }
    float x = px[i], y = py[i], z = pz[i];
    ox[i] = m[0] * x + m[1] * y + m[2] * z + m[3];
    oy[i] = m[4] * x + m[5] * y + m[6] * z + m[7];
    oz[i] = m[8] * x + m[9] * y + m[10] * z + m[11];
}

// Slerp between keyframe rotations for each bone at time t.
extern "C" __global__ void
slerp_keyframes(const float4* __restrict__ keys, const float* __restrict__ keyTimes, int nKeys,
                float t, float4* __restrict__ outRot, int nBones)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBones) return;
    const float* kt = keyTimes;
    int lo = 0, hi = nKeys - 1;
    while (hi - lo > 1) {
        int mid = (lo + hi) >> 1;
        if (kt[mid] <= t) lo = mid; else hi = mid;
    }
    float u = (t - kt[lo]) / fmaxf(kt[hi] - kt[lo], 1e-12f);
    u = fminf(fmaxf(u, 0.f), 1.f);
    float4 a = keys[lo * nBones + b], c = keys[hi * nBones + b];
    float cosom = a.x * c.x + a.y * c.y + a.z * c.z + a.w * c.w;
    if (cosom < 0.f) { cosom = -cosom; c.x = -c.x; c.y = -c.y; c.z = -c.z; c.w = -c.w; }
    float s0, s1;
    if (cosom > 0.9995f) { s0 = 1.f - u; s1 = u; }
    else {
        float om = acosf(cosom), sinom = sinf(om);
        s0 = sinf((1.f - u) * om) / sinom;
        s1 = sinf(u * om) / sinom;
    }
    float4 q = make_float4(s0 * a.x + s1 * c.x, s0 * a.y + s1 * c.y, s0 * a.z + s1 * c.z, s0 * a.w + s1 * c.w);
    float n = rsqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    outRot[b] = make_float4(q.x * n, q.y * n, q.z * n, q.w * n);
}
