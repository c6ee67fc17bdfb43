// SIFT: keypoint dominant-orientation histogram (36 bins, dynamically indexed local
// array), 4x4x8 = 128-D descriptor with trilinear binning, normalisation/clamping,
// and Lowe ratio-test brute-force matching.
#include <cuda_runtime.h>

struct Keypoint { float x, y, scale, angle; int octave; float response; };

extern "C" __global__ void sift_orientation(const float* __restrict__ img, int w, int h, int pitch,
                                            Keypoint* __restrict__ kps, int nkp)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= nkp) return;
    Keypoint kp = kps[k];
    float hist[36];
#pragma unroll
    for (int b = 0; b < 36; ++b) hist[b] = 0.f;
    float sigma = 1.5f * kp.scale;
    int rad = (int)(3.f * sigma + 0.5f);
    float inv2s2 = -1.f / (2.f * sigma * sigma);
    int cx = (int)(kp.x + 0.5f), cy = (int)(kp.y + 0.5f);
    for (int dy = -rad; dy <= rad; ++dy) {
        int y = cy + dy;
        if (y <= 0 || y >= h - 1) continue;
        for (int dx = -rad; dx <= rad; ++dx) {
            int x = cx + dx;
            if (x <= 0 || x >= w - 1) continue;
            float gx = img[y * pitch + x + 1] - img[y * pitch + x - 1];
            float gy = img[(y + 1) * pitch + x] - img[(y - 1) * pitch + x];
            float mag = sqrtf(gx * gx + gy * gy);
            float ang = atan2f(gy, gx);
            float wgt = __expf((dx * dx + dy * dy) * inv2s2);
            int bin = (int)((ang + 3.14159265f) * (36.f / 6.2831853f));
            bin = bin >= 36 ? 0 : bin;
            hist[bin] += wgt * mag;      // dynamic index -> local memory
        }
    }
    // smooth histogram twice
    for (int it = 0; it < 2; ++it) {
        float prev = hist[35], first = hist[0];
        for (int b = 0; b < 36; ++b) {
            float cur = hist[b];
            float next = (b == 35) ? first : hist[b + 1];
            hist[b] = 0.25f * prev + 0.5f * cur + 0.25f * next;
            prev = cur;
        }
    }
    float best = 0.f; int bb = 0;
    for (int b = 0; b < 36; ++b) if (hist[b] > best) { best = hist[b]; bb = b; }
    float l = hist[(bb + 35) % 36], r = hist[(bb + 1) % 36];
    float off = 0.5f * (l - r) / (l - 2.f * best + r);
    kps[k].angle = (bb + 0.5f + off) * (6.2831853f / 36.f) - 3.14159265f;
}

// One warp per keypoint; each lane accumulates into a private 128-bin descriptor,
// then warp reduction. Heavy register/local usage by design.
extern "C" __global__ void sift_descriptor(const float* __restrict__ img, int w, int h, int pitch,
                                           const Keypoint* __restrict__ kps, float* __restrict__ desc, int nkp)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= nkp) return;
    Keypoint kp = kps[warp];
    float d[128];
#pragma unroll
    for (int i = 0; i < 128; ++i) d[i] = 0.f;
    float c = cosf(kp.angle), s = sinf(kp.angle);
    float hist_w = 3.f * kp.scale;
    int rad = min((int)(hist_w * 1.41421356f * 2.5f + 0.5f), 32);
    float expo = -1.f / (2.f * 2.f * 2.f);
    for (int idx = lane; idx < (2 * rad + 1) * (2 * rad + 1); idx += 32) {
        int dy = idx / (2 * rad + 1) - rad, dx = idx % (2 * rad + 1) - rad;
        float rx = (c * dx + s * dy) / hist_w, ry = (-s * dx + c * dy) / hist_w;
        float xb = rx + 1.5f, yb = ry + 1.5f;
        if (xb <= -1.f || xb >= 4.f || yb <= -1.f || yb >= 4.f) continue;
        int x = (int)kp.x + dx, y = (int)kp.y + dy;
        if (x <= 0 || x >= w - 1 || y <= 0 || y >= h - 1) continue;
        float gx = img[y * pitch + x + 1] - img[y * pitch + x - 1];
        float gy = img[(y + 1) * pitch + x] - img[(y - 1) * pitch + x];
        float mag = sqrtf(gx * gx + gy * gy) * __expf((rx * rx + ry * ry) * expo);
        float ob = (atan2f(gy, gx) - kp.angle) * (8.f / 6.2831853f);
        ob = ob - 8.f * floorf(ob / 8.f);
        int x0 = (int)floorf(xb), y0 = (int)floorf(yb), o0 = (int)ob;
        float fx = xb - x0, fy = yb - y0, fo = ob - o0;
#pragma unroll
        for (int a = 0; a < 2; ++a) {
            int yy = y0 + a;
            if (yy < 0 || yy > 3) continue;
            float wy = a ? fy : 1.f - fy;
#pragma unroll
            for (int b = 0; b < 2; ++b) {
                int xx = x0 + b;
                if (xx < 0 || xx > 3) continue;
                float wx = b ? fx : 1.f - fx;
#pragma unroll
                for (int e = 0; e < 2; ++e) {
                    int oo = (o0 + e) & 7;
                    float wo = e ? fo : 1.f - fo;
                    d[(yy * 4 + xx) * 8 + oo] += mag * wy * wx * wo;
                }
            }
        }
    }
    // warp reduce each bin
    float nrm = 0.f;
#pragma unroll
    for (int i = 0; i < 128; ++i) {
        float v = d[i];
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
        d[i] = v;
        nrm += v * v;
    }
    float inv = rsqrtf(nrm + 1e-12f);
    float nrm2 = 0.f;
#pragma unroll
    for (int i = 0; i < 128; ++i) { d[i] = fminf(d[i] * inv, 0.2f); nrm2 += d[i] * d[i]; }
    inv = rsqrtf(nrm2 + 1e-12f);
#pragma unroll
    for (int i = 0; i < 4; ++i) desc[(size_t)warp * 128 + lane * 4 + i] = d[lane * 4 + i] * inv;
}

extern "C" __global__ void sift_match_ratio(const float* __restrict__ descA, const float* __restrict__ descB,
                                            int na, int nb, int* __restrict__ match, float ratio2)
{
    __shared__ float sb[32][129];
    int a = blockIdx.x * blockDim.x + threadIdx.x;
    float q[128];
    if (a < na) {
#pragma unroll
        for (int i = 0; i < 128; i += 4) {
            float4 v = *reinterpret_cast<const float4*>(descA + (size_t)a * 128 + i);
            q[i] = v.x; q[i + 1] = v.y; q[i + 2] = v.z; q[i + 3] = v.w;
        }
    }
    float best = 1e30f, second = 1e30f; int bi = -1;
    for (int b0 = 0; b0 < nb; b0 += 32) {
        for (int t = threadIdx.x; t < 32 * 128; t += blockDim.x) {
            int bb = b0 + t / 128;
            sb[t / 128][t % 128] = bb < nb ? descB[(size_t)bb * 128 + t % 128] : 0.f;
        }
        __syncthreads();
        if (a < na) {
            for (int j = 0; j < 32 && b0 + j < nb; ++j) {
                float dist = 0.f;
#pragma unroll
                for (int i = 0; i < 128; ++i) { float t = q[i] - sb[j][i]; dist = fmaf(t, t, dist); }
                if (dist < best) { second = best; best = dist; bi = b0 + j; }
                else if (dist < second) second = dist;
            }
        }
        __syncthreads();
    }
    if (a < na) match[a] = (best < ratio2 * second) ? bi : -1;
}
