// Signed-distance-field rendering: sphere tracing against a CSG tree of primitives
// (recursive evaluation with a large primitive switch), analytic-ish normals by
// tetrahedral differences, soft shadows, ambient occlusion, and a flat-array variant
// with smooth-min blending for comparison.
#include <cuda_runtime.h>

struct SdfNode {
    int op;          // 0 leaf, 1 union, 2 intersect, 3 subtract, 4 smooth union
    int left, right; // children
    int prim;        // primitive type for leaves
    float p[8];      // primitive params / transform (center xyz, params...)
    float k;         // smooth blend
};

__device__ __forceinline__ float len3(float x, float y, float z) { return sqrtf(x * x + y * y + z * z); }
__device__ __forceinline__ float len2(float x, float y) { return sqrtf(x * x + y * y); }

__device__ float sdf_primitive(int type, const float* p, float x, float y, float z)
{
    x -= p[0]; y -= p[1]; z -= p[2];
    switch (type) {
    case 0: return len3(x, y, z) - p[3];                                   // sphere
    case 1: { float qx = fabsf(x) - p[3], qy = fabsf(y) - p[4], qz = fabsf(z) - p[5];   // box
              return len3(fmaxf(qx, 0.f), fmaxf(qy, 0.f), fmaxf(qz, 0.f)) + fminf(fmaxf(qx, fmaxf(qy, qz)), 0.f); }
    case 2: { float qx = len2(x, z) - p[3]; return len2(qx, y) - p[4]; }  // torus
    case 3: { float dx = len2(x, z) - p[3], dy = fabsf(y) - p[4];          // cylinder
              return fminf(fmaxf(dx, dy), 0.f) + len2(fmaxf(dx, 0.f), fmaxf(dy, 0.f)); }
    case 4: { float h = fminf(fmaxf(y / p[4], 0.f), 1.f);                  // capsule
              return len3(x, y - p[4] * h, z) - p[3]; }
    case 5: { float q = len2(x, z);                                        // cone
              float c = p[3], s = p[4];
              return fmaxf(c * q + s * y, -y - p[5]); }
    case 6: return (fabsf(x) + fabsf(y) + fabsf(z) - p[3]) * 0.57735027f; // octahedron
    case 7: return y - p[3];                                               // plane
    case 8: { float qx = fabsf(x) - p[3], qy = fabsf(y) - p[4], qz = fabsf(z) - p[5];   // rounded box
              return len3(fmaxf(qx, 0.f), fmaxf(qy, 0.f), fmaxf(qz, 0.f)) + fminf(fmaxf(qx, fmaxf(qy, qz)), 0.f) - p[6]; }
    case 9: { float r = len3(x, y, z);                                     // gyroid shell
              float g = __sinf(x * p[3]) * __cosf(y * p[3]) + __sinf(y * p[3]) * __cosf(z * p[3]) + __sinf(z * p[3]) * __cosf(x * p[3]);
              return fmaxf(fabsf(g) / p[3] - p[4], r - p[5]); }
    case 10: { float px = x, py = y, pz = z, dr = 1.f, r = 0.f;           // mandelbulb (power 8)
              for (int i = 0; i < 8; ++i) {
                  r = len3(px, py, pz);
                  if (r > 2.f) break;
                  float th = acosf(pz / r) * 8.f, ph = atan2f(py, px) * 8.f;
                  dr = 8.f * r * r * r * r * r * r * r * dr + 1.f;
                  float zr = r * r; zr = zr * zr; zr = zr * zr;
                  px = zr * sinf(th) * cosf(ph) + x; py = zr * sinf(ph) * sinf(th) + y; pz = zr * cosf(th) + z;
              }
              return 0.5f * logf(r) * r / dr; }
    case 11: { float qx = fabsf(x), qy = fabsf(y), qz = fabsf(z);          // hex prism approx
              return fmaxf(qz - p[4], fmaxf(qx * 0.866025f + qy * 0.5f, qy) - p[3]); }
    default: return 1e10f;
    }
}

// Recursive CSG evaluation: forces a real call stack.
__device__ float eval_csg(const SdfNode* __restrict__ nodes, int idx, float x, float y, float z)
{
    const SdfNode& n = nodes[idx];
    if (n.op == 0) return sdf_primitive(n.prim, n.p, x, y, z);
    float a = eval_csg(nodes, n.left, x, y, z);
    float b = eval_csg(nodes, n.right, x, y, z);
    switch (n.op) {
    case 1: return fminf(a, b);
    case 2: return fmaxf(a, b);
    case 3: return fmaxf(a, -b);
    case 4: { float h = fminf(fmaxf(0.5f + 0.5f * (b - a) / n.k, 0.f), 1.f);
              return b + (a - b) * h - n.k * h * (1.f - h); }
    default: return a;
    }
}

extern "C" __global__ void sdf_trace_csg(const SdfNode* __restrict__ nodes, int root,
                                         const float4* __restrict__ ray_o, const float4* __restrict__ ray_d,
                                         float4* __restrict__ hit_normal_t, float* __restrict__ shade,
                                         int nrays, float tmax, float3 light_dir)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrays) return;
    float4 o = ray_o[r], d = ray_d[r];
    float t = 0.f;
    bool hit = false;
    for (int it = 0; it < 128 && t < tmax; ++it) {
        float dist = eval_csg(nodes, root, o.x + t * d.x, o.y + t * d.y, o.z + t * d.z);
        if (dist < 1e-4f * t) { hit = true; break; }
        t += dist;
    }
    if (!hit) { hit_normal_t[r] = make_float4(0, 0, 0, -1.f); shade[r] = 0.f; return; }
    float px = o.x + t * d.x, py = o.y + t * d.y, pz = o.z + t * d.z;
    const float e = 1e-3f;
    float k0 = eval_csg(nodes, root, px + e, py - e, pz - e);
    float k1 = eval_csg(nodes, root, px - e, py - e, pz + e);
    float k2 = eval_csg(nodes, root, px - e, py + e, pz - e);
    float k3 = eval_csg(nodes, root, px + e, py + e, pz + e);
    float nx = k0 - k1 - k2 + k3, ny = -k0 - k1 + k2 + k3, nz = -k0 + k1 - k2 + k3;
    float inv = rsqrtf(nx * nx + ny * ny + nz * nz);
    nx *= inv; ny *= inv; nz *= inv;
    // soft shadow
    float res = 1.f, st = 0.02f;
    for (int i = 0; i < 48 && st < 10.f; ++i) {
        float h = eval_csg(nodes, root, px + light_dir.x * st, py + light_dir.y * st, pz + light_dir.z * st);
        res = fminf(res, 8.f * h / st);
        if (res < 1e-3f) break;
        st += fminf(fmaxf(h, 0.01f), 0.5f);
    }
    float ndl = fmaxf(0.f, nx * light_dir.x + ny * light_dir.y + nz * light_dir.z);
    hit_normal_t[r] = make_float4(nx, ny, nz, t);
    shade[r] = ndl * fmaxf(res, 0.f);
}

// Flat scene: list of primitives combined with smooth-min, evaluated inline (no recursion).
extern "C" __global__ void sdf_trace_flat_ao(const int* __restrict__ types, const float* __restrict__ params, int nprim,
                                             const float4* __restrict__ ray_o, const float4* __restrict__ ray_d,
                                             float* __restrict__ ao_out, float* __restrict__ depth, int nrays, float ksmooth)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrays) return;
    float4 o = ray_o[r], d = ray_d[r];
    float t = 0.f;
    auto scene = [&](float x, float y, float z) {
        float acc = 1e10f;
        for (int i = 0; i < nprim; ++i) {
            float di = sdf_primitive(types[i], params + 8 * i, x, y, z);
            float h = fminf(fmaxf(0.5f + 0.5f * (di - acc) / ksmooth, 0.f), 1.f);
            acc = di + (acc - di) * h - ksmooth * h * (1.f - h);
        }
        return acc;
    };
    int it = 0;
    for (; it < 160; ++it) {
        float dist = scene(o.x + t * d.x, o.y + t * d.y, o.z + t * d.z);
        if (dist < 1e-4f || t > 100.f) break;
        t += dist * 0.9f;
    }
    depth[r] = t;
    float px = o.x + t * d.x, py = o.y + t * d.y, pz = o.z + t * d.z;
    // 5-sample AO along approximate normal (central differences)
    const float e = 1e-3f;
    float nx = scene(px + e, py, pz) - scene(px - e, py, pz);
    float ny = scene(px, py + e, pz) - scene(px, py - e, pz);
    float nz = scene(px, py, pz + e) - scene(px, py, pz - e);
    float inv = rsqrtf(nx * nx + ny * ny + nz * nz + 1e-20f);
    nx *= inv; ny *= inv; nz *= inv;
    float occ = 0.f, sca = 1.f;
#pragma unroll
    for (int i = 0; i < 5; ++i) {
        float h = 0.01f + 0.12f * i / 4.f;
        float dd = scene(px + nx * h, py + ny * h, pz + nz * h);
        occ += (h - dd) * sca;
        sca *= 0.95f;
    }
    ao_out[r] = fminf(fmaxf(1.f - 3.f * occ, 0.f), 1.f);
}
