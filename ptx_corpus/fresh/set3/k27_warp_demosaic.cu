// Geometric warps and Bayer demosaicing for camera pipelines.
#include <cuda_runtime.h>
#include <stdint.h>

// Affine warp with bilinear sampling on a 3-channel float planar image, constant border.
extern "C" __global__ void warp_affine_bilinear(const float* __restrict__ src, float* __restrict__ dst,
                                                int sw, int sh, int dw, int dh,
                                                float m00, float m01, float m02, float m10, float m11, float m12,
                                                float border)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= dw || y >= dh) return;
    float fx = m00 * x + m01 * y + m02, fy = m10 * x + m11 * y + m12;
    int x0 = __float2int_rd(fx), y0 = __float2int_rd(fy);
    float ax = fx - x0, ay = fy - y0;
#pragma unroll
    for (int c = 0; c < 3; ++c) {
        const float* p = src + (size_t)c * sw * sh;
        float v00 = (x0 >= 0 && y0 >= 0 && x0 < sw && y0 < sh) ? p[y0 * sw + x0] : border;
        float v01 = (x0 + 1 >= 0 && y0 >= 0 && x0 + 1 < sw && y0 < sh) ? p[y0 * sw + x0 + 1] : border;
        float v10 = (x0 >= 0 && y0 + 1 >= 0 && x0 < sw && y0 + 1 < sh) ? p[(y0 + 1) * sw + x0] : border;
        float v11 = (x0 + 1 >= 0 && y0 + 1 >= 0 && x0 + 1 < sw && y0 + 1 < sh) ? p[(y0 + 1) * sw + x0 + 1] : border;
        float top = v00 + ax * (v01 - v00), bot = v10 + ax * (v11 - v10);
        dst[(size_t)c * dw * dh + y * dw + x] = top + ay * (bot - top);
    }
}

// Perspective warp (homography, double-precision matrix) with nearest sampling of uchar4.
extern "C" __global__ void warp_perspective_nearest(const uchar4* __restrict__ src, uchar4* __restrict__ dst,
                                                   int sw, int sh, int dw, int dh, const double* __restrict__ Hm)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= dw || y >= dh) return;
    double w = Hm[6] * x + Hm[7] * y + Hm[8];
    w = w != 0.0 ? 1.0 / w : 0.0;
    double fx = (Hm[0] * x + Hm[1] * y + Hm[2]) * w, fy = (Hm[3] * x + Hm[4] * y + Hm[5]) * w;
    int ix = __double2int_rn(fx), iy = __double2int_rn(fy);
    dst[y * dw + x] = (ix >= 0 && iy >= 0 && ix < sw && iy < sh) ? src[iy * sw + ix] : make_uchar4(0, 0, 0, 0);
}

// Malvar-He-Cutler 5x5 demosaic of RGGB 16-bit raw into RGB float; each thread outputs two horizontally adjacent 2x2 quads.
extern "C" __global__ void __launch_bounds__(128)
demosaic_mhc_rggb(const uint16_t* __restrict__ raw, float* __restrict__ rgb, int W, int H, float scale)
{
    int qx = blockIdx.x * blockDim.x + threadIdx.x, qy = blockIdx.y * blockDim.y + threadIdx.y;
    int x0 = qx * 4, y0 = qy * 2;
    if (x0 >= W || y0 >= H) return;
    float p[6][8];
#pragma unroll
    for (int j = 0; j < 6; ++j)
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            int yy = min(max(y0 + j - 2, 0), H - 1), xx = min(max(x0 + i - 2, 0), W - 1);
            p[j][i] = raw[yy * W + xx] * scale;
        }
#pragma unroll
    for (int dy = 0; dy < 2; ++dy)
#pragma unroll
        for (int dx = 0; dx < 4; ++dx) {
            const int cy = dy + 2, cx = dx + 2;
            float c = p[cy][cx];
            float cross = p[cy - 1][cx] + p[cy + 1][cx] + p[cy][cx - 1] + p[cy][cx + 1];
            float far4 = p[cy - 2][cx] + p[cy + 2][cx] + p[cy][cx - 2] + p[cy][cx + 2];
            float diag = p[cy - 1][cx - 1] + p[cy - 1][cx + 1] + p[cy + 1][cx - 1] + p[cy + 1][cx + 1];
            float horz = p[cy][cx - 1] + p[cy][cx + 1], vert = p[cy - 1][cx] + p[cy + 1][cx];
            float hfar = p[cy][cx - 2] + p[cy][cx + 2], vfar = p[cy - 2][cx] + p[cy + 2][cx];
            float r, g, b;
            if ((dx & 1) == 0 && dy == 0) {          // R site
                r = c; g = (4.f * c + 2.f * cross - far4) * 0.125f; b = (6.f * c + 2.f * diag - 1.5f * far4) * 0.125f;
            } else if ((dx & 1) == 1 && dy == 1) {   // B site
                b = c; g = (4.f * c + 2.f * cross - far4) * 0.125f; r = (6.f * c + 2.f * diag - 1.5f * far4) * 0.125f;
            } else if (dy == 0) {              // G in R row
                g = c;
                r = (5.f * c + 4.f * horz - diag - hfar + 0.5f * vfar) * 0.125f;
                b = (5.f * c + 4.f * vert - diag - vfar + 0.5f * hfar) * 0.125f;
            } else {                           // G in B row
                g = c;
                b = (5.f * c + 4.f * horz - diag - hfar + 0.5f * vfar) * 0.125f;
                r = (5.f * c + 4.f * vert - diag - vfar + 0.5f * hfar) * 0.125f;
            }
            int x = x0 + dx, y = y0 + dy;
            if (x < W && y < H) {
                size_t o = ((size_t)y * W + x) * 3;
                rgb[o] = fmaxf(r, 0.f); rgb[o + 1] = fmaxf(g, 0.f); rgb[o + 2] = fmaxf(b, 0.f);
            }
        }
}
