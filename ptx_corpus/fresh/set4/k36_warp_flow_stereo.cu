// Geometric vision: perspective (homography) warp with bilinear sampling, pyramidal Lucas-Kanade sparse optical flow (7x7 window patch in registers), and stereo SAD block matching with shared-memory rows.
#include <cuda_runtime.h>

__device__ __forceinline__ float bilinear(const float* img, int w, int h, float x, float y, float border)
{
    if (x < 0.f || y < 0.f || x > w - 1 || y > h - 1) return border;
    int x0 = min((int)x, w - 2), y0 = min((int)y, h - 2);
    float fx = x - x0, fy = y - y0;
    const float* p = img + (size_t)y0 * w + x0;
    return (1 - fy) * ((1 - fx) * p[0] + fx * p[1]) + fy * ((1 - fx) * p[w] + fx * p[w + 1]);
}

// dst(x,y) = src(H^-1 [x y 1]); Hinv row-major 3x3 in constant memory, 4 channel planar
__constant__ float c_Hinv[9];
extern "C" __global__ void
warp_perspective_bilinear(const float* __restrict__ src, int sw, int sh, int channels, float* __restrict__ dst, int dw, int dh, float border)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= dw || y >= dh) return;
    float X = c_Hinv[0] * x + c_Hinv[1] * y + c_Hinv[2];
    float Y = c_Hinv[3] * x + c_Hinv[4] * y + c_Hinv[5];
    float Wz = c_Hinv[6] * x + c_Hinv[7] * y + c_Hinv[8];
    float iw = fabsf(Wz) > 1e-12f ? 1.f / Wz : 0.f;
    float sx = X * iw, sy = Y * iw;
    for (int c = 0; c < channels; ++c)
        dst[((size_t)c * dh + y) * dw + x] = bilinear(src + (size_t)c * sw * sh, sw, sh, sx, sy, border);
}

// Lucas-Kanade at one pyramid level: one thread per feature, 7x7 template patch + gradients cached in registers,
// iterative Gauss-Newton on the displacement; guess carries the upscaled flow from the coarser level.
#define LKR 3
#define LKW (2 * LKR + 1)
extern "C" __global__ void __launch_bounds__(64)
lucas_kanade_level(const float* __restrict__ I0, const float* __restrict__ I1, int w, int h, const float2* __restrict__ pts,
                   const float2* __restrict__ guess, float levelScale, int nPts, int iters, float2* __restrict__ flow,
                   unsigned char* __restrict__ status)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= nPts) return;
    float px = pts[k].x * levelScale, py = pts[k].y * levelScale;
    float T[LKW * LKW], gx[LKW * LKW], gy[LKW * LKW];
    float Gxx = 0.f, Gxy = 0.f, Gyy = 0.f;
#pragma unroll
    for (int j = 0; j < LKW; ++j)
#pragma unroll
        for (int i = 0; i < LKW; ++i) {
            float x = px + i - LKR, y = py + j - LKR;
            int q = j * LKW + i;
            T[q] = bilinear(I0, w, h, x, y, 0.f);
            gx[q] = 0.5f * (bilinear(I0, w, h, x + 1, y, 0.f) - bilinear(I0, w, h, x - 1, y, 0.f));
            gy[q] = 0.5f * (bilinear(I0, w, h, x, y + 1, 0.f) - bilinear(I0, w, h, x, y - 1, 0.f));
            Gxx += gx[q] * gx[q]; Gxy += gx[q] * gy[q]; Gyy += gy[q] * gy[q];
        }
    float det = Gxx * Gyy - Gxy * Gxy;
    float minEig = 0.5f * (Gxx + Gyy - sqrtf((Gxx - Gyy) * (Gxx - Gyy) + 4.f * Gxy * Gxy)) / (LKW * LKW);
    float2 d = guess[k];
    bool ok = fabsf(det) > 1e-6f && minEig > 1e-4f;
    if (ok) {
        float id = 1.f / det;
        for (int it = 0; it < iters; ++it) {
            float bx = 0.f, by = 0.f;
#pragma unroll
            for (int j = 0; j < LKW; ++j)
#pragma unroll
                for (int i = 0; i < LKW; ++i) {
                    int q = j * LKW + i;
                    float e = T[q] - bilinear(I1, w, h, px + d.x + i - LKR, py + d.y + j - LKR, 0.f);
                    bx += e * gx[q]; by += e * gy[q];
                }
            float ux = id * (Gyy * bx - Gxy * by), uy = id * (Gxx * by - Gxy * bx);
            d.x += ux; d.y += uy;
            if (ux * ux + uy * uy < 1e-4f) break;
        }
        ok = px + d.x >= 0 && py + d.y >= 0 && px + d.x < w && py + d.y < h;
    }
    flow[k] = d;
    status[k] = ok;
}

// stereo block matching: SAD over (2R+1)^2 window, disparities 0..maxDisp-1, winner-take-all with uniqueness + subpixel parabola
#define SR 4
#define SBW 64
extern "C" __global__ void __launch_bounds__(SBW)
stereo_sad_match(const unsigned char* __restrict__ L, const unsigned char* __restrict__ R, int w, int h, int maxDisp,
                 float uniqueness, float* __restrict__ disp)
{
    extern __shared__ unsigned char srow[];  // left rows [2SR+1][SBW+2SR], right rows [2SR+1][SBW+2SR+maxDisp]
    int y = blockIdx.y;
    int x0 = blockIdx.x * SBW;
    int lw = SBW + 2 * SR, rw = SBW + 2 * SR + maxDisp;
    unsigned char* sl = srow;
    unsigned char* sr = srow + (2 * SR + 1) * lw;
    for (int r = 0; r < 2 * SR + 1; ++r) {
        int yy = min(max(y + r - SR, 0), h - 1);
        for (int c = threadIdx.x; c < lw; c += blockDim.x) sl[r * lw + c] = L[(size_t)yy * w + min(max(x0 + c - SR, 0), w - 1)];
        for (int c = threadIdx.x; c < rw; c += blockDim.x) sr[r * rw + c] = R[(size_t)yy * w + min(max(x0 + c - SR - maxDisp, 0), w - 1)];
    }
    __syncthreads();
    int x = x0 + threadIdx.x;
    if (x >= w) return;
    int best = 0x7fffffff, second = 0x7fffffff, bd = 0, cPrev = 0, cNext = 0, cLast = 0;
    int costBest = 0;
    for (int d = 0; d < maxDisp; ++d) {
        int sad = 0;
#pragma unroll
        for (int r = 0; r < 2 * SR + 1; ++r)
#pragma unroll
            for (int c = 0; c < 2 * SR + 1; ++c)
                sad += abs((int)sl[r * lw + threadIdx.x + c] - (int)sr[r * rw + threadIdx.x + c + maxDisp - d]);
        if (sad < best) { second = best; best = sad; bd = d; cPrev = cLast; costBest = sad; cNext = -1; }
        else { if (sad < second && d > bd + 1) second = sad; if (d == bd + 1) cNext = sad; }
        cLast = sad;
    }
    float out = -1.f;
    if (x - bd >= 0 && (float)best * (1.f + uniqueness) <= (float)second) {
        out = (float)bd;
        if (bd > 0 && cNext >= 0) {
            float den = (float)(cPrev - 2 * costBest + cNext);
            if (den > 0.f) out += 0.5f * (cPrev - cNext) / den;
        }
    }
    disp[(size_t)y * w + x] = out;
}
