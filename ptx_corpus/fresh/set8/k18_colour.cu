// Colour science: CIEDE2000 colour difference between image pairs, sRGB -> CIELAB conversion,
// CIECAM02 forward model (lightness, chroma, hue) and spectral reflectance integration against
// colour-matching functions held in shared memory.
#include <cuda_runtime.h>

__device__ __forceinline__ float srgb_to_linear(float c)
{
    return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

__device__ __forceinline__ float lab_f(float t)
{
    const float d = 6.f / 29.f;
    return t > d * d * d ? cbrtf(t) : t / (3.f * d * d) + 4.f / 29.f;
}

__device__ __forceinline__ float3 rgb_to_lab(float r, float g, float b)
{
    r = srgb_to_linear(r); g = srgb_to_linear(g); b = srgb_to_linear(b);
    float X = 0.4124564f * r + 0.3575761f * g + 0.1804375f * b;
    float Y = 0.2126729f * r + 0.7151522f * g + 0.0721750f * b;
    float Z = 0.0193339f * r + 0.1191920f * g + 0.9503041f * b;
    float fx = lab_f(X / 0.95047f), fy = lab_f(Y), fz = lab_f(Z / 1.08883f);
    return make_float3(116.f * fy - 16.f, 500.f * (fx - fy), 200.f * (fy - fz));
}

__device__ double ciede2000(double L1, double a1, double b1, double L2, double a2, double b2)
{
    const double pi = 3.14159265358979323846;
    double C1 = sqrt(a1 * a1 + b1 * b1), C2 = sqrt(a2 * a2 + b2 * b2);
    double Cb = 0.5 * (C1 + C2);
    double Cb7 = pow(Cb, 7.0);
    double G = 0.5 * (1.0 - sqrt(Cb7 / (Cb7 + 6103515625.0)));
    double a1p = (1.0 + G) * a1, a2p = (1.0 + G) * a2;
    double C1p = sqrt(a1p * a1p + b1 * b1), C2p = sqrt(a2p * a2p + b2 * b2);
    double h1p = (b1 == 0.0 && a1p == 0.0) ? 0.0 : atan2(b1, a1p);
    if (h1p < 0) h1p += 2 * pi;
    double h2p = (b2 == 0.0 && a2p == 0.0) ? 0.0 : atan2(b2, a2p);
    if (h2p < 0) h2p += 2 * pi;
    double dLp = L2 - L1, dCp = C2p - C1p;
    double dhp;
    if (C1p * C2p == 0.0) dhp = 0.0;
    else {
        dhp = h2p - h1p;
        if (dhp > pi) dhp -= 2 * pi; else if (dhp < -pi) dhp += 2 * pi;
    }
    double dHp = 2.0 * sqrt(C1p * C2p) * sin(dhp * 0.5);
    double Lbp = 0.5 * (L1 + L2), Cbp = 0.5 * (C1p + C2p);
    double hbp;
    if (C1p * C2p == 0.0) hbp = h1p + h2p;
    else if (fabs(h1p - h2p) <= pi) hbp = 0.5 * (h1p + h2p);
    else if (h1p + h2p < 2 * pi) hbp = 0.5 * (h1p + h2p + 2 * pi);
    else hbp = 0.5 * (h1p + h2p - 2 * pi);
    double T = 1.0 - 0.17 * cos(hbp - pi / 6) + 0.24 * cos(2 * hbp) + 0.32 * cos(3 * hbp + pi / 30) - 0.20 * cos(4 * hbp - 63 * pi / 180);
    double dtheta = (30 * pi / 180) * exp(-pow((hbp * 180 / pi - 275.0) / 25.0, 2.0));
    double Cbp7 = pow(Cbp, 7.0);
    double RC = 2.0 * sqrt(Cbp7 / (Cbp7 + 6103515625.0));
    double Lb50 = (Lbp - 50.0) * (Lbp - 50.0);
    double SL = 1.0 + 0.015 * Lb50 / sqrt(20.0 + Lb50);
    double SC = 1.0 + 0.045 * Cbp;
    double SH = 1.0 + 0.015 * Cbp * T;
    double RT = -sin(2.0 * dtheta) * RC;
    double tl = dLp / SL, tc = dCp / SC, th = dHp / SH;
    return sqrt(tl * tl + tc * tc + th * th + RT * tc * th);
}

extern "C" __global__ void delta_e2000_images(const uchar4 *__restrict__ imgA, const uchar4 *__restrict__ imgB,
                                              int npix, float *__restrict__ dE, float *__restrict__ sum_dE)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float d = 0.f;
    if (i < npix) {
        uchar4 a = imgA[i], b = imgB[i];
        float3 la = rgb_to_lab(a.x / 255.f, a.y / 255.f, a.z / 255.f);
        float3 lb = rgb_to_lab(b.x / 255.f, b.y / 255.f, b.z / 255.f);
        d = (float)ciede2000(la.x, la.y, la.z, lb.x, lb.y, lb.z);
        dE[i] = d;
    }
    for (int o = 16; o; o >>= 1) d += __shfl_down_sync(~0u, d, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(sum_dE, d);
}

struct CamVC { float LA, Yb, F, c, Nc; float XwYwZw[3]; };

// CIECAM02 forward: XYZ -> J, C, h, plus M and s. Viewing conditions constant per launch.
extern "C" __global__ void ciecam02_forward(const float3 *__restrict__ xyz, int n, CamVC vc,
                                            float4 *__restrict__ JCh, float2 *__restrict__ Ms)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float M16[9] = {0.7328f, 0.4296f, -0.1624f, -0.7036f, 1.6975f, 0.0061f, 0.0030f, 0.0136f, 0.9834f};
    const float MH[9] = {0.38971f, 0.68898f, -0.07868f, -0.22981f, 1.18340f, 0.04641f, 0.f, 0.f, 1.f};
    const float MCAT02inv[9] = {1.096124f, -0.278869f, 0.182745f, 0.454369f, 0.473533f, 0.072098f, -0.009628f, -0.005698f, 1.015326f};
    float3 X = xyz[i];
    float Xw = vc.XwYwZw[0], Yw = vc.XwYwZw[1], Zw = vc.XwYwZw[2];
    float D = vc.F * (1.f - (1.f / 3.6f) * __expf((-vc.LA - 42.f) / 92.f));
    D = fminf(fmaxf(D, 0.f), 1.f);
    float k = 1.f / (5.f * vc.LA + 1.f), k4 = k * k * k * k;
    float FL = 0.2f * k4 * 5.f * vc.LA + 0.1f * (1.f - k4) * (1.f - k4) * cbrtf(5.f * vc.LA);
    float nn = vc.Yb / Yw;
    float z = 1.48f + sqrtf(nn);
    float Nbb = 0.725f * powf(1.f / nn, 0.2f);
    float in[3] = {X.x, X.y, X.z}, wt[3] = {Xw, Yw, Zw};
    float rgb[3], rgbw[3];
#pragma unroll
    for (int r = 0; r < 3; ++r) {
        rgb[r] = M16[r * 3] * in[0] + M16[r * 3 + 1] * in[1] + M16[r * 3 + 2] * in[2];
        rgbw[r] = M16[r * 3] * wt[0] + M16[r * 3 + 1] * wt[1] + M16[r * 3 + 2] * wt[2];
    }
    float rgbc[3], rgbwc[3];
#pragma unroll
    for (int r = 0; r < 3; ++r) {
        float f = D * Yw / rgbw[r] + 1.f - D;
        rgbc[r] = f * rgb[r]; rgbwc[r] = f * rgbw[r];
    }
    float pa[3], paw[3];
#pragma unroll
    for (int r = 0; r < 3; ++r) {
        float h1, h2;
        // HPE: apply MH to the XYZ recovered by MCAT02^{-1}
        float t0 = MCAT02inv[0] * rgbc[0] + MCAT02inv[1] * rgbc[1] + MCAT02inv[2] * rgbc[2];
        float t1 = MCAT02inv[3] * rgbc[0] + MCAT02inv[4] * rgbc[1] + MCAT02inv[5] * rgbc[2];
        float t2 = MCAT02inv[6] * rgbc[0] + MCAT02inv[7] * rgbc[1] + MCAT02inv[8] * rgbc[2];
        h1 = MH[r * 3] * t0 + MH[r * 3 + 1] * t1 + MH[r * 3 + 2] * t2;
        float w0 = MCAT02inv[0] * rgbwc[0] + MCAT02inv[1] * rgbwc[1] + MCAT02inv[2] * rgbwc[2];
        float w1 = MCAT02inv[3] * rgbwc[0] + MCAT02inv[4] * rgbwc[1] + MCAT02inv[5] * rgbwc[2];
        float w2 = MCAT02inv[6] * rgbwc[0] + MCAT02inv[7] * rgbwc[1] + MCAT02inv[8] * rgbwc[2];
        h2 = MH[r * 3] * w0 + MH[r * 3 + 1] * w1 + MH[r * 3 + 2] * w2;
        float t = powf(FL * fabsf(h1) / 100.f, 0.42f);
        pa[r] = copysignf(400.f * t / (t + 27.13f), h1) + 0.1f;
        float tw = powf(FL * fabsf(h2) / 100.f, 0.42f);
        paw[r] = 400.f * tw / (tw + 27.13f) + 0.1f;
    }
    float a = pa[0] - 12.f * pa[1] / 11.f + pa[2] / 11.f;
    float b = (pa[0] + pa[1] - 2.f * pa[2]) / 9.f;
    float h = atan2f(b, a) * 57.2957795f;
    if (h < 0) h += 360.f;
    float A = (2.f * pa[0] + pa[1] + 0.05f * pa[2] - 0.305f) * Nbb;
    float Aw = (2.f * paw[0] + paw[1] + 0.05f * paw[2] - 0.305f) * Nbb;
    float J = 100.f * powf(fmaxf(A / Aw, 0.f), vc.c * z);
    float hp = h < 20.14f ? h + 360.f : h;
    float et = 0.25f * (__cosf(hp * 0.01745329f + 2.f) + 3.8f);
    float t = (50000.f / 13.f * vc.Nc * Nbb * et * sqrtf(a * a + b * b)) / (pa[0] + pa[1] + 21.f / 20.f * pa[2]);
    float C = powf(t, 0.9f) * sqrtf(J / 100.f) * powf(1.64f - powf(0.29f, nn), 0.73f);
    float Q = (4.f / vc.c) * sqrtf(J / 100.f) * (Aw + 4.f) * powf(FL, 0.25f);
    float M = C * powf(FL, 0.25f);
    float s = 100.f * sqrtf(M / fmaxf(Q, 1e-6f));
    JCh[i] = make_float4(J, C, h, Q);
    Ms[i] = make_float2(M, s);
}

// Spectral reflectance (NL samples) x illuminant x CMFs -> XYZ; one warp per sample spectrum.
extern "C" __global__ void spectral_to_xyz(const float *__restrict__ refl, int nspec, int NL,
                                           const float *__restrict__ illum, const float *__restrict__ cmf, // [NL][3]
                                           float3 *__restrict__ xyz)
{
    extern __shared__ float s[];
    float *sx = s, *sy = s + NL, *sz = s + 2 * NL;
    float knorm = 0.f;
    for (int l = threadIdx.x; l < NL; l += blockDim.x) {
        float I = illum[l];
        sx[l] = I * cmf[l * 3]; sy[l] = I * cmf[l * 3 + 1]; sz[l] = I * cmf[l * 3 + 2];
    }
    __syncthreads();
    for (int l = 0; l < NL; ++l) knorm += sy[l];
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (warp >= nspec) return;
    const float *R = refl + (size_t)warp * NL;
    float X = 0, Y = 0, Z = 0;
    for (int l = lane; l < NL; l += 32) {
        float r = R[l];
        X += r * sx[l]; Y += r * sy[l]; Z += r * sz[l];
    }
    for (int o = 16; o; o >>= 1) {
        X += __shfl_xor_sync(~0u, X, o); Y += __shfl_xor_sync(~0u, Y, o); Z += __shfl_xor_sync(~0u, Z, o);
    }
    if (lane == 0) xyz[warp] = make_float3(X / knorm, Y / knorm, Z / knorm);
}
