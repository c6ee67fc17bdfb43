// Domain: computer graphics / ray tracing
// ray_sphere_primary   - primary rays against a list of spheres in shared memory, Lambert shading
// ray_triangle_mt      - Moller-Trumbore intersection of one ray per thread with a runtime triangle list
// bvh_traverse_stack   - BVH traversal with a 32-entry runtime-indexed local stack, closest-hit t
// path_shade_lb        - GGX microfacet + Fresnel + 3 point lights shading, __launch_bounds__(128,16)

struct Sphere { float cx, cy, cz, r, albedo_r, albedo_g, albedo_b, pad; };

extern "C" __global__ void ray_sphere_primary(const Sphere *spheres, int nsph, uchar4 *img, int w, int h,
                                              float3 eye, float3 light_dir, float fov_scale)
{
    __shared__ Sphere ss[64];
    for (int i = threadIdx.y * blockDim.x + threadIdx.x; i < nsph && i < 64; i += blockDim.x * blockDim.y)
        ss[i] = spheres[i];
    __syncthreads();
    int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= w || py >= h) return;
    float dx = (2.f * (px + 0.5f) / w - 1.f) * fov_scale * w / h;
    float dy = (1.f - 2.f * (py + 0.5f) / h) * fov_scale;
    float dz = -1.f;
    float inv = rsqrtf(dx * dx + dy * dy + dz * dz);
    dx *= inv; dy *= inv; dz *= inv;
    float tbest = 1e30f;
    int hit = -1;
    for (int i = 0; i < min(nsph, 64); ++i) {
        float ox = eye.x - ss[i].cx, oy = eye.y - ss[i].cy, oz = eye.z - ss[i].cz;
        float b = ox * dx + oy * dy + oz * dz;
        float c = ox * ox + oy * oy + oz * oz - ss[i].r * ss[i].r;
        float disc = b * b - c;
        if (disc > 0.f) {
            float t = -b - sqrtf(disc);
            if (t > 1e-3f && t < tbest) { tbest = t; hit = i; }
        }
    }
    uchar4 col = make_uchar4(20, 20, 40, 255);
    if (hit >= 0) {
        float hx = eye.x + tbest * dx - ss[hit].cx, hy = eye.y + tbest * dy - ss[hit].cy, hz = eye.z + tbest * dz - ss[hit].cz;
        float ir = 1.f / ss[hit].r;
        float ndl = fmaxf(0.f, (hx * light_dir.x + hy * light_dir.y + hz * light_dir.z) * ir);
        col = make_uchar4((unsigned char)(255.f * ss[hit].albedo_r * ndl), (unsigned char)(255.f * ss[hit].albedo_g * ndl),
                          (unsigned char)(255.f * ss[hit].albedo_b * ndl), 255);
    }
    img[py * w + px] = col;
}

extern "C" __global__ void ray_triangle_mt(const float4 *ray_o, const float4 *ray_d, const float *tri, int ntri,
                                           float *t_out, int *id_out, float2 *bary_out, int nrays)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrays) return;
    float4 o = ray_o[r], d = ray_d[r];
    float tb = d.w;
    int best = -1;
    float bu = 0.f, bv = 0.f;
    for (int k = 0; k < ntri; ++k) {
        const float *T = tri + 9 * k;
        float e1x = T[3] - T[0], e1y = T[4] - T[1], e1z = T[5] - T[2];
        float e2x = T[6] - T[0], e2y = T[7] - T[1], e2z = T[8] - T[2];
        float px = d.y * e2z - d.z * e2y, py = d.z * e2x - d.x * e2z, pz = d.x * e2y - d.y * e2x;
        float det = e1x * px + e1y * py + e1z * pz;
        if (fabsf(det) < 1e-8f) continue;
        float id = 1.f / det;
        float tx = o.x - T[0], ty = o.y - T[1], tz = o.z - T[2];
        float u = (tx * px + ty * py + tz * pz) * id;
        if (u < 0.f || u > 1.f) continue;
        float qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
        float v = (d.x * qx + d.y * qy + d.z * qz) * id;
        if (v < 0.f || u + v > 1.f) continue;
        float t = (e2x * qx + e2y * qy + e2z * qz) * id;
        if (t > o.w && t < tb) { tb = t; best = k; bu = u; bv = v; }
    }
    t_out[r] = tb;
    id_out[r] = best;
    bary_out[r] = make_float2(bu, bv);
}

struct BVHNode { float3 lo; int left; float3 hi; int right; }; // leaf: left < 0 => -(first+1), right = count

extern "C" __global__ void bvh_traverse_stack(const BVHNode *__restrict__ nodes, const float4 *__restrict__ spheres,
                                              const float3 *__restrict__ orig, const float3 *__restrict__ dir,
                                              float *__restrict__ t_hit, int *__restrict__ prim_hit, int nrays)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrays) return;
    float3 o = orig[r], d = dir[r];
    float3 inv = make_float3(1.f / d.x, 1.f / d.y, 1.f / d.z);
    int stack[32];
    int sp = 0;
    stack[sp++] = 0;
    float tbest = 1e30f;
    int pbest = -1;
    while (sp > 0) {
        int ni = stack[--sp];
        BVHNode nd = nodes[ni];
        float t0x = (nd.lo.x - o.x) * inv.x, t1x = (nd.hi.x - o.x) * inv.x;
        float t0y = (nd.lo.y - o.y) * inv.y, t1y = (nd.hi.y - o.y) * inv.y;
        float t0z = (nd.lo.z - o.z) * inv.z, t1z = (nd.hi.z - o.z) * inv.z;
        float tmin = fmaxf(fmaxf(fminf(t0x, t1x), fminf(t0y, t1y)), fmaxf(fminf(t0z, t1z), 0.f));
        float tmax = fminf(fminf(fmaxf(t0x, t1x), fmaxf(t0y, t1y)), fminf(fmaxf(t0z, t1z), tbest));
        if (tmin > tmax) continue;
        if (nd.left < 0) {
            int first = -nd.left - 1;
            for (int p = first; p < first + nd.right; ++p) {
                float4 s = spheres[p];
                float ox = o.x - s.x, oy = o.y - s.y, oz = o.z - s.z;
                float b = ox * d.x + oy * d.y + oz * d.z;
                float c = ox * ox + oy * oy + oz * oz - s.w * s.w;
                float disc = b * b - c;
                if (disc >= 0.f) {
                    float t = -b - sqrtf(disc);
                    if (t > 0.f && t < tbest) { tbest = t; pbest = p; }
                }
            }
        } else if (sp < 31) {
            stack[sp++] = nd.right;
            stack[sp++] = nd.left;
        }
    }
    t_hit[r] = tbest;
    prim_hit[r] = pbest;
}

struct Light { float px, py, pz, intensity; };
__constant__ Light c_lights[3];

__device__ __forceinline__ float ggx_d(float ndh, float a2)
{
    float d = ndh * ndh * (a2 - 1.f) + 1.f;
    return a2 / (3.14159265f * d * d);
}

extern "C" __global__ void __launch_bounds__(128, 16)
path_shade_lb(const float4 *__restrict__ hitpos, const float4 *__restrict__ normal_rough,
              const float4 *__restrict__ albedo_metal, const float4 *__restrict__ viewpos,
              float4 *__restrict__ radiance, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 P = hitpos[i], N = normal_rough[i], A = albedo_metal[i], V4 = viewpos[i];
    float vx = V4.x - P.x, vy = V4.y - P.y, vz = V4.z - P.z;
    float iv = rsqrtf(vx * vx + vy * vy + vz * vz);
    vx *= iv; vy *= iv; vz *= iv;
    float a = N.w * N.w, a2 = a * a;
    float k = (N.w + 1.f) * (N.w + 1.f) * 0.125f;
    float f0r = 0.04f + (A.x - 0.04f) * A.w, f0g = 0.04f + (A.y - 0.04f) * A.w, f0b = 0.04f + (A.z - 0.04f) * A.w;
    float ndv = fmaxf(N.x * vx + N.y * vy + N.z * vz, 1e-4f);
    float gv = ndv / (ndv * (1.f - k) + k);
    float Lr = 0.f, Lg = 0.f, Lb = 0.f;
#pragma unroll
    for (int l = 0; l < 3; ++l) {
        float lx = c_lights[l].px - P.x, ly = c_lights[l].py - P.y, lz = c_lights[l].pz - P.z;
        float d2 = lx * lx + ly * ly + lz * lz;
        float il = rsqrtf(d2);
        lx *= il; ly *= il; lz *= il;
        float hx = lx + vx, hy = ly + vy, hz = lz + vz;
        float ih = rsqrtf(hx * hx + hy * hy + hz * hz);
        hx *= ih; hy *= ih; hz *= ih;
        float ndl = fmaxf(N.x * lx + N.y * ly + N.z * lz, 0.f);
        float ndh = fmaxf(N.x * hx + N.y * hy + N.z * hz, 0.f);
        float vdh = fmaxf(vx * hx + vy * hy + vz * hz, 0.f);
        float D = ggx_d(ndh, a2);
        float G = gv * ndl / (ndl * (1.f - k) + k);
        float fw = __powf(1.f - vdh, 5.f);
        float Fr = f0r + (1.f - f0r) * fw, Fg = f0g + (1.f - f0g) * fw, Fb = f0b + (1.f - f0b) * fw;
        float spec = D * G / (4.f * ndv * ndl + 1e-4f);
        float rad = c_lights[l].intensity / d2 * ndl;
        float kd = (1.f - A.w);
        Lr += ((1.f - Fr) * kd * A.x * 0.3183099f + Fr * spec) * rad;
        Lg += ((1.f - Fg) * kd * A.y * 0.3183099f + Fg * spec) * rad;
        Lb += ((1.f - Fb) * kd * A.z * 0.3183099f + Fb * spec) * rad;
    }
    // Reinhard tone map + gamma
    Lr = __powf(Lr / (1.f + Lr), 0.4545f);
    Lg = __powf(Lg / (1.f + Lg), 0.4545f);
    Lb = __powf(Lb / (1.f + Lb), 0.4545f);
    radiance[i] = make_float4(Lr, Lg, Lb, 1.f);
}
