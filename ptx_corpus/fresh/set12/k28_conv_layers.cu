// CNN inference layers: depthwise 3x3 convolution in NHWC fp16 using half2
// arithmetic, a direct 3x3 convolution register-blocked over 8 output
// channels x 4 pixels, max pooling with argmax indices, and im2col.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// x: [N,H,W,C] half, w: [3,3,C] half, C even. Each thread: 2 channels of one pixel.
extern "C" __global__ void dwconv3x3_nhwc_f16(const __half* __restrict__ x, const __half* __restrict__ w,
                                              const __half* __restrict__ bias, __half* __restrict__ y,
                                              int N, int H, int W, int C, int relu6)
{
    int c2 = blockIdx.x * blockDim.x + threadIdx.x;   // channel pair
    int pix = blockIdx.y;                               // n*H*W + h*W + w
    if (2 * c2 >= C) return;
    int n = pix / (H * W), hw = pix % (H * W), h = hw / W, ww = hw % W;
    __half2 acc = reinterpret_cast<const __half2*>(bias)[c2];
#pragma unroll
    for (int dy = -1; dy <= 1; ++dy) {
        int yy = h + dy;
        if (yy < 0 || yy >= H) continue;
#pragma unroll
        for (int dx = -1; dx <= 1; ++dx) {
            int xx = ww + dx;
            if (xx < 0 || xx >= W) continue;
            __half2 xv = reinterpret_cast<const __half2*>(x + (((size_t)n * H + yy) * W + xx) * C)[c2];
            __half2 wv = reinterpret_cast<const __half2*>(w + ((dy + 1) * 3 + (dx + 1)) * C)[c2];
            acc = __hfma2(xv, wv, acc);
        }
    }
    if (relu6) acc = __hmin2(__hmax2(acc, __float2half2_rn(0.f)), __float2half2_rn(6.f));
    reinterpret_cast<__half2*>(y + (size_t)pix * C)[c2] = acc;
}

// NCHW fp32 direct conv, stride 1, pad 1. Block: 8 output channels x (4*32) pixels
// of one row; each thread computes 8 oc x 4 consecutive pixels = 32 accumulators.
extern "C" __global__ void conv3x3_direct_oc8x4(const float* __restrict__ x, const float* __restrict__ w,
                                                float* __restrict__ y, int Cin, int H, int W, int Cout)
{
    __shared__ float sw[8][9];
    __shared__ float srow[3][128 + 2];
    int oc0 = blockIdx.y * 8;
    int n = blockIdx.z / H, h = blockIdx.z % H;
    int x0 = blockIdx.x * 128;
    int t = threadIdx.x;  // 32 threads
    float acc[8][4];
#pragma unroll
    for (int o = 0; o < 8; ++o)
#pragma unroll
        for (int p = 0; p < 4; ++p) acc[o][p] = 0.f;
    for (int ci = 0; ci < Cin; ++ci) {
        __syncthreads();
        for (int e = t; e < 72; e += 32) {
            int o = e / 9, k = e % 9;
            sw[o][k] = (oc0 + o < Cout) ? w[((size_t)(oc0 + o) * Cin + ci) * 9 + k] : 0.f;
        }
        for (int e = t; e < 3 * 130; e += 32) {
            int r = e / 130, c = e % 130;
            int yy = h + r - 1, xx = x0 + c - 1;
            srow[r][c] = (yy >= 0 && yy < H && xx >= 0 && xx < W) ? x[(((size_t)n * Cin + ci) * H + yy) * W + xx] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int r = 0; r < 3; ++r) {
            float v[6];
#pragma unroll
            for (int q = 0; q < 6; ++q) v[q] = srow[r][t * 4 + q];
#pragma unroll
            for (int o = 0; o < 8; ++o) {
                float w0 = sw[o][r * 3], w1 = sw[o][r * 3 + 1], w2 = sw[o][r * 3 + 2];
#pragma unroll
                for (int p = 0; p < 4; ++p) acc[o][p] = fmaf(w0, v[p], fmaf(w1, v[p + 1], fmaf(w2, v[p + 2], acc[o][p])));
            }
        }
    }
#pragma unroll
    for (int o = 0; o < 8; ++o) {
        if (oc0 + o >= Cout) continue;
        int xx = x0 + t * 4;
        float* dst = y + (((size_t)n * Cout + oc0 + o) * H + h) * W + xx;
        if (xx + 3 < W && (W & 3) == 0) *reinterpret_cast<float4*>(dst) = make_float4(acc[o][0], acc[o][1], acc[o][2], acc[o][3]);
        else {
#pragma unroll
            for (int p = 0; p < 4; ++p) if (xx + p < W) dst[p] = acc[o][p];
        }
    }
}

extern "C" __global__ void maxpool_argmax(const float* __restrict__ x, float* __restrict__ y, int* __restrict__ idx,
                                          int NC, int H, int W, int k, int stride, int OH, int OW)
{
    long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= (long long)NC * OH * OW) return;
    int ow = o % OW, oh = (o / OW) % OH;
    long long nc = o / ((long long)OH * OW);
    const float* p = x + nc * H * W;
    float best = -3.4e38f; int bi = -1;
    for (int dy = 0; dy < k; ++dy) {
        int yy = oh * stride + dy;
        if (yy >= H) break;
        for (int dx = 0; dx < k; ++dx) {
            int xx = ow * stride + dx;
            if (xx >= W) break;
            float v = p[yy * W + xx];
            if (v > best) { best = v; bi = yy * W + xx; }
        }
    }
    y[o] = best; idx[o] = bi;
}

extern "C" __global__ void im2col_nchw(const float* __restrict__ x, float* __restrict__ col,
                                       int C, int H, int W, int kh, int kw, int pad, int stride,
                                       int OH, int OW)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)C * kh * kw * OH * OW;
    if (i >= total) return;
    int ow = i % OW; long long t = i / OW;
    int oh = t % OH; t /= OH;
    int kx = t % kw; t /= kw;
    int ky = t % kh; int c = (int)(t / kh);
    int yy = oh * stride - pad + ky, xx = ow * stride - pad + kx;
    col[i] = (yy >= 0 && yy < H && xx >= 0 && xx < W) ? x[((size_t)c * H + yy) * W + xx] : 0.f;
}
