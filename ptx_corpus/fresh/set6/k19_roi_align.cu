// ROI Align (Mask R-CNN) forward/backward and rotated ROI Align.
#include <stdint.h>

__device__ __forceinline__ float roi_bilinear(const float* __restrict__ f, int H, int W, float y, float x)
{
    if (y < -1.f || y > H || x < -1.f || x > W) return 0.f;
    y = fmaxf(y, 0.f);
    x = fmaxf(x, 0.f);
    int y0 = (int)y, x0 = (int)x;
    int y1, x1;
    if (y0 >= H - 1) { y0 = y1 = H - 1; y = (float)y0; } else y1 = y0 + 1;
    if (x0 >= W - 1) { x0 = x1 = W - 1; x = (float)x0; } else x1 = x0 + 1;
    float ly = y - y0, lx = x - x0, hy = 1.f - ly, hx = 1.f - lx;
    return hy * hx * __ldg(&f[y0 * W + x0]) + hy * lx * __ldg(&f[y0 * W + x1]) +
           ly * hx * __ldg(&f[y1 * W + x0]) + ly * lx * __ldg(&f[y1 * W + x1]);
}

// rois: [num_rois, 5] = (batch_idx, x1, y1, x2, y2). Output [num_rois, C, PH, PW].
extern "C" __global__ void roi_align_forward(const float* __restrict__ features,  // [N, C, H, W]
                                             const float* __restrict__ rois,
                                             int num_rois, int C, int H, int W,
                                             int PH, int PW,
                                             float spatial_scale,
                                             int sampling_ratio,
                                             int aligned,
                                             float* __restrict__ out)
{
    long long total = (long long)num_rois * C * PH * PW;
    for (long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x; idx < total;
         idx += (long long)gridDim.x * blockDim.x) {
        int pw = (int)(idx % PW);
        int ph = (int)((idx / PW) % PH);
        int c = (int)((idx / ((long long)PW * PH)) % C);
        int n = (int)(idx / ((long long)PW * PH * C));
        const float* r = rois + n * 5;
        int b = (int)r[0];
        float off = aligned ? 0.5f : 0.f;
        float x1 = r[1] * spatial_scale - off, y1 = r[2] * spatial_scale - off;
        float x2 = r[3] * spatial_scale - off, y2 = r[4] * spatial_scale - off;
        float rw = x2 - x1, rh = y2 - y1;
        if (!aligned) { rw = fmaxf(rw, 1.f); rh = fmaxf(rh, 1.f); }
        float bh = rh / PH, bw = rw / PW;
        int gh = sampling_ratio > 0 ? sampling_ratio : (int)ceilf(rh / PH);
        int gw = sampling_ratio > 0 ? sampling_ratio : (int)ceilf(rw / PW);
        gh = max(gh, 1); gw = max(gw, 1);
        const float* f = features + ((long long)b * C + c) * H * W;
        float acc = 0.f;
        for (int iy = 0; iy < gh; ++iy) {
            float y = y1 + ph * bh + (iy + 0.5f) * bh / gh;
            for (int ix = 0; ix < gw; ++ix) {
                float x = x1 + pw * bw + (ix + 0.5f) * bw / gw;
                acc += roi_bilinear(f, H, W, y, x);
            }
        }
        out[idx] = acc / (float)(gh * gw);
    }
}

extern "C" __global__ void roi_align_backward(const float* __restrict__ grad_out,
                                              const float* __restrict__ rois,
                                              int num_rois, int C, int H, int W,
                                              int PH, int PW,
                                              float spatial_scale,
                                              int sampling_ratio,
                                              int aligned,
                                              float* __restrict__ grad_in)
{
    long long total = (long long)num_rois * C * PH * PW;
    for (long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x; idx < total;
         idx += (long long)gridDim.x * blockDim.x) {
        int pw = (int)(idx % PW);
        int ph = (int)((idx / PW) % PH);
        int c = (int)((idx / ((long long)PW * PH)) % C);
        int n = (int)(idx / ((long long)PW * PH * C));
        const float* r = rois + n * 5;
        int b = (int)r[0];
        float off = aligned ? 0.5f : 0.f;
        float x1 = r[1] * spatial_scale - off, y1 = r[2] * spatial_scale - off;
        float x2 = r[3] * spatial_scale - off, y2 = r[4] * spatial_scale - off;
        float rw = x2 - x1, rh = y2 - y1;
        if (!aligned) { rw = fmaxf(rw, 1.f); rh = fmaxf(rh, 1.f); }
        float bh = rh / PH, bw = rw / PW;
        int gh = sampling_ratio > 0 ? sampling_ratio : max((int)ceilf(rh / PH), 1);
        int gw = sampling_ratio > 0 ? sampling_ratio : max((int)ceilf(rw / PW), 1);
        float g = grad_out[idx] / (float)(gh * gw);
        float* gi = grad_in + ((long long)b * C + c) * H * W;
        for (int iy = 0; iy < gh; ++iy) {
            float y = y1 + ph * bh + (iy + 0.5f) * bh / gh;
            for (int ix = 0; ix < gw; ++ix) {
                float x = x1 + pw * bw + (ix + 0.5f) * bw / gw;
                if (y < -1.f || y > H || x < -1.f || x > W) continue;
                float yy = fmaxf(y, 0.f), xx = fmaxf(x, 0.f);
                int y0 = (int)yy, x0 = (int)xx, y1i, x1i;
                if (y0 >= H - 1) { y0 = y1i = H - 1; yy = (float)y0; } else y1i = y0 + 1;
                if (x0 >= W - 1) { x0 = x1i = W - 1; xx = (float)x0; } else x1i = x0 + 1;
                float ly = yy - y0, lx = xx - x0, hy = 1.f - ly, hx = 1.f - lx;
                atomicAdd(&gi[y0 * W + x0], g * hy * hx);
                atomicAdd(&gi[y0 * W + x1i], g * hy * lx);
                atomicAdd(&gi[y1i * W + x0], g * ly * hx);
                atomicAdd(&gi[y1i * W + x1i], g * ly * lx);
            }
        }
    }
}

// Rotated ROI Align: rois [num_rois, 6] = (b, cx, cy, w, h, angle_deg).
// One thread computes all PW bins of one (roi, c, ph) row, reusing the
// rotation terms; NHWC features so channels are coalesced across threads.
extern "C" __global__ void roi_align_rotated_nhwc(const float* __restrict__ features,  // [N, H, W, C]
                                                  const float* __restrict__ rois,
                                                  int num_rois, int C, int H, int W,
                                                  int PH, int PW,
                                                  float spatial_scale, int sampling_ratio,
                                                  float* __restrict__ out)             // [num_rois, PH, PW, C]
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int ph = blockIdx.y;
    int n = blockIdx.z;
    if (c >= C || n >= num_rois) return;
    const float* r = rois + n * 6;
    int b = (int)r[0];
    float cx = r[1] * spatial_scale - 0.5f, cy = r[2] * spatial_scale - 0.5f;
    float rw = r[3] * spatial_scale, rh = r[4] * spatial_scale;
    float theta = r[5] * 0.017453292519943295f;
    float st, ct;
    __sincosf(theta, &st, &ct);
    float bh = rh / PH, bw = rw / PW;
    int gh = sampling_ratio > 0 ? sampling_ratio : max((int)ceilf(rh / PH), 1);
    int gw = sampling_ratio > 0 ? sampling_ratio : max((int)ceilf(rw / PW), 1);
    float sy = -rh * 0.5f, sx = -rw * 0.5f;
    float inv_cnt = 1.f / (gh * gw);
    const float* fb = features + (long long)b * H * W * C + c;
    for (int pw = 0; pw < PW; ++pw) {
        float acc = 0.f;
        for (int iy = 0; iy < gh; ++iy) {
            float yy = sy + ph * bh + (iy + 0.5f) * bh / gh;
            for (int ix = 0; ix < gw; ++ix) {
                float xx = sx + pw * bw + (ix + 0.5f) * bw / gw;
                float y = yy * ct - xx * st + cy;
                float x = yy * st + xx * ct + cx;
                if (y < -1.f || y > H || x < -1.f || x > W) continue;
                y = fmaxf(y, 0.f); x = fmaxf(x, 0.f);
                int y0 = (int)y, x0 = (int)x, y1, x1;
                if (y0 >= H - 1) { y0 = y1 = H - 1; y = (float)y0; } else y1 = y0 + 1;
                if (x0 >= W - 1) { x0 = x1 = W - 1; x = (float)x0; } else x1 = x0 + 1;
                float ly = y - y0, lx = x - x0;
                float v00 = fb[((long long)y0 * W + x0) * C], v01 = fb[((long long)y0 * W + x1) * C];
                float v10 = fb[((long long)y1 * W + x0) * C], v11 = fb[((long long)y1 * W + x1) * C];
                acc += (1.f - ly) * ((1.f - lx) * v00 + lx * v01) + ly * ((1.f - lx) * v10 + lx * v11);
            }
        }
        out[(((long long)n * PH + ph) * PW + pw) * C + c] = acc * inv_cnt;
    }
}
