// HDR display pipeline: ACES filmic tone mapping with log-average luminance reduction, sRGB<->XYZ<->CIELAB conversions with CIEDE2000 colour difference, and half-precision exposure/white-balance.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// log-average luminance (Reinhard key), block reduction to partial sums
extern "C" __global__ void __launch_bounds__(256)
log_avg_luminance(const float4* __restrict__ hdr, int n, float* __restrict__ partial)
{
    float s = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float4 c = hdr[i];
        float Y = 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z;
        s += __logf(1e-4f + Y);
    }
    __shared__ float w[8];
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    if ((threadIdx.x & 31) == 0) w[threadIdx.x >> 5] = s;
    __syncthreads();
    if (threadIdx.x == 0) { float t = 0.f; for (int k = 0; k < 8; ++k) t += w[k]; partial[blockIdx.x] = t; }
}

// ACES fitted (Stephen Hill): sRGB->ACEScg-ish input matrix, RRT+ODT rational fit, output matrix, sRGB OETF to 8-bit
__constant__ float c_acesIn[9] = {0.59719f, 0.35458f, 0.04823f, 0.07600f, 0.90834f, 0.01566f, 0.02840f, 0.13383f, 0.83777f};
__constant__ float c_acesOut[9] = {1.60475f, -0.53108f, -0.07367f, -0.10208f, 1.10813f, -0.00605f, -0.00327f, -0.07276f, 1.07602f};

__device__ __forceinline__ float rrt_odt(float v) { float a = v * (v + 0.0245786f) - 0.000090537f; float b = v * (0.983729f * v + 0.4329510f) + 0.238081f; return a / b; }
__device__ __forceinline__ float srgb_oetf(float x) { x = __saturatef(x); return x <= 0.0031308f ? 12.92f * x : 1.055f * __powf(x, 1.f / 2.4f) - 0.055f; }

extern "C" __global__ void
aces_tonemap(const float4* __restrict__ hdr, uchar4* __restrict__ ldr, int n, const float* __restrict__ logAvg, float key, int nPix)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float Lavg = __expf(*logAvg / nPix);
    float exposure = key / Lavg;
    float4 c = hdr[i];
    float rgb[3] = {c.x * exposure, c.y * exposure, c.z * exposure};
    float t[3];
#pragma unroll
    for (int r = 0; r < 3; ++r) t[r] = rrt_odt(c_acesIn[3 * r] * rgb[0] + c_acesIn[3 * r + 1] * rgb[1] + c_acesIn[3 * r + 2] * rgb[2]);
    float o[3];
#pragma unroll
    for (int r = 0; r < 3; ++r) o[r] = srgb_oetf(c_acesOut[3 * r] * t[0] + c_acesOut[3 * r + 1] * t[1] + c_acesOut[3 * r + 2] * t[2]);
    ldr[i] = make_uchar4((unsigned char)(o[0] * 255.f + 0.5f), (unsigned char)(o[1] * 255.f + 0.5f), (unsigned char)(o[2] * 255.f + 0.5f), 255);
}

__device__ __forceinline__ float srgb_eotf(float x) { return x <= 0.04045f ? x / 12.92f : __powf((x + 0.055f) / 1.055f, 2.4f); }
__device__ __forceinline__ float lab_f(float t) { return t > 0.008856452f ? cbrtf(t) : t * 7.787037f + 0.137931f; }

__device__ __forceinline__ float3 rgb8_to_lab(uchar4 p)
{
    float r = srgb_eotf(p.x / 255.f), g = srgb_eotf(p.y / 255.f), b = srgb_eotf(p.z / 255.f);
    float X = 0.4124564f * r + 0.3575761f * g + 0.1804375f * b;
    float Y = 0.2126729f * r + 0.7151522f * g + 0.0721750f * b;
    float Z = 0.0193339f * r + 0.1191920f * g + 0.9503041f * b;
    float fx = lab_f(X / 0.95047f), fy = lab_f(Y), fz = lab_f(Z / 1.08883f);
    return make_float3(116.f * fy - 16.f, 500.f * (fx - fy), 200.f * (fy - fz));
}

// CIEDE2000 between two images (quality metric), per-pixel output and global sum
extern "C" __global__ void __launch_bounds__(256, 2)
ciede2000_diff(const uchar4* __restrict__ a, const uchar4* __restrict__ b, int n, float* __restrict__ dE, float* __restrict__ sum)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float d = 0.f;
    if (i < n) {
        float3 l1 = rgb8_to_lab(a[i]), l2 = rgb8_to_lab(b[i]);
        const float PI = 3.14159265f, DEG = PI / 180.f;
        float C1 = sqrtf(l1.y * l1.y + l1.z * l1.z), C2 = sqrtf(l2.y * l2.y + l2.z * l2.z);
        float Cb = 0.5f * (C1 + C2), Cb7 = powf(Cb, 7.f);
        float G = 0.5f * (1.f - sqrtf(Cb7 / (Cb7 + 6103515625.f)));
        float a1 = (1.f + G) * l1.y, a2 = (1.f + G) * l2.y;
        float C1p = sqrtf(a1 * a1 + l1.z * l1.z), C2p = sqrtf(a2 * a2 + l2.z * l2.z);
        float h1 = atan2f(l1.z, a1); if (h1 < 0) h1 += 2 * PI;
        float h2 = atan2f(l2.z, a2); if (h2 < 0) h2 += 2 * PI;
        float dL = l2.x - l1.x, dC = C2p - C1p;
        float dh = h2 - h1;
        if (C1p * C2p == 0.f) dh = 0.f; else if (dh > PI) dh -= 2 * PI; else if (dh < -PI) dh += 2 * PI;
        float dH = 2.f * sqrtf(C1p * C2p) * __sinf(0.5f * dh);
        float Lb = 0.5f * (l1.x + l2.x), Cbp = 0.5f * (C1p + C2p);
        float hb = h1 + h2;
        if (C1p * C2p != 0.f) { if (fabsf(h1 - h2) > PI) hb += (hb < 2 * PI) ? 2 * PI : -2 * PI; hb *= 0.5f; }
        float T = 1.f - 0.17f * __cosf(hb - 30 * DEG) + 0.24f * __cosf(2 * hb) + 0.32f * __cosf(3 * hb + 6 * DEG) - 0.20f * __cosf(4 * hb - 63 * DEG);
        float dTheta = 30 * DEG * __expf(-((hb / DEG - 275.f) / 25.f) * ((hb / DEG - 275.f) / 25.f));
        float Cbp7 = powf(Cbp, 7.f);
        float Rc = 2.f * sqrtf(Cbp7 / (Cbp7 + 6103515625.f));
        float Lb50 = (Lb - 50.f) * (Lb - 50.f);
        float Sl = 1.f + 0.015f * Lb50 / sqrtf(20.f + Lb50), Sc = 1.f + 0.045f * Cbp, Sh = 1.f + 0.015f * Cbp * T;
        float Rt = -__sinf(2.f * dTheta) * Rc;
        float tl = dL / Sl, tc = dC / Sc, th = dH / Sh;
        d = sqrtf(tl * tl + tc * tc + th * th + Rt * tc * th);
        dE[i] = d;
    }
    for (int o = 16; o > 0; o >>= 1) d += __shfl_xor_sync(0xffffffffu, d, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(sum, d);
}

// camera white balance (von Kries in LMS via Bradford) + exposure on half RGBA
extern "C" __global__ void
white_balance_half(const __half* __restrict__ in, __half* __restrict__ out, int n, float3 srcWhite, float3 dstWhite, float ev)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float M[9] = {0.8951f, 0.2664f, -0.1614f, -0.7502f, 1.7135f, 0.0367f, 0.0389f, -0.0685f, 1.0296f};
    const float Mi[9] = {0.9869929f, -0.1470543f, 0.1599627f, 0.4323053f, 0.5183603f, 0.0492912f, -0.0085287f, 0.0400428f, 0.9684867f};
    float ls = M[0] * srcWhite.x + M[1] * srcWhite.y + M[2] * srcWhite.z, ld = M[0] * dstWhite.x + M[1] * dstWhite.y + M[2] * dstWhite.z;
    float ms = M[3] * srcWhite.x + M[4] * srcWhite.y + M[5] * srcWhite.z, md = M[3] * dstWhite.x + M[4] * dstWhite.y + M[5] * dstWhite.z;
    float ss = M[6] * srcWhite.x + M[7] * srcWhite.y + M[8] * srcWhite.z, sd = M[6] * dstWhite.x + M[7] * dstWhite.y + M[8] * dstWhite.z;
    float g[3] = {ld / ls, md / ms, sd / ss};
    const __half2* p = reinterpret_cast<const __half2*>(in) + 2 * (size_t)i;
    float2 rg = __half22float2(p[0]), ba = __half22float2(p[1]);
    float c[3] = {rg.x, rg.y, ba.x};
    float lms[3];
#pragma unroll
    for (int r = 0; r < 3; ++r) lms[r] = g[r] * (M[3 * r] * c[0] + M[3 * r + 1] * c[1] + M[3 * r + 2] * c[2]);
    float scale = exp2f(ev);
    float o[3];
#pragma unroll
    for (int r = 0; r < 3; ++r) o[r] = scale * (Mi[3 * r] * lms[0] + Mi[3 * r + 1] * lms[1] + Mi[3 * r + 2] * lms[2]);
    __half2* q = reinterpret_cast<__half2*>(out) + 2 * (size_t)i;
    q[0] = __floats2half2_rn(o[0], o[1]);
    q[1] = __floats2half2_rn(o[2], ba.y);
}
