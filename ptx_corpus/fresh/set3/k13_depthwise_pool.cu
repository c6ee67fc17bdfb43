// Depthwise convolution, max/average pooling and global pooling for NCHW / NHWC tensors.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <float.h>

// Depthwise 3x3, stride 1, NCHW. Each thread produces a 4x8 output patch from a 6x10 input window.
extern "C" __global__ void __launch_bounds__(256)
depthwise3x3_nchw_4x8(const float* __restrict__ in, const float* __restrict__ w, const float* __restrict__ bias,
                      float* __restrict__ out, int C, int H, int W)
{
    int nc = blockIdx.z;
    int c = nc % C;
    int ox = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
    int oy = (blockIdx.y * blockDim.y + threadIdx.y) * 4;
    if (ox >= W || oy >= H) return;
    const float* ip = in + (size_t)nc * H * W;
    float k[9];
#pragma unroll
    for (int i = 0; i < 9; ++i) k[i] = w[c * 9 + i];
    float win[6][10];
#pragma unroll
    for (int r = 0; r < 6; ++r)
#pragma unroll
        for (int s = 0; s < 10; ++s) {
            int y = oy + r - 1, x = ox + s - 1;
            win[r][s] = (y >= 0 && y < H && x >= 0 && x < W) ? ip[y * W + x] : 0.f;
        }
    float b = bias ? bias[c] : 0.f;
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
        for (int s = 0; s < 8; ++s) {
            float acc = b;
#pragma unroll
            for (int i = 0; i < 3; ++i)
#pragma unroll
                for (int j = 0; j < 3; ++j) acc = fmaf(k[i * 3 + j], win[r + i][s + j], acc);
            if (oy + r < H && ox + s < W) out[(size_t)nc * H * W + (oy + r) * W + ox + s] = fmaxf(acc, 0.f);
        }
}

// Max pooling with argmax indices (for unpooling), arbitrary window / stride / padding.
extern "C" __global__ void maxpool2d_argmax(const float* __restrict__ in, float* __restrict__ out,
                                            int* __restrict__ idx, int N, int C, int H, int W,
                                            int OH, int OW, int kh, int kw, int sh, int sw, int ph, int pw)
{
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)N * C * OH * OW;
    if (t >= total) return;
    int ow = t % OW; long long r = t / OW;
    int oh = r % OH; r /= OH;
    const float* ip = in + r * H * W;
    int hs = oh * sh - ph, ws = ow * sw - pw;
    float best = -FLT_MAX; int bi = -1;
    for (int i = 0; i < kh; ++i) {
        int y = hs + i;
        if (y < 0 || y >= H) continue;
        for (int j = 0; j < kw; ++j) {
            int x = ws + j;
            if (x < 0 || x >= W) continue;
            float v = ip[y * W + x];
            if (v > best) { best = v; bi = y * W + x; }
        }
    }
    out[t] = best; idx[t] = bi;
}

// NHWC half-precision average pooling, 8 channels (one uint4) per thread.
extern "C" __global__ void avgpool_nhwc_h8(const __half* __restrict__ in, __half* __restrict__ out,
                                           int H, int W, int C, int OH, int OW, int k, int s)
{
    int c8 = blockIdx.x * blockDim.x + threadIdx.x;
    int ow = blockIdx.y % OW, oh = blockIdx.y / OW;
    int n = blockIdx.z;
    if (c8 * 8 >= C) return;
    float acc[8];
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[j] = 0.f;
    int cnt = 0;
    for (int i = 0; i < k; ++i) {
        int y = oh * s + i; if (y >= H) break;
        for (int j = 0; j < k; ++j) {
            int x = ow * s + j; if (x >= W) break;
            uint4 v = *reinterpret_cast<const uint4*>(in + (((size_t)n * H + y) * W + x) * C + c8 * 8);
            const __half2* h = reinterpret_cast<const __half2*>(&v);
#pragma unroll
            for (int q = 0; q < 4; ++q) { float2 f = __half22float2(h[q]); acc[2 * q] += f.x; acc[2 * q + 1] += f.y; }
            ++cnt;
        }
    }
    float inv = 1.f / max(cnt, 1);
    uint4 o;
    __half2* oh2 = reinterpret_cast<__half2*>(&o);
#pragma unroll
    for (int q = 0; q < 4; ++q) oh2[q] = __floats2half2_rn(acc[2 * q] * inv, acc[2 * q + 1] * inv);
    *reinterpret_cast<uint4*>(out + (((size_t)n * OH + oh) * OW + ow) * C + c8 * 8) = o;
}
