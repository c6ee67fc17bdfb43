// Domain: computer graphics - ray tracing
// ray_tri_bruteforce: closest-hit Moller-Trumbore test of each ray against all triangles, triangles staged in shared memory.
// bvh_closest_hit_stack: BVH traversal with a 64-entry per-thread node stack, slab AABB tests, leaf triangle tests.
// path_trace_spheres: Monte Carlo path tracer over analytic spheres, per-bounce radiance terms recorded in local arrays.
// whitted_recursive: recursive Whitted-style ray tracer (reflection + refraction) via a recursive device function.

#include <stdint.h>

struct Tri { float3 v0, e1, e2; };
struct BvhNode { float3 lo; int left_or_first; float3 hi; int count; };   // count>0: leaf
struct Sphere { float3 c; float r; float3 albedo; float emit; int mat; float ior; };

__device__ __forceinline__ float3 f3sub(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ __forceinline__ float3 f3add(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ __forceinline__ float3 f3mul(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }
__device__ __forceinline__ float3 f3had(float3 a, float3 b) { return make_float3(a.x * b.x, a.y * b.y, a.z * b.z); }
__device__ __forceinline__ float f3dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ __forceinline__ float3 f3cross(float3 a, float3 b)
{
    return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
__device__ __forceinline__ float3 f3norm(float3 a) { return f3mul(a, rsqrtf(f3dot(a, a))); }

__device__ __forceinline__ bool moller_trumbore(float3 o, float3 d, const Tri& t, float tmax, float& th, float& u, float& v)
{
    float3 p = f3cross(d, t.e2);
    float det = f3dot(t.e1, p);
    if (fabsf(det) < 1e-9f) return false;
    float inv = 1.f / det;
    float3 s = f3sub(o, t.v0);
    u = f3dot(s, p) * inv;
    if (u < 0.f || u > 1.f) return false;
    float3 q = f3cross(s, t.e1);
    v = f3dot(d, q) * inv;
    if (v < 0.f || u + v > 1.f) return false;
    th = f3dot(t.e2, q) * inv;
    return th > 1e-4f && th < tmax;
}

extern "C" __global__ void ray_tri_bruteforce(const float3* __restrict__ orig, const float3* __restrict__ dir,
                                              const Tri* __restrict__ tris, int ntri, int nrays,
                                              float* __restrict__ hit_t, int* __restrict__ hit_id, float2* __restrict__ hit_uv)
{
    __shared__ Tri sh[128];
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    float3 o = r < nrays ? orig[r] : make_float3(0.f, 0.f, 0.f);
    float3 d = r < nrays ? dir[r] : make_float3(0.f, 0.f, 1.f);
    float best = 1e30f, bu = 0.f, bv = 0.f;
    int bid = -1;
    for (int base = 0; base < ntri; base += 128) {
        __syncthreads();
        for (int k = threadIdx.x; k < 128 && base + k < ntri; k += blockDim.x) sh[k] = tris[base + k];
        __syncthreads();
        int cnt = min(128, ntri - base);
        for (int k = 0; k < cnt; k++) {
            float t, u, v;
            if (moller_trumbore(o, d, sh[k], best, t, u, v)) { best = t; bid = base + k; bu = u; bv = v; }
        }
    }
    if (r < nrays) { hit_t[r] = best; hit_id[r] = bid; hit_uv[r] = make_float2(bu, bv); }
}

__device__ __forceinline__ bool slab(float3 lo, float3 hi, float3 o, float3 invd, float tmax, float& tnear)
{
    float tx1 = (lo.x - o.x) * invd.x, tx2 = (hi.x - o.x) * invd.x;
    float ty1 = (lo.y - o.y) * invd.y, ty2 = (hi.y - o.y) * invd.y;
    float tz1 = (lo.z - o.z) * invd.z, tz2 = (hi.z - o.z) * invd.z;
    float tmin = fmaxf(fmaxf(fminf(tx1, tx2), fminf(ty1, ty2)), fmaxf(fminf(tz1, tz2), 0.f));
    float tm = fminf(fminf(fmaxf(tx1, tx2), fmaxf(ty1, ty2)), fminf(fmaxf(tz1, tz2), tmax));
    tnear = tmin;
    return tmin <= tm;
}

extern "C" __global__ void bvh_closest_hit_stack(const BvhNode* __restrict__ nodes, const Tri* __restrict__ tris,
                                                 const int* __restrict__ tri_idx, const float3* __restrict__ orig,
                                                 const float3* __restrict__ dir, int nrays,
                                                 float* __restrict__ hit_t, int* __restrict__ hit_id)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrays) return;
    float3 o = orig[r], d = dir[r];
    float3 invd = make_float3(1.f / d.x, 1.f / d.y, 1.f / d.z);
    int stack[64];
    int sp = 0;
    stack[sp++] = 0;
    float best = 1e30f;
    int bid = -1;
    while (sp > 0) {
        int ni = stack[--sp];
        BvhNode n = nodes[ni];
        float tn;
        if (!slab(n.lo, n.hi, o, invd, best, tn)) continue;
        if (n.count > 0) {
            for (int k = 0; k < n.count; k++) {
                int ti = tri_idx[n.left_or_first + k];
                float t, u, v;
                if (moller_trumbore(o, d, tris[ti], best, t, u, v)) { best = t; bid = ti; }
            }
        } else {
            int l = n.left_or_first, rr = l + 1;
            BvhNode a = nodes[l], b = nodes[rr];
            float ta, tb;
            bool ha = slab(a.lo, a.hi, o, invd, best, ta);
            bool hb = slab(b.lo, b.hi, o, invd, best, tb);
            if (ha && hb) {
                // push farther first so the nearer child is popped next
                if (ta < tb) { stack[sp++] = rr; stack[sp++] = l; }
                else { stack[sp++] = l; stack[sp++] = rr; }
            } else if (ha) stack[sp++] = l;
            else if (hb) stack[sp++] = rr;
            if (sp > 62) sp = 62;   // overflow guard: drop deepest entries
        }
    }
    hit_t[r] = best;
    hit_id[r] = bid;
}

__device__ __forceinline__ uint32_t pcg_next(uint64_t& s)
{
    uint64_t old = s;
    s = old * 6364136223846793005ULL + 1442695040888963407ULL;
    uint32_t xs = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xs >> rot) | (xs << ((32u - rot) & 31u));
}
__device__ __forceinline__ float rnd01(uint64_t& s) { return (pcg_next(s) >> 8) * (1.f / 16777216.f); }

__device__ __forceinline__ int hit_spheres(const Sphere* sp, int ns, float3 o, float3 d, float& tbest)
{
    int id = -1;
    for (int k = 0; k < ns; k++) {
        float3 oc = f3sub(o, sp[k].c);
        float b = f3dot(oc, d), c = f3dot(oc, oc) - sp[k].r * sp[k].r;
        float disc = b * b - c;
        if (disc < 0.f) continue;
        float sq = sqrtf(disc);
        float t = -b - sq;
        if (t < 1e-3f) t = -b + sq;
        if (t > 1e-3f && t < tbest) { tbest = t; id = k; }
    }
    return id;
}

#define PT_MAXD 8
extern "C" __global__ void path_trace_spheres(const Sphere* __restrict__ spheres, int nsph, int width, int height,
                                              int spp, int maxdepth, float3 cam, float fov_scale,
                                              unsigned long long seed, float4* __restrict__ accum)
{
    __shared__ Sphere sh[32];
    for (int k = threadIdx.x + threadIdx.y * blockDim.x; k < nsph && k < 32; k += blockDim.x * blockDim.y) sh[k] = spheres[k];
    __syncthreads();
    nsph = min(nsph, 32);
    int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= width || py >= height) return;
    maxdepth = min(maxdepth, PT_MAXD);
    uint64_t rng = seed ^ ((uint64_t)(py * width + px) * 0x9E3779B97F4A7C15ULL);
    float3 sum = make_float3(0.f, 0.f, 0.f);
    for (int s = 0; s < spp; s++) {
        float u = ((px + rnd01(rng)) / width * 2.f - 1.f) * fov_scale * width / height;
        float v = ((py + rnd01(rng)) / height * 2.f - 1.f) * fov_scale;
        float3 o = cam, d = f3norm(make_float3(u, -v, -1.f));
        float3 emitted[PT_MAXD], atten[PT_MAXD];
        int depth = 0;
        for (; depth < maxdepth; depth++) {
            float t = 1e30f;
            int id = hit_spheres(sh, nsph, o, d, t);
            if (id < 0) { emitted[depth] = make_float3(0.2f, 0.25f, 0.3f); atten[depth] = make_float3(0.f, 0.f, 0.f); depth++; break; }
            Sphere S = sh[id];
            float3 p = f3add(o, f3mul(d, t));
            float3 nrm = f3norm(f3sub(p, S.c));
            if (f3dot(nrm, d) > 0.f) nrm = f3mul(nrm, -1.f);
            emitted[depth] = f3mul(S.albedo, S.emit);
            atten[depth] = S.albedo;
            if (S.mat == 1) {
                d = f3sub(d, f3mul(nrm, 2.f * f3dot(d, nrm)));
            } else {
                float r1 = 6.2831853f * rnd01(rng), r2 = rnd01(rng), r2s = sqrtf(r2);
                float3 w = nrm, a = fabsf(w.x) > 0.1f ? make_float3(0.f, 1.f, 0.f) : make_float3(1.f, 0.f, 0.f);
                float3 uu = f3norm(f3cross(a, w)), vv = f3cross(w, uu);
                float sn, cs;
                __sincosf(r1, &sn, &cs);
                d = f3norm(f3add(f3add(f3mul(uu, cs * r2s), f3mul(vv, sn * r2s)), f3mul(w, sqrtf(1.f - r2))));
            }
            o = f3add(p, f3mul(nrm, 1e-3f));
        }
        float3 L = make_float3(0.f, 0.f, 0.f);
        for (int k = depth - 1; k >= 0; k--) L = f3add(emitted[k], f3had(atten[k], L));
        sum = f3add(sum, L);
    }
    float inv = 1.f / spp;
    float4 prev = accum[py * width + px];
    accum[py * width + px] = make_float4(prev.x + sum.x * inv, prev.y + sum.y * inv, prev.z + sum.z * inv, prev.w + 1.f);
}

__device__ float3 whitted_trace(const Sphere* sp, int ns, float3 o, float3 d, float3 light, int depth)
{
    float t = 1e30f;
    int id = hit_spheres(sp, ns, o, d, t);
    if (id < 0) return make_float3(0.1f, 0.1f, 0.15f);
    Sphere S = sp[id];
    float3 p = f3add(o, f3mul(d, t));
    float3 n = f3norm(f3sub(p, S.c));
    bool inside = f3dot(n, d) > 0.f;
    if (inside) n = f3mul(n, -1.f);
    float3 l = f3norm(f3sub(light, p));
    float ts = 1e30f;
    float3 po = f3add(p, f3mul(n, 1e-3f));
    bool shadow = hit_spheres(sp, ns, po, l, ts) >= 0 && ts < sqrtf(f3dot(f3sub(light, p), f3sub(light, p)));
    float diff = shadow ? 0.f : fmaxf(f3dot(n, l), 0.f);
    float3 col = f3mul(S.albedo, 0.1f + 0.9f * diff + S.emit);
    if (depth <= 0 || S.mat == 0) return col;
    float3 refl = f3sub(d, f3mul(n, 2.f * f3dot(d, n)));
    float3 rc = whitted_trace(sp, ns, po, refl, light, depth - 1);
    if (S.mat == 2) {
        float eta = inside ? S.ior : 1.f / S.ior;
        float cosi = -f3dot(d, n);
        float k = 1.f - eta * eta * (1.f - cosi * cosi);
        float r0 = (1.f - eta) / (1.f + eta); r0 *= r0;
        float fr = r0 + (1.f - r0) * __powf(1.f - cosi, 5.f);
        if (k >= 0.f) {
            float3 td = f3norm(f3add(f3mul(d, eta), f3mul(n, eta * cosi - sqrtf(k))));
            float3 tc = whitted_trace(sp, ns, f3sub(p, f3mul(n, 1e-3f)), td, light, depth - 1);
            return f3add(f3mul(rc, fr), f3mul(tc, 1.f - fr));
        }
        return rc;
    }
    return f3add(f3mul(col, 0.2f), f3mul(rc, 0.8f));
}

extern "C" __global__ void whitted_recursive(const Sphere* __restrict__ spheres, int nsph, int width, int height,
                                             float3 cam, float3 light, int maxdepth, uchar4* __restrict__ img)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= width || py >= height) return;
    float u = ((px + 0.5f) / width * 2.f - 1.f) * width / height;
    float v = (py + 0.5f) / height * 2.f - 1.f;
    float3 d = f3norm(make_float3(u, -v, -1.5f));
    float3 c = whitted_trace(spheres, nsph, cam, d, light, min(maxdepth, 5));
    img[py * width + px] = make_uchar4((unsigned char)(255.f * fminf(c.x, 1.f)), (unsigned char)(255.f * fminf(c.y, 1.f)),
                                       (unsigned char)(255.f * fminf(c.z, 1.f)), 255);
}
