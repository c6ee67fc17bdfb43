// Graphics: BVH traversal with a per-thread node stack (ray casting against
// triangles, closest hit), shadow-ray any-hit queries, and dual-quaternion
// skinning of mesh vertices with 4 bone influences.
#include <cuda_runtime.h>

struct BVHNode {
    float4 bmin_left;   // xyz = bbox min, w = left child index (as int bits) or first prim
    float4 bmax_right;  // xyz = bbox max, w = right child index or prim count (negative => leaf)
};

__device__ __forceinline__ bool slab(float3 o, float3 inv, float4 lo, float4 hi, float tmax, float& tnear)
{
    float tx0 = (lo.x - o.x) * inv.x, tx1 = (hi.x - o.x) * inv.x;
    float ty0 = (lo.y - o.y) * inv.y, ty1 = (hi.y - o.y) * inv.y;
    float tz0 = (lo.z - o.z) * inv.z, tz1 = (hi.z - o.z) * inv.z;
    float t0 = fmaxf(fmaxf(fminf(tx0, tx1), fminf(ty0, ty1)), fmaxf(fminf(tz0, tz1), 0.f));
    float t1 = fminf(fminf(fmaxf(tx0, tx1), fmaxf(ty0, ty1)), fminf(fmaxf(tz0, tz1), tmax));
    tnear = t0;
    return t0 <= t1;
}

// Möller–Trumbore; kept out of line as a real renderer would share it.
__device__ __noinline__ float tri_hit(float3 o, float3 d, float4 v0, float4 v1, float4 v2, float& u, float& v)
{
    float3 e1 = make_float3(v1.x - v0.x, v1.y - v0.y, v1.z - v0.z);
    float3 e2 = make_float3(v2.x - v0.x, v2.y - v0.y, v2.z - v0.z);
    float3 p = make_float3(d.y * e2.z - d.z * e2.y, d.z * e2.x - d.x * e2.z, d.x * e2.y - d.y * e2.x);
    float det = e1.x * p.x + e1.y * p.y + e1.z * p.z;
    if (fabsf(det) < 1e-9f) return 1e30f;
    float id = 1.f / det;
    float3 s = make_float3(o.x - v0.x, o.y - v0.y, o.z - v0.z);
    u = (s.x * p.x + s.y * p.y + s.z * p.z) * id;
    if (u < 0.f || u > 1.f) return 1e30f;
    float3 q = make_float3(s.y * e1.z - s.z * e1.y, s.z * e1.x - s.x * e1.z, s.x * e1.y - s.y * e1.x);
    v = (d.x * q.x + d.y * q.y + d.z * q.z) * id;
    if (v < 0.f || u + v > 1.f) return 1e30f;
    float t = (e2.x * q.x + e2.y * q.y + e2.z * q.z) * id;
    return t > 1e-4f ? t : 1e30f;
}

#define STACK_DEPTH 64
extern "C" __global__ void bvh_closest_hit(const BVHNode* __restrict__ nodes, const float4* __restrict__ verts,
                                           const int* __restrict__ prim_idx, const float4* __restrict__ ray_o,
                                           const float4* __restrict__ ray_d, int nrays, float4* __restrict__ hit)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrays) return;
    float4 o4 = ray_o[r], d4 = ray_d[r];
    float3 o = make_float3(o4.x, o4.y, o4.z), d = make_float3(d4.x, d4.y, d4.z);
    float3 inv = make_float3(1.f / d.x, 1.f / d.y, 1.f / d.z);
    float tbest = o4.w > 0.f ? o4.w : 1e30f;
    int best = -1; float bu = 0.f, bv = 0.f;
    int stack[STACK_DEPTH];
    int sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
        int ni = stack[--sp];
        BVHNode nd = nodes[ni];
        float tn;
        if (!slab(o, inv, nd.bmin_left, nd.bmax_right, tbest, tn)) continue;
        int a = __float_as_int(nd.bmin_left.w), b = __float_as_int(nd.bmax_right.w);
        if (b < 0) {
            for (int k = 0; k < -b; ++k) {
                int p = prim_idx[a + k];
                float u, v;
                float t = tri_hit(o, d, verts[3 * p], verts[3 * p + 1], verts[3 * p + 2], u, v);
                if (t < tbest) { tbest = t; best = p; bu = u; bv = v; }
            }
        } else {
            // push far child first using near-child bbox distance
            BVHNode na = nodes[a], nb = nodes[b];
            float ta, tb;
            bool ha = slab(o, inv, na.bmin_left, na.bmax_right, tbest, ta);
            bool hb = slab(o, inv, nb.bmin_left, nb.bmax_right, tbest, tb);
            if (ha && hb) {
                if (ta < tb) { stack[sp++] = b; stack[sp++] = a; }
                else { stack[sp++] = a; stack[sp++] = b; }
            } else if (ha) stack[sp++] = a;
            else if (hb) stack[sp++] = b;
            if (sp > STACK_DEPTH - 2) sp = STACK_DEPTH - 2;
        }
    }
    hit[r] = make_float4(tbest, __int_as_float(best), bu, bv);
}

extern "C" __global__ void bvh_shadow_any(const BVHNode* __restrict__ nodes, const float4* __restrict__ verts,
                                          const int* __restrict__ prim_idx, const float4* __restrict__ hitpos,
                                          float3 light, int nrays, unsigned int* __restrict__ occluded_bits)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    bool occ = false;
    if (r < nrays) {
        float4 p = hitpos[r];
        float3 o = make_float3(p.x, p.y, p.z);
        float3 d = make_float3(light.x - o.x, light.y - o.y, light.z - o.z);
        float3 inv = make_float3(1.f / d.x, 1.f / d.y, 1.f / d.z);
        int stack[STACK_DEPTH];
        int sp = 0;
        stack[sp++] = 0;
        while (sp > 0 && !occ) {
            BVHNode nd = nodes[stack[--sp]];
            float tn;
            if (!slab(o, inv, nd.bmin_left, nd.bmax_right, 1.f, tn)) continue;
            int a = __float_as_int(nd.bmin_left.w), b = __float_as_int(nd.bmax_right.w);
            if (b < 0) {
                for (int k = 0; k < -b && !occ; ++k) {
                    int pi = prim_idx[a + k];
                    float u, v;
                    float t = tri_hit(o, d, verts[3 * pi], verts[3 * pi + 1], verts[3 * pi + 2], u, v);
                    occ = t < 1.f;
                }
            } else if (sp < STACK_DEPTH - 2) {
                stack[sp++] = a; stack[sp++] = b;
            }
        }
    }
    unsigned m = __ballot_sync(0xffffffffu, occ);
    if ((threadIdx.x & 31) == 0 && r < nrays) occluded_bits[r >> 5] = m;
}

// Dual quaternion skinning. bones: [nb][2] float4 (real, dual).
extern "C" __global__ void dq_skinning(const float4* __restrict__ pos, const float4* __restrict__ nrm,
                                       const int4* __restrict__ bidx, const float4* __restrict__ bw,
                                       const float4* __restrict__ bones, int nv,
                                       float4* __restrict__ opos, float4* __restrict__ onrm)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nv) return;
    int4 bi = bidx[i]; float4 w = bw[i];
    int ids[4] = {bi.x, bi.y, bi.z, bi.w};
    float ws[4] = {w.x, w.y, w.z, w.w};
    float4 r0 = bones[2 * ids[0]];
    float4 br = make_float4(0.f, 0.f, 0.f, 0.f), bd = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        float4 qr = bones[2 * ids[k]], qd = bones[2 * ids[k] + 1];
        float s = (qr.x * r0.x + qr.y * r0.y + qr.z * r0.z + qr.w * r0.w) < 0.f ? -ws[k] : ws[k];
        br.x += s * qr.x; br.y += s * qr.y; br.z += s * qr.z; br.w += s * qr.w;
        bd.x += s * qd.x; bd.y += s * qd.y; bd.z += s * qd.z; bd.w += s * qd.w;
    }
    float inorm = rsqrtf(br.x * br.x + br.y * br.y + br.z * br.z + br.w * br.w);
    br.x *= inorm; br.y *= inorm; br.z *= inorm; br.w *= inorm;
    bd.x *= inorm; bd.y *= inorm; bd.z *= inorm; bd.w *= inorm;
    // quaternion (x,y,z,w): rotate v by br, translation t = 2 * (bd * conj(br)).xyz
    float3 qv = make_float3(br.x, br.y, br.z);
    float qw = br.w;
    auto rot = [&](float3 v) {
        float3 t = make_float3(2.f * (qv.y * v.z - qv.z * v.y), 2.f * (qv.z * v.x - qv.x * v.z), 2.f * (qv.x * v.y - qv.y * v.x));
        return make_float3(v.x + qw * t.x + (qv.y * t.z - qv.z * t.y),
                           v.y + qw * t.y + (qv.z * t.x - qv.x * t.z),
                           v.z + qw * t.z + (qv.x * t.y - qv.y * t.x));
    };
    float3 tr = make_float3(2.f * (-bd.w * qv.x + bd.x * qw - bd.y * qv.z + bd.z * qv.y),
                            2.f * (-bd.w * qv.y + bd.y * qw - bd.z * qv.x + bd.x * qv.z),
                            2.f * (-bd.w * qv.z + bd.z * qw - bd.x * qv.y + bd.y * qv.x));
    float4 p = pos[i], n = nrm[i];
    float3 pr = rot(make_float3(p.x, p.y, p.z));
    float3 nr = rot(make_float3(n.x, n.y, n.z));
    opos[i] = make_float4(pr.x + tr.x, pr.y + tr.y, pr.z + tr.z, 1.f);
    onrm[i] = make_float4(nr.x, nr.y, nr.z, 0.f);
}
