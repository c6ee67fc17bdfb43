// Harris / Shi-Tomasi corner detection: Sobel gradients into shared tiles,
// Gaussian-weighted structure tensor (5x5), response, and 3x3 non-maximum suppression
// with atomic compaction of corners.
#include <cuda_runtime.h>

#define TW 16
#define TH 16
#define HALO 3

extern "C" __global__ void harris_response(const unsigned char* __restrict__ img, float* __restrict__ resp,
                                           int w, int h, float k_harris, int shi_tomasi)
{
    __shared__ float Ix[TH + 2 * 2][TW + 2 * 2], Iy[TH + 2 * 2][TW + 2 * 2];
    __shared__ float pix[TH + 2 * HALO][TW + 2 * HALO];
    int bx = blockIdx.x * TW, by = blockIdx.y * TH;
    for (int t = threadIdx.y * TW + threadIdx.x; t < (TH + 2 * HALO) * (TW + 2 * HALO); t += TW * TH) {
        int ly = t / (TW + 2 * HALO), lx = t % (TW + 2 * HALO);
        int gx = min(max(bx + lx - HALO, 0), w - 1), gy = min(max(by + ly - HALO, 0), h - 1);
        pix[ly][lx] = img[gy * w + gx] * (1.f / 255.f);
    }
    __syncthreads();
    for (int t = threadIdx.y * TW + threadIdx.x; t < (TH + 4) * (TW + 4); t += TW * TH) {
        int ly = t / (TW + 4) + 1, lx = t % (TW + 4) + 1;
        float gx = (pix[ly - 1][lx + 1] + 2.f * pix[ly][lx + 1] + pix[ly + 1][lx + 1]) -
                   (pix[ly - 1][lx - 1] + 2.f * pix[ly][lx - 1] + pix[ly + 1][lx - 1]);
        float gy = (pix[ly + 1][lx - 1] + 2.f * pix[ly + 1][lx] + pix[ly + 1][lx + 1]) -
                   (pix[ly - 1][lx - 1] + 2.f * pix[ly - 1][lx] + pix[ly - 1][lx + 1]);
        Ix[ly - 1][lx - 1] = gx; Iy[ly - 1][lx - 1] = gy;
    }
    __syncthreads();
    const float gk[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};
    float a = 0.f, b = 0.f, c = 0.f;
#pragma unroll
    for (int dy = 0; dy < 5; ++dy)
#pragma unroll
        for (int dx = 0; dx < 5; ++dx) {
            float gw = gk[dy] * gk[dx];
            float x = Ix[threadIdx.y + dy][threadIdx.x + dx];
            float y = Iy[threadIdx.y + dy][threadIdx.x + dx];
            a += gw * x * x; b += gw * x * y; c += gw * y * y;
        }
    int ox = bx + threadIdx.x, oy = by + threadIdx.y;
    if (ox >= w || oy >= h) return;
    float r;
    if (shi_tomasi) {
        float tr = 0.5f * (a + c);
        r = tr - sqrtf(0.25f * (a - c) * (a - c) + b * b);
    } else {
        float det = a * c - b * b, tr = a + c;
        r = det - k_harris * tr * tr;
    }
    resp[oy * w + ox] = r;
}

extern "C" __global__ void nms3x3_compact(const float* __restrict__ resp, int w, int h, float thresh,
                                          int2* __restrict__ corners, float* __restrict__ scores,
                                          int* __restrict__ count, int max_corners)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;
    float v = resp[y * w + x];
    if (v <= thresh) return;
    bool is_max = true;
#pragma unroll
    for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
        for (int dx = -1; dx <= 1; ++dx) {
            if (dx == 0 && dy == 0) continue;
            float n = resp[(y + dy) * w + x + dx];
            // tie-break on raster order so plateaus keep one pixel
            is_max &= (n < v) || (n == v && (dy > 0 || (dy == 0 && dx > 0)));
        }
    if (!is_max) return;
    int slot = atomicAdd(count, 1);
    if (slot < max_corners) { corners[slot] = make_int2(x, y); scores[slot] = v; }
}

// Sub-pixel refinement via 2D quadratic fit on the 3x3 neighbourhood.
extern "C" __global__ void corner_subpixel(const float* __restrict__ resp, int w, int h,
                                           const int2* __restrict__ corners, float2* __restrict__ refined, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int2 c = corners[i];
    float v[3][3];
#pragma unroll
    for (int dy = 0; dy < 3; ++dy)
#pragma unroll
        for (int dx = 0; dx < 3; ++dx)
            v[dy][dx] = resp[min(max(c.y + dy - 1, 0), h - 1) * w + min(max(c.x + dx - 1, 0), w - 1)];
    float dx = 0.5f * (v[1][2] - v[1][0]);
    float dy = 0.5f * (v[2][1] - v[0][1]);
    float dxx = v[1][2] - 2.f * v[1][1] + v[1][0];
    float dyy = v[2][1] - 2.f * v[1][1] + v[0][1];
    float dxy = 0.25f * (v[2][2] - v[2][0] - v[0][2] + v[0][0]);
    float det = dxx * dyy - dxy * dxy;
    float ox = 0.f, oy = 0.f;
    if (fabsf(det) > 1e-12f) {
        ox = -(dyy * dx - dxy * dy) / det;
        oy = -(dxx * dy - dxy * dx) / det;
        ox = fminf(fmaxf(ox, -0.5f), 0.5f); oy = fminf(fmaxf(oy, -0.5f), 0.5f);
    }
    refined[i] = make_float2(c.x + ox, c.y + oy);
}
