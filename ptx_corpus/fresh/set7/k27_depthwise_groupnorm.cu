// Mobile-style CNN blocks and transformer utilities: depthwise 3x3 conv with shared tile,
// pointwise 1x1 conv as a register-tiled GEMM (8x8 outputs per thread), two-pass GroupNorm
// with fused SiLU, and rotary position embeddings applied in place to Q/K.
#include <cuda_runtime.h>

extern "C" __global__ void depthwise_conv3x3_nchw(const float* __restrict__ in, const float* __restrict__ w,
                                                  const float* __restrict__ bias, float* __restrict__ out,
                                                  int C, int H, int W, int stride)
{
    __shared__ float tile[18 * 2 + 1][18 * 2 + 1];
    int c = blockIdx.z % C, n = blockIdx.z / C;
    int ox0 = blockIdx.x * 16, oy0 = blockIdx.y * 16;
    int tw = 15 * stride + 3, th = 15 * stride + 3;
    const float* src = in + ((size_t)n * C + c) * H * W;
    for (int t = threadIdx.y * 16 + threadIdx.x; t < tw * th; t += 256) {
        int ly = t / tw, lx = t % tw;
        int gy = oy0 * stride + ly - 1, gx = ox0 * stride + lx - 1;
        tile[ly][lx] = (gy >= 0 && gy < H && gx >= 0 && gx < W) ? src[gy * W + gx] : 0.f;
    }
    __syncthreads();
    int Ho = (H + stride - 1) / stride, Wo = (W + stride - 1) / stride;
    int ox = ox0 + threadIdx.x, oy = oy0 + threadIdx.y;
    if (ox >= Wo || oy >= Ho) return;
    float k[9];
#pragma unroll
    for (int i = 0; i < 9; ++i) k[i] = __ldg(w + c * 9 + i);
    float acc = bias[c];
#pragma unroll
    for (int dy = 0; dy < 3; ++dy)
#pragma unroll
        for (int dx = 0; dx < 3; ++dx)
            acc = fmaf(k[dy * 3 + dx], tile[threadIdx.y * stride + dy][threadIdx.x * stride + dx], acc);
    out[(((size_t)n * C + c) * Ho + oy) * Wo + ox] = fminf(fmaxf(acc, 0.f), 6.f);   // ReLU6
}

// out[Cout][P] = W[Cout][Cin] * in[Cin][P]; block tile 128x128, thread tile 8x8, K-step 8.
#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8
extern "C" __global__ void __launch_bounds__(256)
pointwise_conv_gemm_8x8(const float* __restrict__ Wt, const float* __restrict__ X, const float* __restrict__ bias,
                        float* __restrict__ Y, int Cout, int Cin, int P)
{
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
    int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < Cin; k0 += BK) {
        // load A tile (BM x BK) transposed, B tile (BK x BN)
        for (int t = threadIdx.x; t < BM * BK; t += 256) {
            int mm = t / BK, kk = t % BK;
            int gm = m0 + mm, gk = k0 + kk;
            As[kk][mm] = (gm < Cout && gk < Cin) ? Wt[(size_t)gm * Cin + gk] : 0.f;
        }
        for (int t = threadIdx.x; t < BK * BN; t += 256) {
            int kk = t / BN, nn = t % BN;
            int gk = k0 + kk, gn = n0 + nn;
            Bs[kk][nn] = (gk < Cin && gn < P) ? X[(size_t)gk * P + gn] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; ++kk) {
            float a[TM], b[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i) a[i] = As[kk][ty * TM + i];
#pragma unroll
            for (int j = 0; j < TN; ++j) b[j] = Bs[kk][tx * TN + j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        int gm = m0 + ty * TM + i;
        if (gm >= Cout) continue;
        float bv = bias[gm];
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            int gn = n0 + tx * TN + j;
            if (gn < P) Y[(size_t)gm * P + gn] = acc[i][j] + bv;
        }
    }
}

// GroupNorm + SiLU: one block per (n, group); Welford-style two-pass with warp shuffles.
extern "C" __global__ void group_norm_silu(const float* __restrict__ x, const float* __restrict__ gamma,
                                           const float* __restrict__ beta, float* __restrict__ y,
                                           int C, int HW, int G, float eps)
{
    int ng = blockIdx.x;
    int n = ng / G, g = ng % G;
    int cpg = C / G;
    size_t base = ((size_t)n * C + g * cpg) * HW;
    int cnt = cpg * HW;
    float s = 0.f, ss = 0.f;
    for (int i = threadIdx.x; i < cnt; i += blockDim.x) { float v = x[base + i]; s += v; ss += v * v; }
    __shared__ float rs[32], rss[32];
    for (int o = 16; o > 0; o >>= 1) { s += __shfl_xor_sync(0xffffffff, s, o); ss += __shfl_xor_sync(0xffffffff, ss, o); }
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) { rs[warp] = s; rss[warp] = ss; }
    __syncthreads();
    if (warp == 0) {
        int nw = blockDim.x / 32;
        s = lane < nw ? rs[lane] : 0.f; ss = lane < nw ? rss[lane] : 0.f;
        for (int o = 16; o > 0; o >>= 1) { s += __shfl_xor_sync(0xffffffff, s, o); ss += __shfl_xor_sync(0xffffffff, ss, o); }
        if (lane == 0) { rs[0] = s; rss[0] = ss; }
    }
    __syncthreads();
    float mean = rs[0] / cnt;
    float var = fmaxf(rss[0] / cnt - mean * mean, 0.f);
    float inv = rsqrtf(var + eps);
    for (int i = threadIdx.x; i < cnt; i += blockDim.x) {
        int c = g * cpg + i / HW;
        float v = (x[base + i] - mean) * inv * gamma[c] + beta[c];
        y[base + i] = v / (1.f + __expf(-v));
    }
}

// RoPE: x[b][t][h][d], rotate pairs (d, d + D/2) with theta_i = pos * base^(-2i/D).
extern "C" __global__ void rotary_embed_qk(float* __restrict__ q, float* __restrict__ k,
                                           const int* __restrict__ positions, int T, int Hq, int Hk, int D,
                                           float log_base)
{
    int t = blockIdx.x;
    int b = blockIdx.y;
    int half = D / 2;
    float pos = (float)positions[b * T + t];
    for (int idx = threadIdx.x; idx < (Hq + Hk) * half; idx += blockDim.x) {
        int h = idx / half, i = idx % half;
        float inv_freq = __expf(-log_base * (2.f * i) / D);
        float s, c;
        sincosf(pos * inv_freq, &s, &c);
        float* p = (h < Hq) ? q + (((size_t)b * T + t) * Hq + h) * D
                            : k + (((size_t)b * T + t) * Hk + (h - Hq)) * D;
        float x0 = p[i], x1 = p[i + half];
        p[i] = x0 * c - x1 * s;
        p[i + half] = x1 * c + x0 * s;
    }
}
