// Domain: ML inference kernels (quantised and half-precision)
// gemv_w8a16_dequant     - int8 weight x half activation GEMV with per-group scales, warp per output row
// attn_scores_dot_h      - attention logits q.k for one head (head_dim 64), q held in 32 half2 registers
// dwconv3x3_nhwc         - depthwise 3x3 convolution in NHWC layout with per-channel weights + ReLU6
// kv_cache_append_rope   - apply rotary position embedding to new K/V half2 rows and append to the cache

#include <cuda_fp16.h>

extern "C" __global__ void gemv_w8a16_dequant(const signed char *__restrict__ W, const __half *__restrict__ scales,
                                              const __half *__restrict__ x, __half *__restrict__ y,
                                              int rows, int cols, int group)
{
    int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const char4 *w4 = reinterpret_cast<const char4 *>(W + (size_t)row * cols);
    const __half2 *x2 = reinterpret_cast<const __half2 *>(x);
    float acc = 0.f;
    for (int c4 = lane; c4 < cols / 4; c4 += 32) {
        char4 w = w4[c4];
        float s = __half2float(scales[(size_t)row * (cols / group) + (c4 * 4) / group]);
        float2 xa = __half22float2(x2[2 * c4]);
        float2 xb = __half22float2(x2[2 * c4 + 1]);
        acc += s * (w.x * xa.x + w.y * xa.y + w.z * xb.x + w.w * xb.y);
    }
    for (int o = 16; o; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (lane == 0) y[row] = __float2half(acc);
}

extern "C" __global__ void attn_scores_dot_h(const __half2 *__restrict__ q, const __half2 *__restrict__ kcache,
                                             float *__restrict__ scores, int seq_len, float scale)
{
    // one thread per key position; 64-dim head = 32 half2 kept in registers
    __half2 qr[32];
#pragma unroll
    for (int d = 0; d < 32; ++d) qr[d] = q[blockIdx.y * 32 + d];
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < seq_len; t += blockDim.x * gridDim.x) {
        const __half2 *k = kcache + ((size_t)blockIdx.y * seq_len + t) * 32;
        float s = 0.f;
#pragma unroll
        for (int d = 0; d < 32; d += 4) {
            __half2 p = __hmul2(qr[d], k[d]);
            p = __hfma2(qr[d + 1], k[d + 1], p);
            p = __hfma2(qr[d + 2], k[d + 2], p);
            p = __hfma2(qr[d + 3], k[d + 3], p);
            float2 f = __half22float2(p);
            s += f.x + f.y;
        }
        scores[(size_t)blockIdx.y * seq_len + t] = s * scale;
    }
}

extern "C" __global__ void dwconv3x3_nhwc(const float *in, const float *w /*9*C*/, const float *b,
                                          float *out, int H, int W, int C)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int x = blockIdx.y % W, y = blockIdx.y / W;
    int n = blockIdx.z;
    if (c >= C) return;
    float acc = b[c];
    for (int ky = 0; ky < 3; ++ky) {
        int yy = y + ky - 1;
        if (yy < 0 || yy >= H) continue;
        for (int kx = 0; kx < 3; ++kx) {
            int xx = x + kx - 1;
            if (xx < 0 || xx >= W) continue;
            acc += in[(((size_t)n * H + yy) * W + xx) * C + c] * w[(ky * 3 + kx) * C + c];
        }
    }
    out[(((size_t)n * H + y) * W + x) * C + c] = fminf(fmaxf(acc, 0.f), 6.f);
}

extern "C" __global__ void kv_cache_append_rope(const __half2 *__restrict__ knew, const __half2 *__restrict__ vnew,
                                                __half2 *__restrict__ kcache, __half2 *__restrict__ vcache,
                                                const int *__restrict__ positions, int nheads, int half_dim,
                                                int max_seq, float theta_base)
{
    int h = blockIdx.y, tok = blockIdx.z;
    int d = threadIdx.x; // pair index in [0, half_dim)
    if (d >= half_dim) return;
    int pos = positions[tok];
    size_t src = ((size_t)tok * nheads + h) * half_dim + d;
    float2 kv = __half22float2(knew[src]);
    float inv_freq = __powf(theta_base, -2.f * d / (2.f * half_dim));
    float s, c;
    __sincosf(pos * inv_freq, &s, &c);
    float2 kr = make_float2(kv.x * c - kv.y * s, kv.x * s + kv.y * c);
    size_t dst = ((size_t)h * max_seq + pos) * half_dim + d;
    kcache[dst] = __float22half2_rn(kr);
    vcache[dst] = vnew[src];
}
