// Image processing: bilateral filter on RGBA8, adaptive-radius median
// filter with a thread-local sort buffer, Sobel gradient with non-maximum
// suppression (Canny stage), and bicubic resampling.
#include <cuda_runtime.h>
#include <stdint.h>

extern "C" __global__ void bilateral_rgba(const uchar4* __restrict__ in, uchar4* __restrict__ out,
                                          int w, int h, int radius, float inv2ss, float inv2sr)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    uchar4 c = in[y * w + x];
    float cr = c.x, cg = c.y, cb = c.z;
    float sr = 0.f, sg = 0.f, sb = 0.f, sw = 0.f;
    for (int dy = -radius; dy <= radius; ++dy) {
        int yy = min(max(y + dy, 0), h - 1);
        for (int dx = -radius; dx <= radius; ++dx) {
            int xx = min(max(x + dx, 0), w - 1);
            uchar4 p = in[yy * w + xx];
            float dr = p.x - cr, dg = p.y - cg, db = p.z - cb;
            float wgt = __expf(-(dx * dx + dy * dy) * inv2ss - (dr * dr + dg * dg + db * db) * inv2sr);
            sr += wgt * p.x; sg += wgt * p.y; sb += wgt * p.z; sw += wgt;
        }
    }
    float iw = 1.f / sw;
    out[y * w + x] = make_uchar4((uint8_t)fminf(sr * iw + 0.5f, 255.f), (uint8_t)fminf(sg * iw + 0.5f, 255.f),
                                 (uint8_t)fminf(sb * iw + 0.5f, 255.f), c.w);
}

// Adaptive median (grows from 3x3 up to 7x7 until the median is not an
// impulse); values gathered in a local buffer and partially sorted.
extern "C" __global__ void adaptive_median_u8(const uint8_t* __restrict__ in, uint8_t* __restrict__ out,
                                              int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    uint8_t buf[49];
    uint8_t center = in[y * w + x];
    uint8_t result = center;
    for (int r = 1; r <= 3; ++r) {
        int cnt = 0;
        for (int dy = -r; dy <= r; ++dy) {
            int yy = min(max(y + dy, 0), h - 1);
            for (int dx = -r; dx <= r; ++dx) {
                int xx = min(max(x + dx, 0), w - 1);
                buf[cnt++] = in[yy * w + xx];
            }
        }
        // insertion sort
        for (int i = 1; i < cnt; ++i) {
            uint8_t v = buf[i];
            int j = i - 1;
            while (j >= 0 && buf[j] > v) { buf[j + 1] = buf[j]; --j; }
            buf[j + 1] = v;
        }
        uint8_t mn = buf[0], mx = buf[cnt - 1], med = buf[cnt / 2];
        if (med > mn && med < mx) {
            result = (center > mn && center < mx) ? center : med;
            break;
        }
        result = med;
    }
    out[y * w + x] = result;
}

// Sobel + NMS with a 18x18 shared tile (16x16 block, 1-pixel halo twice).
extern "C" __global__ void sobel_nms(const float* __restrict__ img, float* __restrict__ edges,
                                     int w, int h, float lo_thresh)
{
    __shared__ float t[20][20];
    __shared__ float mag[18][18];
    __shared__ uint8_t dir[18][18];
    int bx = blockIdx.x * 16 - 2, by = blockIdx.y * 16 - 2;
    for (int i = threadIdx.y * 16 + threadIdx.x; i < 400; i += 256) {
        int lx = i % 20, ly = i / 20;
        int gx = min(max(bx + lx, 0), w - 1), gy = min(max(by + ly, 0), h - 1);
        t[ly][lx] = img[gy * w + gx];
    }
    __syncthreads();
    for (int i = threadIdx.y * 16 + threadIdx.x; i < 324; i += 256) {
        int lx = i % 18 + 1, ly = i / 18 + 1;
        float gx = (t[ly - 1][lx + 1] + 2.f * t[ly][lx + 1] + t[ly + 1][lx + 1])
                 - (t[ly - 1][lx - 1] + 2.f * t[ly][lx - 1] + t[ly + 1][lx - 1]);
        float gy = (t[ly + 1][lx - 1] + 2.f * t[ly + 1][lx] + t[ly + 1][lx + 1])
                 - (t[ly - 1][lx - 1] + 2.f * t[ly - 1][lx] + t[ly - 1][lx + 1]);
        mag[ly - 1][lx - 1] = sqrtf(gx * gx + gy * gy);
        float ang = atan2f(gy, gx) * 57.29578f;
        if (ang < 0.f) ang += 180.f;
        dir[ly - 1][lx - 1] = (ang < 22.5f || ang >= 157.5f) ? 0 : (ang < 67.5f) ? 1 : (ang < 112.5f) ? 2 : 3;
    }
    __syncthreads();
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    int gx = blockIdx.x * 16 + threadIdx.x, gy = blockIdx.y * 16 + threadIdx.y;
    if (gx >= w || gy >= h) return;
    float m = mag[ly][lx], a, b;
    switch (dir[ly][lx]) {
        case 0: a = mag[ly][lx - 1]; b = mag[ly][lx + 1]; break;
        case 1: a = mag[ly - 1][lx + 1]; b = mag[ly + 1][lx - 1]; break;
        case 2: a = mag[ly - 1][lx]; b = mag[ly + 1][lx]; break;
        default: a = mag[ly - 1][lx - 1]; b = mag[ly + 1][lx + 1]; break;
    }
    edges[gy * w + gx] = (m >= a && m >= b && m > lo_thresh) ? m : 0.f;
}

__device__ __forceinline__ float cubic_w(float t, float A)
{
    t = fabsf(t);
    if (t <= 1.f) return ((A + 2.f) * t - (A + 3.f)) * t * t + 1.f;
    if (t < 2.f) return ((A * t - 5.f * A) * t + 8.f * A) * t - 4.f * A;
    return 0.f;
}

extern "C" __global__ void resize_bicubic_rgba(const float4* __restrict__ src, int sw, int sh,
                                               float4* __restrict__ dst, int dw, int dh)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= dw || y >= dh) return;
    float fx = (x + 0.5f) * sw / dw - 0.5f, fy = (y + 0.5f) * sh / dh - 0.5f;
    int ix = (int)floorf(fx), iy = (int)floorf(fy);
    float tx = fx - ix, ty = fy - iy;
    float wx[4], wy[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) { wx[k] = cubic_w(tx - (k - 1), -0.75f); wy[k] = cubic_w(ty - (k - 1), -0.75f); }
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        int yy = min(max(iy + j - 1, 0), sh - 1);
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            int xx = min(max(ix + i - 1, 0), sw - 1);
            float4 p = __ldg(&src[yy * sw + xx]);
            float wgt = wx[i] * wy[j];
            acc.x += wgt * p.x; acc.y += wgt * p.y; acc.z += wgt * p.z; acc.w += wgt * p.w;
        }
    }
    dst[y * dw + x] = acc;
}
