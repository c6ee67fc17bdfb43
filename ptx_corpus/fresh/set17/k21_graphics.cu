// Domain: computer graphics (recursive ray tracing, BVH traversal, fractals, rasterisation, noise)

struct Ray { float3 o, d; };
struct Sphere { float3 c; float r; float3 col; float refl; };

__device__ __forceinline__ float3 f3(float x, float y, float z) { return make_float3(x, y, z); }
__device__ __forceinline__ float3 add(float3 a, float3 b) { return f3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ __forceinline__ float3 sub(float3 a, float3 b) { return f3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ __forceinline__ float3 mul(float3 a, float s) { return f3(a.x * s, a.y * s, a.z * s); }
__device__ __forceinline__ float dot3(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ __forceinline__ float3 norm3(float3 a) { return mul(a, rsqrtf(dot3(a, a))); }

__device__ int hitSpheres(const Sphere* __restrict__ s, int ns, const Ray& r, float& tBest)
{
    int hit = -1;
    tBest = 1e30f;
    for (int i = 0; i < ns; ++i) {
        float3 oc = sub(r.o, s[i].c);
        float b = dot3(oc, r.d), c = dot3(oc, oc) - s[i].r * s[i].r;
        float disc = b * b - c;
        if (disc > 0.f) {
            float t = -b - sqrtf(disc);
            if (t > 1e-3f && t < tBest) { tBest = t; hit = i; }
        }
    }
    return hit;
}

// Whitted-style recursive shading (reflection recursion) -> call stack in local memory
__device__ float3 trace(const Sphere* __restrict__ s, int ns, Ray r, float3 light, int depth)
{
    float t;
    int h = hitSpheres(s, ns, r, t);
    if (h < 0) return f3(0.2f, 0.3f, 0.5f * (r.d.y + 1.f));
    float3 p = add(r.o, mul(r.d, t));
    float3 nrm = norm3(sub(p, s[h].c));
    float3 L = norm3(sub(light, p));
    Ray sr = {add(p, mul(nrm, 1e-3f)), L};
    float ts;
    float shadow = (hitSpheres(s, ns, sr, ts) >= 0) ? 0.2f : 1.f;
    float diff = fmaxf(dot3(nrm, L), 0.f) * shadow;
    float3 hv = norm3(sub(L, r.d));
    float spec = __powf(fmaxf(dot3(nrm, hv), 0.f), 64.f) * shadow;
    float3 col = add(mul(s[h].col, 0.1f + 0.9f * diff), f3(spec, spec, spec));
    if (depth > 0 && s[h].refl > 0.f) {
        float3 rd = sub(r.d, mul(nrm, 2.f * dot3(r.d, nrm)));
        Ray rr = {add(p, mul(nrm, 1e-3f)), rd};
        col = add(mul(col, 1.f - s[h].refl), mul(trace(s, ns, rr, light, depth - 1), s[h].refl));
    }
    return col;
}
extern "C" __global__ void raytrace_recursive(const Sphere* __restrict__ spheres, int ns, uchar4* __restrict__ img,
                                              int w, int h, float3 eye, float3 light, int maxDepth)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float u = (2.f * (x + 0.5f) / w - 1.f) * w / h, v = 1.f - 2.f * (y + 0.5f) / h;
    Ray r = {eye, norm3(f3(u, v, -1.5f))};
    float3 c = trace(spheres, ns, r, light, maxDepth);
    img[y * w + x] = make_uchar4((unsigned char)(255.f * __saturatef(c.x)), (unsigned char)(255.f * __saturatef(c.y)),
                                 (unsigned char)(255.f * __saturatef(c.z)), 255);
}

// BVH closest-hit traversal with an explicit per-thread node stack (run-time indexed local array)
struct BVHNode { float4 bmin_left; float4 bmax_right; };   // .w: left child / right child, <0 => leaf (~triIndex)
extern "C" __global__ void bvh_traverse_closest(const BVHNode* __restrict__ nodes, const float4* __restrict__ tris /*3 per tri*/,
                                                const float4* __restrict__ rayO, const float4* __restrict__ rayD,
                                                float* __restrict__ tHit, int* __restrict__ triHit, int nRays)
{
    int rid = blockIdx.x * blockDim.x + threadIdx.x;
    if (rid >= nRays) return;
    float4 o = rayO[rid], d = rayD[rid];
    float3 inv = f3(1.f / d.x, 1.f / d.y, 1.f / d.z);
    int stack[32];
    int sp = 0;
    stack[sp++] = 0;
    float best = o.w;   // tmax
    int bestTri = -1;
    while (sp > 0) {
        int ni = stack[--sp];
        BVHNode nd = nodes[ni];
        float tx0 = (nd.bmin_left.x - o.x) * inv.x, tx1 = (nd.bmax_right.x - o.x) * inv.x;
        float ty0 = (nd.bmin_left.y - o.y) * inv.y, ty1 = (nd.bmax_right.y - o.y) * inv.y;
        float tz0 = (nd.bmin_left.z - o.z) * inv.z, tz1 = (nd.bmax_right.z - o.z) * inv.z;
        float tn = fmaxf(fmaxf(fminf(tx0, tx1), fminf(ty0, ty1)), fmaxf(fminf(tz0, tz1), 0.f));
        float tf = fminf(fminf(fmaxf(tx0, tx1), fmaxf(ty0, ty1)), fminf(fmaxf(tz0, tz1), best));
        if (tn > tf) continue;
        int left = __float_as_int(nd.bmin_left.w), right = __float_as_int(nd.bmax_right.w);
        if (left < 0) {
            int tri = ~left;
            float4 v0 = tris[3 * tri], v1 = tris[3 * tri + 1], v2 = tris[3 * tri + 2];
            float3 e1 = f3(v1.x - v0.x, v1.y - v0.y, v1.z - v0.z), e2 = f3(v2.x - v0.x, v2.y - v0.y, v2.z - v0.z);
            float3 dd = f3(d.x, d.y, d.z);
            float3 pv = f3(dd.y * e2.z - dd.z * e2.y, dd.z * e2.x - dd.x * e2.z, dd.x * e2.y - dd.y * e2.x);
            float det = dot3(e1, pv);
            if (fabsf(det) < 1e-8f) continue;
            float id = 1.f / det;
            float3 tv = f3(o.x - v0.x, o.y - v0.y, o.z - v0.z);
            float uu = dot3(tv, pv) * id;
            if (uu < 0.f || uu > 1.f) continue;
            float3 qv = f3(tv.y * e1.z - tv.z * e1.y, tv.z * e1.x - tv.x * e1.z, tv.x * e1.y - tv.y * e1.x);
            float vv = dot3(dd, qv) * id;
            if (vv < 0.f || uu + vv > 1.f) continue;
            float t = dot3(e2, qv) * id;
            if (t > 0.f && t < best) { best = t; bestTri = tri; }
        } else if (sp < 31) {
            stack[sp++] = right;
            stack[sp++] = left;
        }
    }
    tHit[rid] = best;
    triHit[rid] = bestTri;
}

// Double-precision Mandelbrot with smooth iteration count and periodicity check
extern "C" __global__ void mandelbrot_smooth_double(float* __restrict__ out, int w, int h, double cx, double cy,
                                                    double scale, int maxIter)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    double c0 = cx + (x - 0.5 * w) * scale, c1 = cy + (y - 0.5 * h) * scale;
    double zr = 0, zi = 0, zr2 = 0, zi2 = 0, pr = 0, pi = 0;
    int it = 0, period = 0;
    while (it < maxIter && zr2 + zi2 < 256.0) {
        zi = 2.0 * zr * zi + c1;
        zr = zr2 - zi2 + c0;
        zr2 = zr * zr; zi2 = zi * zi;
        ++it;
        if (zr == pr && zi == pi) { it = maxIter; break; }
        if (++period > 20) { period = 0; pr = zr; pi = zi; }
    }
    float v = 0.f;
    if (it < maxIter) v = (float)(it + 1 - log2(log(sqrt(zr2 + zi2))));
    out[y * w + x] = v;
}

// 3-D Perlin gradient noise, 4 octaves (fractal Brownian motion), permutation table in constant memory
__constant__ unsigned char c_perm[512];
__device__ __forceinline__ float fade(float t) { return t * t * t * (t * (t * 6.f - 15.f) + 10.f); }
__device__ __forceinline__ float grad(int hsh, float x, float y, float z)
{
    switch (hsh & 15) {
    case 0: return x + y;   case 1: return -x + y;  case 2: return x - y;   case 3: return -x - y;
    case 4: return x + z;   case 5: return -x + z;  case 6: return x - z;   case 7: return -x - z;
    case 8: return y + z;   case 9: return -y + z;  case 10: return y - z;  case 11: return -y - z;
    case 12: return y + x;  case 13: return -y + z; case 14: return y - x;  default: return -y - z;
    }
}
__device__ float perlin3(float x, float y, float z)
{
    int X = (int)floorf(x) & 255, Y = (int)floorf(y) & 255, Z = (int)floorf(z) & 255;
    x -= floorf(x); y -= floorf(y); z -= floorf(z);
    float u = fade(x), v = fade(y), w = fade(z);
    int A = c_perm[X] + Y, AA = c_perm[A] + Z, AB = c_perm[A + 1] + Z;
    int B = c_perm[X + 1] + Y, BA = c_perm[B] + Z, BB = c_perm[B + 1] + Z;
    float l1 = grad(c_perm[AA], x, y, z) + u * (grad(c_perm[BA], x - 1, y, z) - grad(c_perm[AA], x, y, z));
    float l2 = grad(c_perm[AB], x, y - 1, z) + u * (grad(c_perm[BB], x - 1, y - 1, z) - grad(c_perm[AB], x, y - 1, z));
    float l3 = grad(c_perm[AA + 1], x, y, z - 1) + u * (grad(c_perm[BA + 1], x - 1, y, z - 1) - grad(c_perm[AA + 1], x, y, z - 1));
    float l4 = grad(c_perm[AB + 1], x, y - 1, z - 1) + u * (grad(c_perm[BB + 1], x - 1, y - 1, z - 1) - grad(c_perm[AB + 1], x, y - 1, z - 1));
    float m1 = l1 + v * (l2 - l1), m2 = l3 + v * (l4 - l3);
    return m1 + w * (m2 - m1);
}
extern "C" __global__ void perlin_fbm4(float* __restrict__ out, int w, int h, float z, float freq)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float amp = 0.5f, f = freq, s = 0.f;
#pragma unroll
    for (int o = 0; o < 4; ++o) { s += amp * perlin3(x * f, y * f, z * f); amp *= 0.5f; f *= 2.f; }
    out[y * w + x] = s;
}
