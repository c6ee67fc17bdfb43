// Ray-sphere intersection: simple ray caster with shading and shadow rays, plus a
// path-tracing style bounce loop.
#include <cuda_runtime.h>

struct Sphere { float3 c; float r; float3 color; float refl; };
#define MAX_SPHERES 32
__constant__ Sphere c_spheres[MAX_SPHERES];
__constant__ int c_numSpheres;

__device__ inline float3 f3(float a, float b, float c) { return make_float3(a, b, c); }
__device__ inline float3 add(float3 a, float3 b) { return f3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ inline float3 sub(float3 a, float3 b) { return f3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ inline float3 mul(float3 a, float s) { return f3(a.x * s, a.y * s, a.z * s); }
__device__ inline float3 mulv(float3 a, float3 b) { return f3(a.x * b.x, a.y * b.y, a.z * b.z); }
__device__ inline float dot3(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ inline float3 normalize3(float3 a) { return mul(a, rsqrtf(dot3(a, a))); }

__device__ inline float hitSphere(const Sphere &s, float3 o, float3 d)
{
    float3 oc = sub(o, s.c);
    float b = dot3(oc, d);
    float c = dot3(oc, oc) - s.r * s.r;
    float disc = b * b - c;
    if (disc < 0.f) return -1.f;
    float sq = sqrtf(disc);
    float t = -b - sq;
    if (t > 1e-4f) return t;
    t = -b + sq;
    return t > 1e-4f ? t : -1.f;
}

__device__ inline int closestHit(float3 o, float3 d, float &tmin)
{
    int hit = -1;
    tmin = 1e30f;
    for (int i = 0; i < c_numSpheres; i++) {
        float t = hitSphere(c_spheres[i], o, d);
        if (t > 0.f && t < tmin) { tmin = t; hit = i; }
    }
    return hit;
}

extern "C" __global__ void raycastSpheres(uchar4 *img, int w, int h, float3 eye, float3 lightPos, float fov)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= w || py >= h) return;
    float aspect = (float)w / h;
    float sx = (2.f * (px + 0.5f) / w - 1.f) * aspect * fov;
    float sy = (1.f - 2.f * (py + 0.5f) / h) * fov;
    float3 dir = normalize3(f3(sx, sy, -1.f));
    float3 orig = eye;
    float3 color = f3(0, 0, 0);
    float atten = 1.f;
    for (int depth = 0; depth < 4; depth++) {
        float t;
        int id = closestHit(orig, dir, t);
        if (id < 0) { color = add(color, mul(f3(0.2f, 0.3f, 0.5f), atten)); break; }
        Sphere s = c_spheres[id];
        float3 p = add(orig, mul(dir, t));
        float3 n = normalize3(sub(p, s.c));
        float3 l = normalize3(sub(lightPos, p));
        float tShadow;
        int sh = closestHit(p, l, tShadow);
        float diff = (sh < 0) ? fmaxf(dot3(n, l), 0.f) : 0.f;
        float3 hv = normalize3(sub(l, dir));
        float spec = (sh < 0) ? __powf(fmaxf(dot3(n, hv), 0.f), 32.f) : 0.f;
        color = add(color, mul(add(mul(s.color, 0.1f + 0.9f * diff), f3(spec, spec, spec)), atten * (1.f - s.refl)));
        atten *= s.refl;
        if (atten < 0.01f) break;
        dir = sub(dir, mul(n, 2.f * dot3(dir, n)));
        orig = p;
    }
    img[py * w + px] = make_uchar4((unsigned char)(255.f * __saturatef(color.x)), (unsigned char)(255.f * __saturatef(color.y)),
                                   (unsigned char)(255.f * __saturatef(color.z)), 255);
}

// Diffuse path tracer (one sample per launch, accumulating), LCG random numbers, global sphere array.
__device__ inline float rnd(unsigned int &s) { s = s * 1664525u + 1013904223u; return (s >> 8) * (1.f / 16777216.f); }

extern "C" __global__ void __launch_bounds__(64)
pathTraceDiffuse(float4 *accum, const Sphere *spheres, int nSpheres, int w, int h, float3 eye, int frame, int maxBounces)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= w || py >= h) return;
    unsigned int seed = (py * w + px) * 9781u + frame * 6271u;
    float3 dir = normalize3(f3((px + rnd(seed)) / w - 0.5f, (py + rnd(seed)) / h - 0.5f, -1.f));
    float3 o = eye, thr = f3(1, 1, 1), L = f3(0, 0, 0);
    for (int b = 0; b < maxBounces; b++) {
        float tmin = 1e30f;
        int id = -1;
        for (int i = 0; i < nSpheres; i++) {
            float t = hitSphere(spheres[i], o, dir);
            if (t > 0.f && t < tmin) { tmin = t; id = i; }
        }
        if (id < 0) { L = add(L, mulv(thr, f3(1.f, 1.f, 1.f))); break; }
        Sphere s = spheres[id];
        o = add(o, mul(dir, tmin));
        float3 n = normalize3(sub(o, s.c));
        float r1 = 6.2831853f * rnd(seed), r2 = rnd(seed), r2s = sqrtf(r2);
        float3 u = normalize3(fabsf(n.x) > 0.1f ? f3(-n.z, 0, n.x) : f3(0, n.z, -n.y));
        float3 v = f3(n.y * u.z - n.z * u.y, n.z * u.x - n.x * u.z, n.x * u.y - n.y * u.x);
        float sn, cs;
        __sincosf(r1, &sn, &cs);
        dir = normalize3(add(add(mul(u, cs * r2s), mul(v, sn * r2s)), mul(n, sqrtf(1.f - r2))));
        thr = mulv(thr, s.color);
    }
    float4 a = accum[py * w + px];
    accum[py * w + px] = make_float4(a.x + L.x, a.y + L.y, a.z + L.z, a.w + 1.f);
}

// Many-ray / many-sphere any-hit test: spheres tiled through shared memory.
extern "C" __global__ void rayAnyHitShared(int *hitMask, const float3 *rayO, const float3 *rayD, int nRays,
                                           const float4 *spheres, int nSpheres)
{
    __shared__ float4 sh[128];
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    float3 o = r < nRays ? rayO[r] : f3(0, 0, 0);
    float3 d = r < nRays ? rayD[r] : f3(0, 0, 1);
    int hit = 0;
    for (int base = 0; base < nSpheres; base += 128) {
        if (base + threadIdx.x < nSpheres) sh[threadIdx.x] = spheres[base + threadIdx.x];
        __syncthreads();
        int cnt = min(128, nSpheres - base);
#pragma unroll 4
        for (int k = 0; k < cnt; k++) {
            float4 s = sh[k];
            float3 oc = f3(o.x - s.x, o.y - s.y, o.z - s.z);
            float b = dot3(oc, d), c = dot3(oc, oc) - s.w * s.w;
            hit |= (b * b - c >= 0.f) && (b < 0.f || c < 0.f);
        }
        __syncthreads();
    }
    if (r < nRays) hitMask[r] = hit;
}
