// k11_skinning.cu
// Graphics/animation: character skinning.
//  - lbs_skin_vertices:   linear blend skinning, 4 influences, 3x4 bone matrices (float4 loads)
//  - dqs_skin_vertices:   dual-quaternion skinning with antipodality fix
//  - pose_hierarchy_local: forward pose evaluation of a 64-joint hierarchy per character,
//                          global transforms kept in a thread-local array indexed by parent[]
//  - blendshape_accumulate: sparse morph-target deltas (small)

#define MAXJ 64

extern "C" __global__ void lbs_skin_vertices(const float4* __restrict__ restPos, const float4* __restrict__ restNrm,
                                             const int4* __restrict__ boneIdx, const float4* __restrict__ weights,
                                             const float4* __restrict__ bones /* 3 float4 per bone */,
                                             int n, float4* __restrict__ outPos, float4* __restrict__ outNrm)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n) return;
    float4 p = restPos[v], nn = restNrm[v];
    int4 bi = boneIdx[v];
    float4 w = weights[v];
    int ids[4] = {bi.x, bi.y, bi.z, bi.w};
    float ws[4] = {w.x, w.y, w.z, w.w};
    float m[12];
#pragma unroll
    for (int k = 0; k < 12; ++k) m[k] = 0.f;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        const float4* B = bones + 3 * ids[j];
        float4 r0 = B[0], r1 = B[1], r2 = B[2];
        m[0] += ws[j] * r0.x; m[1] += ws[j] * r0.y; m[2] += ws[j] * r0.z; m[3] += ws[j] * r0.w;
        m[4] += ws[j] * r1.x; m[5] += ws[j] * r1.y; m[6] += ws[j] * r1.z; m[7] += ws[j] * r1.w;
        m[8] += ws[j] * r2.x; m[9] += ws[j] * r2.y; m[10] += ws[j] * r2.z; m[11] += ws[j] * r2.w;
    }
    outPos[v] = make_float4(m[0] * p.x + m[1] * p.y + m[2] * p.z + m[3],
                            m[4] * p.x + m[5] * p.y + m[6] * p.z + m[7],
                            m[8] * p.x + m[9] * p.y + m[10] * p.z + m[11], 1.f);
    float nx = m[0] * nn.x + m[1] * nn.y + m[2] * nn.z;
    float ny = m[4] * nn.x + m[5] * nn.y + m[6] * nn.z;
    float nz = m[8] * nn.x + m[9] * nn.y + m[10] * nn.z;
    float s = rsqrtf(nx * nx + ny * ny + nz * nz + 1e-20f);
    outNrm[v] = make_float4(nx * s, ny * s, nz * s, 0.f);
}

extern "C" __global__ void dqs_skin_vertices(const float4* __restrict__ restPos, const int4* __restrict__ boneIdx,
                                             const float4* __restrict__ weights, const float4* __restrict__ dq,
                                             int n, float4* __restrict__ outPos)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n) return;
    float4 p = restPos[v];
    int4 bi = boneIdx[v];
    float4 w = weights[v];
    int ids[4] = {bi.x, bi.y, bi.z, bi.w};
    float ws[4] = {w.x, w.y, w.z, w.w};
    float4 q0 = dq[2 * ids[0]];
    float4 r = make_float4(0, 0, 0, 0), d = make_float4(0, 0, 0, 0);
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        float4 qr = dq[2 * ids[j]], qd = dq[2 * ids[j] + 1];
        float s = (qr.x * q0.x + qr.y * q0.y + qr.z * q0.z + qr.w * q0.w) < 0.f ? -ws[j] : ws[j];
        r.x += s * qr.x; r.y += s * qr.y; r.z += s * qr.z; r.w += s * qr.w;
        d.x += s * qd.x; d.y += s * qd.y; d.z += s * qd.z; d.w += s * qd.w;
    }
    float inv = rsqrtf(r.x * r.x + r.y * r.y + r.z * r.z + r.w * r.w);
    r.x *= inv; r.y *= inv; r.z *= inv; r.w *= inv;
    d.x *= inv; d.y *= inv; d.z *= inv; d.w *= inv;
    // rotate: v' = v + 2 r.xyz x (r.xyz x v + r.w v)
    float cx = r.y * p.z - r.z * p.y + r.w * p.x;
    float cy = r.z * p.x - r.x * p.z + r.w * p.y;
    float cz = r.x * p.y - r.y * p.x + r.w * p.z;
    float px = p.x + 2.f * (r.y * cz - r.z * cy);
    float py = p.y + 2.f * (r.z * cx - r.x * cz);
    float pz = p.z + 2.f * (r.x * cy - r.y * cx);
    // translation: 2 (r.w d.xyz - d.w r.xyz + r.xyz x d.xyz)
    float tx = 2.f * (r.w * d.x - d.w * r.x + r.y * d.z - r.z * d.y);
    float ty = 2.f * (r.w * d.y - d.w * r.y + r.z * d.x - r.x * d.z);
    float tz = 2.f * (r.w * d.z - d.w * r.z + r.x * d.y - r.y * d.x);
    outPos[v] = make_float4(px + tx, py + ty, pz + tz, 1.f);
}

extern "C" __global__ void pose_hierarchy_local(const float* __restrict__ localXf /* 12 per joint */,
                                                const int* __restrict__ parent, int nJoints, int nChars,
                                                float* __restrict__ globalXf)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= nChars) return;
    float G[MAXJ][12];
    int J = min(nJoints, MAXJ);
    const float* L = localXf + (size_t)c * nJoints * 12;
    for (int j = 0; j < J; ++j) {
        float l[12];
#pragma unroll
        for (int k = 0; k < 12; ++k) l[k] = L[12 * j + k];
        int pj = parent[j];
        if (pj < 0) {
#pragma unroll
            for (int k = 0; k < 12; ++k) G[j][k] = l[k];
        } else {
#pragma unroll
            for (int r = 0; r < 3; ++r) {
                float a0 = G[pj][4 * r], a1 = G[pj][4 * r + 1], a2 = G[pj][4 * r + 2], a3 = G[pj][4 * r + 3];
                G[j][4 * r + 0] = a0 * l[0] + a1 * l[4] + a2 * l[8];
                G[j][4 * r + 1] = a0 * l[1] + a1 * l[5] + a2 * l[9];
                G[j][4 * r + 2] = a0 * l[2] + a1 * l[6] + a2 * l[10];
                G[j][4 * r + 3] = a0 * l[3] + a1 * l[7] + a2 * l[11] + a3;
            }
        }
#pragma unroll
        for (int k = 0; k < 12; ++k) globalXf[((size_t)c * nJoints + j) * 12 + k] = G[j][k];
    }
}

extern "C" __global__ void blendshape_accumulate(const float4* __restrict__ base, const float* __restrict__ wts,
                                                 const int* __restrict__ deltaIdx, const float4* __restrict__ delta,
                                                 const int* __restrict__ deltaShape, int nDeltas, float4* __restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nDeltas) return;
    int v = deltaIdx[i];
    float w = wts[deltaShape[i]];
    float4 d = delta[i];
    atomicAdd(&out[v].x, w * d.x);
    atomicAdd(&out[v].y, w * d.y);
    atomicAdd(&out[v].z, w * d.z);
    (void)base;
}
