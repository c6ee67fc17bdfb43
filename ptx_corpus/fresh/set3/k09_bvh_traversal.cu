// Ray traversal of a binary BVH with a per-thread node stack.
#include <cuda_runtime.h>
#include <float.h>

struct BVHNode { float4 lo_left; float4 hi_right; }; // xyz bounds, w = child index / prim count bits
struct Tri { float4 v0, e1, e2; };

__device__ __forceinline__ bool slab_test(const float3& org, const float3& inv, float tmax,
                                          const float4& lo, const float4& hi, float& tnear)
{
    float tx0 = (lo.x - org.x) * inv.x, tx1 = (hi.x - org.x) * inv.x;
    float ty0 = (lo.y - org.y) * inv.y, ty1 = (hi.y - org.y) * inv.y;
    float tz0 = (lo.z - org.z) * inv.z, tz1 = (hi.z - org.z) * inv.z;
    float tmin = fmaxf(fmaxf(fminf(tx0, tx1), fminf(ty0, ty1)), fmaxf(fminf(tz0, tz1), 0.f));
    float tmx = fminf(fminf(fmaxf(tx0, tx1), fmaxf(ty0, ty1)), fminf(fmaxf(tz0, tz1), tmax));
    tnear = tmin;
    return tmin <= tmx;
}

__device__ __forceinline__ bool moller_trumbore(const float3& o, const float3& d, const Tri& t,
                                                float& thit, float& bu, float& bv)
{
    float px = d.y * t.e2.z - d.z * t.e2.y, py = d.z * t.e2.x - d.x * t.e2.z, pz = d.x * t.e2.y - d.y * t.e2.x;
    float det = t.e1.x * px + t.e1.y * py + t.e1.z * pz;
    if (fabsf(det) < 1e-8f) return false;
    float inv = 1.f / det;
    float sx = o.x - t.v0.x, sy = o.y - t.v0.y, sz = o.z - t.v0.z;
    float u = (sx * px + sy * py + sz * pz) * inv;
    if (u < 0.f || u > 1.f) return false;
    float qx = sy * t.e1.z - sz * t.e1.y, qy = sz * t.e1.x - sx * t.e1.z, qz = sx * t.e1.y - sy * t.e1.x;
    float v = (d.x * qx + d.y * qy + d.z * qz) * inv;
    if (v < 0.f || u + v > 1.f) return false;
    float tt = (t.e2.x * qx + t.e2.y * qy + t.e2.z * qz) * inv;
    if (tt <= 1e-6f || tt >= thit) return false;
    thit = tt; bu = u; bv = v;
    return true;
}

// Closest-hit traversal, near child first, 64-entry stack in local memory.
__device__ __forceinline__ void trace_closest(const BVHNode* __restrict__ nodes, const Tri* __restrict__ tris,
                                              const float4* __restrict__ ray_o, const float4* __restrict__ ray_d,
                                              float4* __restrict__ hits, int rid)
{
    float4 o4 = ray_o[rid], d4 = ray_d[rid];
    float3 o = make_float3(o4.x, o4.y, o4.z), d = make_float3(d4.x, d4.y, d4.z);
    float3 inv = make_float3(1.f / d.x, 1.f / d.y, 1.f / d.z);
    float thit = d4.w, bu = 0.f, bv = 0.f;
    int hit_id = -1;
    int stack[64];
    int sp = 0;
    int node = 0;
    while (true) {
        BVHNode n = nodes[node];
        int meta = __float_as_int(n.hi_right.w);
        if (meta < 0) {
            int first = __float_as_int(n.lo_left.w), cnt = meta & 0x7fffffff;
            for (int i = 0; i < cnt; ++i) {
                Tri t = tris[first + i];
                if (moller_trumbore(o, d, t, thit, bu, bv)) hit_id = first + i;
            }
        } else {
            int l = __float_as_int(n.lo_left.w), r = meta;
            BVHNode nl = nodes[l], nr = nodes[r];
            float tl, tr;
            bool hl = slab_test(o, inv, thit, nl.lo_left, nl.hi_right, tl);
            bool hr = slab_test(o, inv, thit, nr.lo_left, nr.hi_right, tr);
            if (hl && hr) {
                int nearc = tl <= tr ? l : r, farc = tl <= tr ? r : l;
                if (sp < 64) stack[sp++] = farc;
                node = nearc;
                continue;
            } else if (hl) { node = l; continue; }
            else if (hr) { node = r; continue; }
        }
        if (sp == 0) break;
        node = stack[--sp];
    }
    hits[rid] = make_float4(thit, bu, bv, __int_as_float(hit_id));
}

extern "C" __global__ void bvh_closest_hit(const BVHNode* __restrict__ nodes, const Tri* __restrict__ tris,
                                           const float4* __restrict__ ray_o, const float4* __restrict__ ray_d,
                                           int n_rays, float4* __restrict__ hits)
{
    int rid = blockIdx.x * blockDim.x + threadIdx.x;
    if (rid < n_rays) trace_closest(nodes, tris, ray_o, ray_d, hits, rid);
}

// Same traversal compiled for maximum occupancy (8 blocks of 256 threads per SM).
extern "C" __global__ void __launch_bounds__(256, 8)
bvh_closest_hit_occ(const BVHNode* __restrict__ nodes, const Tri* __restrict__ tris,
                    const float4* __restrict__ ray_o, const float4* __restrict__ ray_d,
                    int n_rays, float4* __restrict__ hits)
{
    int rid = blockIdx.x * blockDim.x + threadIdx.x;
    if (rid < n_rays) trace_closest(nodes, tris, ray_o, ray_d, hits, rid);
}

// Any-hit occlusion query for shadow rays with early exit.
extern "C" __global__ void __launch_bounds__(128, 4)
bvh_occluded(const BVHNode* __restrict__ nodes, const Tri* __restrict__ tris,
             const float4* __restrict__ ray_o, const float4* __restrict__ ray_d,
             int n_rays, unsigned char* __restrict__ occluded)
{
    int rid = blockIdx.x * blockDim.x + threadIdx.x;
    if (rid >= n_rays) return;
    float4 o4 = ray_o[rid], d4 = ray_d[rid];
    float3 o = make_float3(o4.x, o4.y, o4.z), d = make_float3(d4.x, d4.y, d4.z);
    float3 inv = make_float3(1.f / d.x, 1.f / d.y, 1.f / d.z);
    float tmax = d4.w, bu, bv;
    int stack[32];
    int sp = 0;
    stack[sp++] = 0;
    unsigned char occ = 0;
    while (sp > 0 && !occ) {
        int ni = stack[--sp];
        BVHNode n = nodes[ni];
        float tn;
        if (!slab_test(o, inv, tmax, n.lo_left, n.hi_right, tn)) continue;
        int meta = __float_as_int(n.hi_right.w);
        if (meta < 0) {
            int first = __float_as_int(n.lo_left.w), cnt = meta & 0x7fffffff;
            for (int i = 0; i < cnt && !occ; ++i) {
                float th = tmax;
                if (moller_trumbore(o, d, tris[first + i], th, bu, bv)) occ = 1;
            }
        } else if (sp + 2 <= 32) {
            stack[sp++] = meta;
            stack[sp++] = __float_as_int(n.lo_left.w);
        }
    }
    occluded[rid] = occ;
}
