// Real-time graphics passes: percentage-closer soft shadows (blocker search + PCF with a
// 16-tap Poisson disk and per-pixel rotation), 2x2 mipmap downsampling of RGBA8 in linear
// space with sRGB conversion, and trilinear + 4-probe anisotropic sampling from a mip chain.
#include <cuda_runtime.h>

__constant__ float2 c_poisson16[16];

__device__ __forceinline__ float sm_fetch(const float* sm, int n, float u, float v)
{
    int x = min(max((int)(u * n), 0), n - 1), y = min(max((int)(v * n), 0), n - 1);
    return __ldg(sm + y * n + x);
}

extern "C" __global__ void pcss_shadow(const float* __restrict__ shadow_map, int sm_size,
                                       const float4* __restrict__ light_space_pos,   // xy in [0,1], z depth
                                       float* __restrict__ visibility, int npix,
                                       float light_size_uv, float near_plane, float bias)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npix) return;
    float4 ls = light_space_pos[p];
    float zr = ls.z;
    unsigned hsh = (unsigned)p * 2654435761u;
    hsh ^= hsh >> 15;
    float ang = (hsh & 0xffff) * (6.2831853f / 65536.f);
    float sa, ca;
    __sincosf(ang, &sa, &ca);
    // blocker search
    float search = light_size_uv * (zr - near_plane) / zr;
    float blk_sum = 0.f; int nblk = 0;
#pragma unroll
    for (int i = 0; i < 16; ++i) {
        float2 o = c_poisson16[i];
        float ox = ca * o.x - sa * o.y, oy = sa * o.x + ca * o.y;
        float d = sm_fetch(shadow_map, sm_size, ls.x + ox * search, ls.y + oy * search);
        if (d < zr - bias) { blk_sum += d; ++nblk; }
    }
    if (nblk == 0) { visibility[p] = 1.f; return; }
    float zb = blk_sum / nblk;
    float pen = (zr - zb) * light_size_uv / zb;
    float filt = pen * near_plane / zr;
    float lit = 0.f;
#pragma unroll
    for (int i = 0; i < 16; ++i) {
        float2 o = c_poisson16[i];
        float ox = ca * o.x - sa * o.y, oy = sa * o.x + ca * o.y;
        // bilinear PCF per tap
        float u = (ls.x + ox * filt) * sm_size - 0.5f, v = (ls.y + oy * filt) * sm_size - 0.5f;
        int x0 = (int)floorf(u), y0 = (int)floorf(v);
        float fx = u - x0, fy = v - y0;
        int x0c = min(max(x0, 0), sm_size - 1), x1c = min(max(x0 + 1, 0), sm_size - 1);
        int y0c = min(max(y0, 0), sm_size - 1), y1c = min(max(y0 + 1, 0), sm_size - 1);
        float s00 = __ldg(shadow_map + y0c * sm_size + x0c) >= zr - bias ? 1.f : 0.f;
        float s10 = __ldg(shadow_map + y0c * sm_size + x1c) >= zr - bias ? 1.f : 0.f;
        float s01 = __ldg(shadow_map + y1c * sm_size + x0c) >= zr - bias ? 1.f : 0.f;
        float s11 = __ldg(shadow_map + y1c * sm_size + x1c) >= zr - bias ? 1.f : 0.f;
        lit += (s00 * (1.f - fx) + s10 * fx) * (1.f - fy) + (s01 * (1.f - fx) + s11 * fx) * fy;
    }
    visibility[p] = lit * (1.f / 16.f);
}

__device__ __forceinline__ float srgb_to_linear(float c)
{
    return c <= 0.04045f ? c * (1.f / 12.92f) : __powf((c + 0.055f) * (1.f / 1.055f), 2.4f);
}
__device__ __forceinline__ float linear_to_srgb(float c)
{
    return c <= 0.0031308f ? c * 12.92f : 1.055f * __powf(c, 1.f / 2.4f) - 0.055f;
}

extern "C" __global__ void mip_downsample_srgb(const uchar4* __restrict__ src, uchar4* __restrict__ dst,
                                               int sw, int sh, int dw, int dh)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= dw || y >= dh) return;
    float r = 0.f, g = 0.f, b = 0.f, a = 0.f;
#pragma unroll
    for (int dy = 0; dy < 2; ++dy)
#pragma unroll
        for (int dx = 0; dx < 2; ++dx) {
            int sx = min(2 * x + dx, sw - 1), sy = min(2 * y + dy, sh - 1);
            uchar4 c = src[sy * sw + sx];
            float al = c.w * (1.f / 255.f);
            // premultiplied alpha in linear space
            r += srgb_to_linear(c.x * (1.f / 255.f)) * al;
            g += srgb_to_linear(c.y * (1.f / 255.f)) * al;
            b += srgb_to_linear(c.z * (1.f / 255.f)) * al;
            a += al;
        }
    float inv = a > 0.f ? 1.f / a : 0.f;
    uchar4 o;
    o.x = (unsigned char)__float2int_rn(255.f * fminf(linear_to_srgb(r * inv), 1.f));
    o.y = (unsigned char)__float2int_rn(255.f * fminf(linear_to_srgb(g * inv), 1.f));
    o.z = (unsigned char)__float2int_rn(255.f * fminf(linear_to_srgb(b * inv), 1.f));
    o.w = (unsigned char)__float2int_rn(255.f * 0.25f * a);
    dst[y * dw + x] = o;
}

struct MipChain { const float4* level[12]; int w[12]; int h[12]; int nlevels; };

__device__ __forceinline__ float4 bilinear(const float4* img, int w, int h, float u, float v)
{
    float x = u * w - 0.5f, y = v * h - 0.5f;
    int x0 = (int)floorf(x), y0 = (int)floorf(y);
    float fx = x - x0, fy = y - y0;
    int xa = ((x0 % w) + w) % w, xb = (((x0 + 1) % w) + w) % w;   // wrap
    int ya = min(max(y0, 0), h - 1), yb = min(max(y0 + 1, 0), h - 1);
    float4 a = __ldg(img + ya * w + xa), b = __ldg(img + ya * w + xb);
    float4 c = __ldg(img + yb * w + xa), d = __ldg(img + yb * w + xb);
    float4 r;
    r.x = (a.x * (1 - fx) + b.x * fx) * (1 - fy) + (c.x * (1 - fx) + d.x * fx) * fy;
    r.y = (a.y * (1 - fx) + b.y * fx) * (1 - fy) + (c.y * (1 - fx) + d.y * fx) * fy;
    r.z = (a.z * (1 - fx) + b.z * fx) * (1 - fy) + (c.z * (1 - fx) + d.z * fx) * fy;
    r.w = (a.w * (1 - fx) + b.w * fx) * (1 - fy) + (c.w * (1 - fx) + d.w * fx) * fy;
    return r;
}

extern "C" __global__ void sample_aniso_trilinear(MipChain chain, const float4* __restrict__ uv_grad, // u,v, du/dx, dv/dy
                                                  const float2* __restrict__ grad2,                    // du/dy, dv/dx
                                                  float4* __restrict__ out, int n, float max_aniso)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 q = uv_grad[i];
    float2 g2 = grad2[i];
    float W = chain.w[0], H = chain.h[0];
    float dux = q.z * W, dvx = g2.y * H, duy = g2.x * W, dvy = q.w * H;
    float lx = sqrtf(dux * dux + dvx * dvx), ly = sqrtf(duy * duy + dvy * dvy);
    float pmax = fmaxf(lx, ly), pmin = fminf(lx, ly);
    float N = fminf(ceilf(pmax / fmaxf(pmin, 1e-6f)), max_aniso);
    float lod = __log2f(fmaxf(pmax / N, 1e-6f));
    lod = fminf(fmaxf(lod, 0.f), (float)(chain.nlevels - 1));
    int l0 = (int)lod, l1 = min(l0 + 1, chain.nlevels - 1);
    float fl = lod - l0;
    float ax = lx > ly ? q.z : g2.x, ay = lx > ly ? g2.y : q.w;
    float4 acc = make_float4(0, 0, 0, 0);
    int probes = min((int)N, 4);
    for (int s = 0; s < probes; ++s) {
        float t = probes > 1 ? ((float)s / (probes - 1) - 0.5f) : 0.f;
        float u = q.x + t * ax, v = q.y + t * ay;
        float4 a = bilinear(chain.level[l0], chain.w[l0], chain.h[l0], u, v);
        float4 b = bilinear(chain.level[l1], chain.w[l1], chain.h[l1], u, v);
        acc.x += a.x + fl * (b.x - a.x); acc.y += a.y + fl * (b.y - a.y);
        acc.z += a.z + fl * (b.z - a.z); acc.w += a.w + fl * (b.w - a.w);
    }
    float inv = 1.f / probes;
    out[i] = make_float4(acc.x * inv, acc.y * inv, acc.z * inv, acc.w * inv);
}
