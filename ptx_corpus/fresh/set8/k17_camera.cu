// Camera pipeline: Malvar-He-Cutler demosaicing of an RGGB Bayer mosaic (shared-memory tile),
// HDR merge of an exposure bracket with Debevec triangle weights and inverse camera response,
// Brown-Conrady lens undistortion remap with bilinear resampling, and
// vignetting/white-balance correction writing half-precision output.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <stdint.h>

#define TILE 16
#define HALO 2

extern "C" __global__ void demosaic_mhc(const uint16_t *__restrict__ bayer, int W, int H,
                                        float black, float inv_range, float4 *__restrict__ rgb)
{
    __shared__ float t[TILE + 2 * HALO][TILE + 2 * HALO];
    int bx = blockIdx.x * TILE, by = blockIdx.y * TILE;
    for (int j = threadIdx.y; j < TILE + 2 * HALO; j += TILE)
        for (int i = threadIdx.x; i < TILE + 2 * HALO; i += TILE) {
            int x = bx + i - HALO, y = by + j - HALO;
            // mirror at borders, preserving CFA phase
            x = x < 0 ? -x : (x >= W ? 2 * W - 2 - x : x);
            y = y < 0 ? -y : (y >= H ? 2 * H - 2 - y : y);
            t[j][i] = fmaxf((bayer[y * W + x] - black) * inv_range, 0.f);
        }
    __syncthreads();
    int x = bx + threadIdx.x, y = by + threadIdx.y;
    if (x >= W || y >= H) return;
    int i = threadIdx.x + HALO, j = threadIdx.y + HALO;
#define P(dx, dy) t[j + (dy)][i + (dx)]
    float c = P(0, 0);
    // G at R/B locations
    float g_rb = (4.f * c + 2.f * (P(-1, 0) + P(1, 0) + P(0, -1) + P(0, 1)) - (P(-2, 0) + P(2, 0) + P(0, -2) + P(0, 2))) * 0.125f;
    // R/B at G in R row / B column
    float rb_g_row = (5.f * c + 4.f * (P(-1, 0) + P(1, 0)) - (P(-2, 0) + P(2, 0) + P(-1, -1) + P(1, -1) + P(-1, 1) + P(1, 1))
                      + 0.5f * (P(0, -2) + P(0, 2))) * 0.125f;
    float rb_g_col = (5.f * c + 4.f * (P(0, -1) + P(0, 1)) - (P(0, -2) + P(0, 2) + P(-1, -1) + P(1, -1) + P(-1, 1) + P(1, 1))
                      + 0.5f * (P(-2, 0) + P(2, 0))) * 0.125f;
    // R at B / B at R
    float rb_br = (6.f * c + 2.f * (P(-1, -1) + P(1, -1) + P(-1, 1) + P(1, 1)) - 1.5f * (P(-2, 0) + P(2, 0) + P(0, -2) + P(0, 2))) * 0.125f;
#undef P
    float r, g, b;
    int px = x & 1, py = y & 1;
    if (py == 0 && px == 0) { r = c; g = g_rb; b = rb_br; }
    else if (py == 0 && px == 1) { r = rb_g_row; g = c; b = rb_g_col; }
    else if (py == 1 && px == 0) { r = rb_g_col; g = c; b = rb_g_row; }
    else { r = rb_br; g = g_rb; b = c; }
    rgb[y * W + x] = make_float4(fmaxf(r, 0.f), fmaxf(g, 0.f), fmaxf(b, 0.f), 1.f);
}

// Merge NEXP 8-bit exposures into radiance using a tabulated log inverse response g(z) in smem.
#define NEXP 5
extern "C" __global__ void hdr_merge_debevec(const uchar4 *__restrict__ ldr, // [NEXP][W*H]
                                             const float *__restrict__ g_curve,   // [3][256] ln exposure
                                             const float *__restrict__ exposure_s, int npix,
                                             float4 *__restrict__ radiance)
{
    __shared__ float g[3][256];
    __shared__ float wtab[256];
    for (int k = threadIdx.x; k < 768; k += blockDim.x) g[k / 256][k % 256] = g_curve[k];
    for (int k = threadIdx.x; k < 256; k += blockDim.x) wtab[k] = (k <= 127 ? k : 255 - k) + 1e-3f;
    __syncthreads();
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npix) return;
    float lnt[NEXP];
#pragma unroll
    for (int e = 0; e < NEXP; ++e) lnt[e] = __logf(exposure_s[e]);
    float num[3] = {0, 0, 0}, den[3] = {0, 0, 0};
    int satAll = 1, darkAll = 1;
#pragma unroll
    for (int e = 0; e < NEXP; ++e) {
        uchar4 v = ldr[(size_t)e * npix + p];
        unsigned char z[3] = {v.x, v.y, v.z};
#pragma unroll
        for (int ch = 0; ch < 3; ++ch) {
            float w = wtab[z[ch]];
            num[ch] += w * (g[ch][z[ch]] - lnt[e]);
            den[ch] += w;
            satAll &= z[ch] > 250;
            darkAll &= z[ch] < 5;
        }
    }
    float out[3];
#pragma unroll
    for (int ch = 0; ch < 3; ++ch) out[ch] = __expf(num[ch] / den[ch]);
    if (satAll) { // everything clipped: use the shortest exposure
        uchar4 v = ldr[p];
        out[0] = __expf(g[0][v.x] - lnt[0]); out[1] = __expf(g[1][v.y] - lnt[0]); out[2] = __expf(g[2][v.z] - lnt[0]);
    } else if (darkAll) {
        uchar4 v = ldr[(size_t)(NEXP - 1) * npix + p];
        out[0] = __expf(g[0][v.x] - lnt[NEXP - 1]); out[1] = __expf(g[1][v.y] - lnt[NEXP - 1]); out[2] = __expf(g[2][v.z] - lnt[NEXP - 1]);
    }
    radiance[p] = make_float4(out[0], out[1], out[2], 1.f);
}

struct Intrinsics { float fx, fy, cx, cy, k1, k2, k3, p1, p2; };

__device__ __forceinline__ void distort(const Intrinsics &K, float xn, float yn, float &xd, float &yd)
{
    float r2 = xn * xn + yn * yn;
    float rad = 1.f + r2 * (K.k1 + r2 * (K.k2 + r2 * K.k3));
    xd = xn * rad + 2.f * K.p1 * xn * yn + K.p2 * (r2 + 2.f * xn * xn);
    yd = yn * rad + K.p1 * (r2 + 2.f * yn * yn) + 2.f * K.p2 * xn * yn;
}

// For each output (undistorted) pixel, find the source location by forward distortion, then bilinear sample.
extern "C" __global__ void undistort_remap(const float4 *__restrict__ src, int W, int H, Intrinsics K,
                                           Intrinsics Knew, float4 *__restrict__ dst)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H) return;
    float xn = (x - Knew.cx) / Knew.fx, yn = (y - Knew.cy) / Knew.fy;
    float xd, yd;
    distort(K, xn, yn, xd, yd);
    float sx = xd * K.fx + K.cx, sy = yd * K.fy + K.cy;
    if (sx < 0.f || sy < 0.f || sx > W - 1.f || sy > H - 1.f) { dst[y * W + x] = make_float4(0, 0, 0, 0); return; }
    int ix = min((int)sx, W - 2), iy = min((int)sy, H - 2);
    float u = sx - ix, v = sy - iy;
    float4 a = __ldg(src + iy * W + ix), b = __ldg(src + iy * W + ix + 1);
    float4 c = __ldg(src + (iy + 1) * W + ix), d = __ldg(src + (iy + 1) * W + ix + 1);
    float w00 = (1 - u) * (1 - v), w10 = u * (1 - v), w01 = (1 - u) * v, w11 = u * v;
    dst[y * W + x] = make_float4(a.x * w00 + b.x * w10 + c.x * w01 + d.x * w11,
                                 a.y * w00 + b.y * w10 + c.y * w01 + d.y * w11,
                                 a.z * w00 + b.z * w10 + c.z * w01 + d.z * w11, 1.f);
}

// White balance, colour matrix, vignetting (radial polynomial), sRGB OETF -> half4
extern "C" __global__ void wb_ccm_vignette(const float4 *__restrict__ rgb, int W, int H, float3 wb,
                                           const float *__restrict__ ccm, float3 vig, __half *__restrict__ out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H) return;
    float4 p = rgb[y * W + x];
    float cx = (x - 0.5f * W) / (0.5f * W), cy = (y - 0.5f * H) / (0.5f * W);
    float r2 = cx * cx + cy * cy;
    float gain = 1.f / (1.f + r2 * (vig.x + r2 * (vig.y + r2 * vig.z)));
    float r = p.x * wb.x * gain, g = p.y * wb.y * gain, b = p.z * wb.z * gain;
    float o[3];
#pragma unroll
    for (int k = 0; k < 3; ++k) {
        float v = __ldg(ccm + 3 * k) * r + __ldg(ccm + 3 * k + 1) * g + __ldg(ccm + 3 * k + 2) * b;
        v = fminf(fmaxf(v, 0.f), 1.f);
        o[k] = v <= 0.0031308f ? 12.92f * v : 1.055f * powf(v, 1.f / 2.4f) - 0.055f;
    }
    __half2 *dst = (__half2 *)(out + (size_t)(y * W + x) * 4);
    dst[0] = __floats2half2_rn(o[0], o[1]);
    dst[1] = __floats2half2_rn(o[2], 1.f);
}
