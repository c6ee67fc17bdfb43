// Path tracing material system: GGX microfacet importance sampling (visible normals),
// Smith G2, Schlick/dielectric Fresnel, Lambert + clearcoat layering, multiple importance
// sampling weights, with __noinline__ BSDF evaluation/sampling functions (real calls).
#include <cuda_runtime.h>

struct Material {
    float3 base_color;
    float metallic, roughness, ior, transmission, clearcoat, clearcoat_gloss;
    int type;   // 0 principled, 1 glass, 2 mirror, 3 diffuse
};

struct BsdfSample { float3 wi; float3 f; float pdf; int flags; };

__device__ __forceinline__ float3 f3(float x, float y, float z) { return make_float3(x, y, z); }
__device__ __forceinline__ float3 operator+(float3 a, float3 b) { return f3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ __forceinline__ float3 operator-(float3 a, float3 b) { return f3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ __forceinline__ float3 operator*(float3 a, float s) { return f3(a.x * s, a.y * s, a.z * s); }
__device__ __forceinline__ float3 operator*(float3 a, float3 b) { return f3(a.x * b.x, a.y * b.y, a.z * b.z); }
__device__ __forceinline__ float dot3(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ __forceinline__ float3 normalize3(float3 a) { return a * rsqrtf(dot3(a, a)); }

__device__ __forceinline__ float ggx_D(float3 h, float ax, float ay)
{
    float hx = h.x / ax, hy = h.y / ay;
    float t = hx * hx + hy * hy + h.z * h.z;
    return 1.f / (3.14159265f * ax * ay * t * t);
}
__device__ __forceinline__ float smith_lambda(float3 w, float ax, float ay)
{
    float t = (ax * ax * w.x * w.x + ay * ay * w.y * w.y) / (w.z * w.z);
    return 0.5f * (-1.f + sqrtf(1.f + t));
}
__device__ __forceinline__ float fresnel_dielectric(float cosi, float eta)
{
    float sint2 = (1.f - cosi * cosi) / (eta * eta);
    if (sint2 >= 1.f) return 1.f;
    float cost = sqrtf(1.f - sint2);
    float rs = (cosi - eta * cost) / (cosi + eta * cost);
    float rp = (eta * cosi - cost) / (eta * cosi + cost);
    return 0.5f * (rs * rs + rp * rp);
}

__device__ __noinline__ float3 sample_ggx_vndf(float3 wo, float ax, float ay, float u1, float u2)
{
    float3 vh = normalize3(f3(ax * wo.x, ay * wo.y, wo.z));
    float lensq = vh.x * vh.x + vh.y * vh.y;
    float3 T1 = lensq > 0.f ? f3(-vh.y, vh.x, 0.f) * rsqrtf(lensq) : f3(1.f, 0.f, 0.f);
    float3 T2 = f3(vh.y * T1.z - vh.z * T1.y, vh.z * T1.x - vh.x * T1.z, vh.x * T1.y - vh.y * T1.x);
    float r = sqrtf(u1);
    float phi = 6.2831853f * u2;
    float t1 = r * cosf(phi), t2 = r * sinf(phi);
    float s = 0.5f * (1.f + vh.z);
    t2 = (1.f - s) * sqrtf(1.f - t1 * t1) + s * t2;
    float3 nh = T1 * t1 + T2 * t2 + vh * sqrtf(fmaxf(0.f, 1.f - t1 * t1 - t2 * t2));
    return normalize3(f3(ax * nh.x, ay * nh.y, fmaxf(1e-6f, nh.z)));
}

__device__ __noinline__ float3 eval_principled(const Material& m, float3 wo, float3 wi, float& pdf)
{
    pdf = 0.f;
    if (wo.z <= 0.f || wi.z <= 0.f) return f3(0.f, 0.f, 0.f);
    float a = fmaxf(1e-3f, m.roughness * m.roughness);
    float3 h = normalize3(wo + wi);
    float D = ggx_D(h, a, a);
    float G = 1.f / (1.f + smith_lambda(wo, a, a) + smith_lambda(wi, a, a));
    float lum = 0.3f * m.base_color.x + 0.6f * m.base_color.y + 0.1f * m.base_color.z;
    float3 tint = lum > 0.f ? m.base_color * (1.f / lum) : f3(1.f, 1.f, 1.f);
    float3 F0 = f3(0.04f, 0.04f, 0.04f) * (1.f - m.metallic) + m.base_color * m.metallic;
    float fh = powf(1.f - dot3(wi, h), 5.f);
    float3 F = F0 + (f3(1.f, 1.f, 1.f) - F0) * fh;
    float3 spec = F * (D * G / (4.f * wo.z * wi.z));
    float fd90 = 0.5f + 2.f * m.roughness * dot3(wi, h) * dot3(wi, h);
    float fl = powf(1.f - wi.z, 5.f), fv = powf(1.f - wo.z, 5.f);
    float fd = (1.f + (fd90 - 1.f) * fl) * (1.f + (fd90 - 1.f) * fv);
    float3 diff = m.base_color * (fd * (1.f - m.metallic) * (1.f - m.transmission) / 3.14159265f);
    // clearcoat (GTR1)
    float ag = 0.1f + (0.001f - 0.1f) * m.clearcoat_gloss;
    float a2 = ag * ag;
    float Dr = (a2 - 1.f) / (3.14159265f * logf(a2) * (1.f + (a2 - 1.f) * h.z * h.z));
    float Fr = 0.04f + 0.96f * fh;
    float Gr = 1.f / (1.f + smith_lambda(wo, 0.25f, 0.25f)) / (1.f + smith_lambda(wi, 0.25f, 0.25f));
    float cc = 0.25f * m.clearcoat * Dr * Fr * Gr;
    float pspec = 1.f / (2.f - m.metallic);
    float Dv = G * fmaxf(0.f, dot3(wo, h)) * D / wo.z;
    pdf = pspec * Dv / (4.f * dot3(wo, h)) + (1.f - pspec) * wi.z / 3.14159265f;
    (void)tint;
    return diff + spec + f3(cc, cc, cc);
}

__device__ __noinline__ BsdfSample sample_material(const Material& m, float3 wo, float u0, float u1, float u2)
{
    BsdfSample s; s.flags = 0; s.pdf = 0.f; s.f = f3(0, 0, 0); s.wi = f3(0, 0, 1);
    switch (m.type) {
    case 2: // mirror
        s.wi = f3(-wo.x, -wo.y, wo.z); s.f = m.base_color * (1.f / fmaxf(wo.z, 1e-6f)); s.pdf = 1.f; s.flags = 1;
        break;
    case 3: { // diffuse cosine-weighted
        float r = sqrtf(u1), phi = 6.2831853f * u2;
        s.wi = f3(r * cosf(phi), r * sinf(phi), sqrtf(fmaxf(0.f, 1.f - u1)));
        s.f = m.base_color * (1.f / 3.14159265f); s.pdf = s.wi.z / 3.14159265f;
        break;
    }
    case 1: { // rough glass
        float a = fmaxf(1e-3f, m.roughness * m.roughness);
        bool entering = wo.z > 0.f;
        float eta = entering ? m.ior : 1.f / m.ior;
        float3 wol = entering ? wo : f3(-wo.x, -wo.y, -wo.z);
        float3 h = sample_ggx_vndf(wol, a, a, u1, u2);
        float c = dot3(wol, h);
        float F = fresnel_dielectric(c, eta);
        if (u0 < F) {
            s.wi = h * (2.f * c) - wol; s.flags = 2;
            s.pdf = F; s.f = f3(F, F, F) * (1.f / fabsf(s.wi.z));
        } else {
            float k = 1.f - (1.f - c * c) / (eta * eta);
            s.wi = h * (c / eta - sqrtf(fmaxf(k, 0.f))) - wol * (1.f / eta);
            s.flags = 4;
            s.pdf = 1.f - F;
            s.f = m.base_color * ((1.f - F) / (eta * eta * fabsf(s.wi.z)));
        }
        if (!entering) s.wi = f3(-s.wi.x, -s.wi.y, -s.wi.z);
        break;
    }
    default: {
        float a = fmaxf(1e-3f, m.roughness * m.roughness);
        float pspec = 1.f / (2.f - m.metallic);
        if (u0 < pspec) {
            float3 h = sample_ggx_vndf(wo, a, a, u1, u2);
            s.wi = h * (2.f * dot3(wo, h)) - wo;
        } else {
            float r = sqrtf(u1), phi = 6.2831853f * u2;
            s.wi = f3(r * cosf(phi), r * sinf(phi), sqrtf(fmaxf(0.f, 1.f - u1)));
        }
        s.f = eval_principled(m, wo, s.wi, s.pdf);
        break;
    }
    }
    return s;
}

__device__ __forceinline__ unsigned pcg_hash(unsigned v)
{
    unsigned state = v * 747796405u + 2891336453u;
    unsigned word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}
__device__ __forceinline__ float rnd(unsigned& s) { s = pcg_hash(s); return (s >> 8) * (1.f / 16777216.f); }

// One bounce of the wavefront: sample material, next-event estimation weight, throughput update.
extern "C" __global__ void shade_bounce(const float3* __restrict__ wo_local, const int* __restrict__ mat_id,
                                        const Material* __restrict__ mats, const float3* __restrict__ light_dir_local,
                                        const float* __restrict__ light_pdf, float3* __restrict__ throughput,
                                        float3* __restrict__ radiance, float3* __restrict__ next_dir,
                                        unsigned* __restrict__ rng, int npaths, float3 light_L)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npaths) return;
    int mi = mat_id[p];
    if (mi < 0) return;
    Material m = mats[mi];
    float3 wo = wo_local[p];
    unsigned s = rng[p];
    float3 T = throughput[p];
    // NEE with MIS (power heuristic)
    float3 wl = light_dir_local[p];
    float lp = light_pdf[p];
    if (m.type == 0 && lp > 0.f) {
        float bp;
        float3 f = eval_principled(m, wo, wl, bp);
        float w = lp * lp / (lp * lp + bp * bp);
        float3 c = T * f * light_L * (w * fmaxf(wl.z, 0.f) / lp);
        radiance[p] = radiance[p] + c;
    }
    BsdfSample bs = sample_material(m, wo, rnd(s), rnd(s), rnd(s));
    if (bs.pdf <= 0.f) { T = f3(0, 0, 0); }
    else T = T * bs.f * (fabsf(bs.wi.z) / bs.pdf);
    // Russian roulette
    float q = fmaxf(0.05f, 1.f - fmaxf(T.x, fmaxf(T.y, T.z)));
    if (rnd(s) < q) T = f3(0, 0, 0); else T = T * (1.f / (1.f - q));
    throughput[p] = T;
    next_dir[p] = bs.wi;
    rng[p] = s;
}

extern "C" __global__ void eval_bsdf_table(const Material* __restrict__ m, float* __restrict__ out, int res)
{
    // Tabulate f*cos for (theta_o, theta_i) grid: used for energy-compensation LUTs.
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= res || j >= res) return;
    float to = (i + 0.5f) / res * 1.5707963f, ti = (j + 0.5f) / res * 1.5707963f;
    float3 wo = f3(sinf(to), 0.f, cosf(to));
    float3 wi = f3(-sinf(ti), 0.f, cosf(ti));
    float pdf;
    float3 f = eval_principled(*m, wo, wi, pdf);
    out[(i * res + j) * 2] = (f.x + f.y + f.z) * (1.f / 3.f) * wi.z;
    out[(i * res + j) * 2 + 1] = pdf;
}
