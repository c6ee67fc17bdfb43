// Transformer building blocks in bfloat16: rotary embedding, SwiGLU, RMS scaling with residual.
#include <cuda_runtime.h>
#include <cuda_bf16.h>

// Rotary position embedding applied in-place to Q and K ([tokens][heads][head_dim]).
extern "C" __global__ void rope_bf16(__nv_bfloat16* __restrict__ q, __nv_bfloat16* __restrict__ k,
                                     const int* __restrict__ positions, int n_heads, int n_kv_heads,
                                     int head_dim, float theta_base)
{
    int tok = blockIdx.x;
    int pos = positions[tok];
    int half = head_dim / 2;
    for (int idx = threadIdx.x; idx < (n_heads + n_kv_heads) * half; idx += blockDim.x) {
        int h = idx / half, i = idx - h * half;
        float inv_freq = __powf(theta_base, -2.f * i / head_dim);
        float s, c;
        sincosf(pos * inv_freq, &s, &c);
        __nv_bfloat16* base = (h < n_heads) ? q + ((size_t)tok * n_heads + h) * head_dim
                                            : k + ((size_t)tok * n_kv_heads + (h - n_heads)) * head_dim;
        float x0 = __bfloat162float(base[i]), x1 = __bfloat162float(base[i + half]);
        base[i] = __float2bfloat16(x0 * c - x1 * s);
        base[i + half] = __float2bfloat16(x1 * c + x0 * s);
    }
}

// SwiGLU: out = silu(gate) * up, vectorized 8 bf16 per thread.
extern "C" __global__ void swiglu_bf16x8(const __nv_bfloat16* __restrict__ gate_up, __nv_bfloat16* __restrict__ out,
                                         int rows, int inter)
{
    int r = blockIdx.y;
    int c = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
    if (r >= rows || c >= inter) return;
    const uint4 g4 = *reinterpret_cast<const uint4*>(gate_up + (size_t)r * 2 * inter + c);
    const uint4 u4 = *reinterpret_cast<const uint4*>(gate_up + (size_t)r * 2 * inter + inter + c);
    const __nv_bfloat162* g = reinterpret_cast<const __nv_bfloat162*>(&g4);
    const __nv_bfloat162* u = reinterpret_cast<const __nv_bfloat162*>(&u4);
    uint4 o4;
    __nv_bfloat162* o = reinterpret_cast<__nv_bfloat162*>(&o4);
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        float2 gf = __bfloat1622float2(g[j]), uf = __bfloat1622float2(u[j]);
        float a = gf.x / (1.f + __expf(-gf.x)) * uf.x;
        float b = gf.y / (1.f + __expf(-gf.y)) * uf.y;
        o[j] = __floats2bfloat162_rn(a, b);
    }
    *reinterpret_cast<uint4*>(out + (size_t)r * inter + c) = o4;
}

// Fused residual add + RMSNorm, one block per row, row cached in registers (up to 16 bf16x2 per thread).
extern "C" __global__ void __launch_bounds__(512)
add_rmsnorm_bf16(__nv_bfloat16* __restrict__ x, const __nv_bfloat16* __restrict__ residual,
                 const __nv_bfloat16* __restrict__ weight, __nv_bfloat16* __restrict__ out,
                 int hidden, float eps)
{
    const int VPT = 16;
    __shared__ float red[32];
    size_t row = blockIdx.x;
    const __nv_bfloat162* xr = reinterpret_cast<const __nv_bfloat162*>(x + row * hidden);
    const __nv_bfloat162* rr = reinterpret_cast<const __nv_bfloat162*>(residual + row * hidden);
    float2 v[VPT];
    float ss = 0.f;
    int n2 = hidden / 2;
#pragma unroll
    for (int i = 0; i < VPT; ++i) {
        int idx = threadIdx.x + i * blockDim.x;
        if (idx < n2) {
            float2 a = __bfloat1622float2(xr[idx]), b = __bfloat1622float2(rr[idx]);
            v[i] = make_float2(a.x + b.x, a.y + b.y);
            ss += v[i].x * v[i].x + v[i].y * v[i].y;
        } else v[i] = make_float2(0.f, 0.f);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = ss;
    __syncthreads();
    if (threadIdx.x < 32) {
        float t = threadIdx.x < (blockDim.x >> 5) ? red[threadIdx.x] : 0.f;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) t += __shfl_xor_sync(0xffffffffu, t, o);
        if (threadIdx.x == 0) red[0] = rsqrtf(t / hidden + eps);
    }
    __syncthreads();
    float inv = red[0];
    __nv_bfloat162* xw = reinterpret_cast<__nv_bfloat162*>(x + row * hidden);
    __nv_bfloat162* ow = reinterpret_cast<__nv_bfloat162*>(out + row * hidden);
    const __nv_bfloat162* wr = reinterpret_cast<const __nv_bfloat162*>(weight);
#pragma unroll
    for (int i = 0; i < VPT; ++i) {
        int idx = threadIdx.x + i * blockDim.x;
        if (idx < n2) {
            float2 w = __bfloat1622float2(wr[idx]);
            xw[idx] = __floats2bfloat162_rn(v[i].x, v[i].y);
            ow[idx] = __floats2bfloat162_rn(v[i].x * inv * w.x, v[i].y * inv * w.y);
        }
    }
}
