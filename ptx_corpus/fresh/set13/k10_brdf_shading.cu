// k10_brdf_shading.cu
// Graphics: physically based BRDF evaluation for deferred shading.
//  - ggx_cook_torrance: GGX/Smith-correlated specular + Lambert, 8 point lights (unrolled)
//  - disney_principled: Disney principled BRDF (sheen, clearcoat, anisotropic GGX)
//  - brdf_lut_integrate: split-sum DFG LUT by importance-sampling GGX with Hammersley points
//  - tonemap_aces:       ACES filmic tonemapping + sRGB encode (small)
#include <math.h>

struct f3 { float x, y, z; };
__device__ __forceinline__ f3 mk(float x, float y, float z) { f3 r; r.x = x; r.y = y; r.z = z; return r; }
__device__ __forceinline__ f3 add(f3 a, f3 b) { return mk(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ __forceinline__ f3 sub(f3 a, f3 b) { return mk(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ __forceinline__ f3 mul(f3 a, float s) { return mk(a.x * s, a.y * s, a.z * s); }
__device__ __forceinline__ f3 mulv(f3 a, f3 b) { return mk(a.x * b.x, a.y * b.y, a.z * b.z); }
__device__ __forceinline__ float dot(f3 a, f3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ __forceinline__ f3 cross(f3 a, f3 b) { return mk(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
__device__ __forceinline__ f3 nrm(f3 a) { float s = rsqrtf(fmaxf(dot(a, a), 1e-20f)); return mul(a, s); }
__device__ __forceinline__ f3 lerp3(f3 a, f3 b, float t) { return add(a, mul(sub(b, a), t)); }

__constant__ float4 c_lightPos[8];
__constant__ float4 c_lightCol[8];

extern "C" __global__ void __launch_bounds__(1024)
ggx_cook_torrance(const float4* __restrict__ gPos, const float4* __restrict__ gNrm,
                                             const float4* __restrict__ gAlbedo, float3 camPos, int n,
                                             float4* __restrict__ outRad)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 P4 = gPos[i], N4 = gNrm[i], A4 = gAlbedo[i];
    f3 P = mk(P4.x, P4.y, P4.z), N = nrm(mk(N4.x, N4.y, N4.z));
    f3 alb = mk(A4.x, A4.y, A4.z);
    float metal = A4.w, rough = fmaxf(N4.w, 0.03f);
    f3 V = nrm(sub(mk(camPos.x, camPos.y, camPos.z), P));
    f3 F0 = lerp3(mk(0.04f, 0.04f, 0.04f), alb, metal);
    float a2 = rough * rough * rough * rough;
    float NdV = fmaxf(dot(N, V), 1e-4f);
    f3 Lo = mk(0.f, 0.f, 0.f);
#pragma unroll
    for (int l = 0; l < 8; ++l) {
        float4 lp = c_lightPos[l], lc = c_lightCol[l];
        f3 Ld = sub(mk(lp.x, lp.y, lp.z), P);
        float d2 = dot(Ld, Ld);
        f3 L = mul(Ld, rsqrtf(d2));
        f3 H = nrm(add(V, L));
        float NdL = fmaxf(dot(N, L), 0.f), NdH = fmaxf(dot(N, H), 0.f), VdH = fmaxf(dot(V, H), 0.f);
        float dd = NdH * NdH * (a2 - 1.f) + 1.f;
        float D = a2 / (3.14159265f * dd * dd);
        float gv = NdL * sqrtf(NdV * NdV * (1.f - a2) + a2);
        float gl = NdV * sqrtf(NdL * NdL * (1.f - a2) + a2);
        float Vis = 0.5f / fmaxf(gv + gl, 1e-6f);
        float fw = __powf(1.f - VdH, 5.f);
        f3 F = add(F0, mul(sub(mk(1.f, 1.f, 1.f), F0), fw));
        f3 spec = mul(F, D * Vis);
        f3 kd = mul(sub(mk(1.f, 1.f, 1.f), F), 1.f - metal);
        f3 diff = mul(mulv(kd, alb), 1.f / 3.14159265f);
        float atten = lp.w / (d2 + 1.f);
        Lo = add(Lo, mul(mulv(add(diff, spec), mk(lc.x, lc.y, lc.z)), NdL * atten));
    }
    outRad[i] = make_float4(Lo.x, Lo.y, Lo.z, 1.f);
}

__device__ __forceinline__ float schlickW(float u) { float m = fminf(fmaxf(1.f - u, 0.f), 1.f); float m2 = m * m; return m2 * m2 * m; }
__device__ __forceinline__ float GTR1(float NdH, float a) {
    if (a >= 1.f) return 1.f / 3.14159265f;
    float a2 = a * a, t = 1.f + (a2 - 1.f) * NdH * NdH;
    return (a2 - 1.f) / (3.14159265f * __logf(a2) * t);
}
__device__ __forceinline__ float GTR2aniso(float NdH, float HdX, float HdY, float ax, float ay) {
    float q = HdX * HdX / (ax * ax) + HdY * HdY / (ay * ay) + NdH * NdH;
    return 1.f / (3.14159265f * ax * ay * q * q);
}
__device__ __forceinline__ float smithGaniso(float NdV, float VdX, float VdY, float ax, float ay) {
    float q = VdX * ax, w = VdY * ay;
    return 1.f / (NdV + sqrtf(q * q + w * w + NdV * NdV));
}

extern "C" __global__ void disney_principled(const float* __restrict__ params, const float4* __restrict__ dirs,
                                             int n, float4* __restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float* pr = params + 16 * i;
    f3 base = mk(pr[0], pr[1], pr[2]);
    float metallic = pr[3], subsurface = pr[4], specular = pr[5], roughness = pr[6], specTint = pr[7];
    float anisotropic = pr[8], sheen = pr[9], sheenTint = pr[10], clearcoat = pr[11], ccGloss = pr[12];
    float4 l4 = dirs[3 * i], v4 = dirs[3 * i + 1], n4 = dirs[3 * i + 2];
    f3 L = nrm(mk(l4.x, l4.y, l4.z)), V = nrm(mk(v4.x, v4.y, v4.z)), N = nrm(mk(n4.x, n4.y, n4.z));
    f3 up = fabsf(N.z) < 0.999f ? mk(0.f, 0.f, 1.f) : mk(1.f, 0.f, 0.f);
    f3 X = nrm(cross(up, N)), Y = cross(N, X);
    float NdL = dot(N, L), NdV = dot(N, V);
    f3 res = mk(0.f, 0.f, 0.f);
    if (NdL > 0.f && NdV > 0.f) {
        f3 H = nrm(add(L, V));
        float NdH = dot(N, H), LdH = dot(L, H);
        float lum = 0.3f * base.x + 0.6f * base.y + 0.1f * base.z;
        f3 tint = lum > 0.f ? mul(base, 1.f / lum) : mk(1.f, 1.f, 1.f);
        f3 Cspec0 = lerp3(mul(lerp3(mk(1.f, 1.f, 1.f), tint, specTint), specular * 0.08f), base, metallic);
        f3 Csheen = lerp3(mk(1.f, 1.f, 1.f), tint, sheenTint);
        float FL = schlickW(NdL), FV = schlickW(NdV);
        float Fd90 = 0.5f + 2.f * LdH * LdH * roughness;
        float Fd = (1.f + (Fd90 - 1.f) * FL) * (1.f + (Fd90 - 1.f) * FV);
        float Fss90 = LdH * LdH * roughness;
        float Fss = (1.f + (Fss90 - 1.f) * FL) * (1.f + (Fss90 - 1.f) * FV);
        float ss = 1.25f * (Fss * (1.f / (NdL + NdV) - 0.5f) + 0.5f);
        float aspect = sqrtf(1.f - anisotropic * 0.9f);
        float ax = fmaxf(0.001f, roughness * roughness / aspect), ay = fmaxf(0.001f, roughness * roughness * aspect);
        float Ds = GTR2aniso(NdH, dot(H, X), dot(H, Y), ax, ay);
        float FH = schlickW(LdH);
        f3 Fs = lerp3(Cspec0, mk(1.f, 1.f, 1.f), FH);
        float Gs = smithGaniso(NdL, dot(L, X), dot(L, Y), ax, ay) * smithGaniso(NdV, dot(V, X), dot(V, Y), ax, ay);
        f3 Fsheen = mul(Csheen, FH * sheen);
        float Dr = GTR1(NdH, 0.1f + (1.f - ccGloss) * 0.099f);
        float Fr = 0.04f + 0.96f * FH;
        float Gr = smithGaniso(NdL, 0.f, 0.f, 0.25f, 0.25f) * smithGaniso(NdV, 0.f, 0.f, 0.25f, 0.25f);
        f3 diffuse = mul(add(mul(base, (1.f / 3.14159265f) * (Fd + (ss - Fd) * subsurface)), Fsheen), 1.f - metallic);
        res = add(add(diffuse, mul(Fs, Gs * Ds)), mk(0.25f * clearcoat * Gr * Fr * Dr, 0.25f * clearcoat * Gr * Fr * Dr, 0.25f * clearcoat * Gr * Fr * Dr));
        res = mul(res, NdL);
    }
    out[i] = make_float4(res.x, res.y, res.z, 1.f);
}

extern "C" __global__ void brdf_lut_integrate(int size, int nSamples, float2* __restrict__ lut)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= size || y >= size) return;
    float NdV = (x + 0.5f) / size, rough = (y + 0.5f) / size;
    f3 V = mk(sqrtf(1.f - NdV * NdV), 0.f, NdV);
    float a = rough * rough, k = a * 0.5f;
    float A = 0.f, B = 0.f;
    for (int i = 0; i < nSamples; ++i) {
        float u = (float)i / nSamples;
        float v = (float)__brev(i) * 2.3283064365386963e-10f;
        float phi = 6.2831853f * u;
        float cosT = sqrtf((1.f - v) / (1.f + (a * a - 1.f) * v));
        float sinT = sqrtf(1.f - cosT * cosT);
        f3 H = mk(sinT * __cosf(phi), sinT * __sinf(phi), cosT);
        float VdH = dot(V, H);
        f3 L = sub(mul(H, 2.f * VdH), V);
        float NdL = fmaxf(L.z, 0.f), NdH = fmaxf(H.z, 0.f);
        VdH = fmaxf(VdH, 0.f);
        if (NdL > 0.f) {
            float G = (NdV / (NdV * (1.f - k) + k)) * (NdL / (NdL * (1.f - k) + k));
            float Gv = G * VdH / (NdH * NdV);
            float Fc = __powf(1.f - VdH, 5.f);
            A += (1.f - Fc) * Gv; B += Fc * Gv;
        }
    }
    lut[y * size + x] = make_float2(A / nSamples, B / nSamples);
}

extern "C" __global__ void tonemap_aces(const float4* __restrict__ hdr, uchar4* __restrict__ ldr, float exposure, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 c = hdr[i];
    float v[3] = {c.x * exposure, c.y * exposure, c.z * exposure};
    unsigned char o[3];
#pragma unroll
    for (int k = 0; k < 3; ++k) {
        float x = v[k];
        float t = (x * (2.51f * x + 0.03f)) / (x * (2.43f * x + 0.59f) + 0.14f);
        t = fminf(fmaxf(t, 0.f), 1.f);
        t = t <= 0.0031308f ? 12.92f * t : 1.055f * __powf(t, 1.f / 2.4f) - 0.055f;
        o[k] = (unsigned char)(t * 255.f + 0.5f);
    }
    ldr[i] = make_uchar4(o[0], o[1], o[2], 255);
}
