// Transformer block pieces in bf16: fused residual-add + RMSNorm (bf16x2 vectorised, block per row),
// SwiGLU gating using bf16x2 intrinsics, and argmax / log-sum-exp over the vocabulary.
#include <cuda_bf16.h>

// hidden = 4096 handled as 1024 bf16x4 chunks; one block of 256 threads per row.
extern "C" __global__ void fused_add_rmsnorm_bf16(__nv_bfloat16* __restrict__ x, __nv_bfloat16* __restrict__ residual,
                                                  const __nv_bfloat16* __restrict__ gamma, int hidden, float eps)
{
    __shared__ float s_red[32];
    int row = blockIdx.x;
    __nv_bfloat162* xr = reinterpret_cast<__nv_bfloat162*>(x + (long)row * hidden);
    __nv_bfloat162* rr = reinterpret_cast<__nv_bfloat162*>(residual + (long)row * hidden);
    const __nv_bfloat162* g2 = reinterpret_cast<const __nv_bfloat162*>(gamma);
    int h2 = hidden / 2;
    float ss = 0.f;
    float2 cache[8];
    int nloc = 0;
    for (int i = threadIdx.x; i < h2; i += blockDim.x) {
        float2 a = __bfloat1622float2(xr[i]);
        float2 b = __bfloat1622float2(rr[i]);
        float2 s = make_float2(a.x + b.x, a.y + b.y);
        rr[i] = __float22bfloat162_rn(s);
        if (nloc < 8) cache[nloc] = s;
        ++nloc;
        ss += s.x * s.x + s.y * s.y;
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    if ((threadIdx.x & 31) == 0) s_red[threadIdx.x >> 5] = ss;
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = threadIdx.x < (blockDim.x >> 5) ? s_red[threadIdx.x] : 0.f;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if (threadIdx.x == 0) s_red[0] = rsqrtf(v / hidden + eps);
    }
    __syncthreads();
    float inv = s_red[0];
    int k = 0;
    for (int i = threadIdx.x; i < h2; i += blockDim.x, ++k) {
        float2 s = k < 8 ? cache[k] : __bfloat1622float2(rr[i]);
        float2 g = __bfloat1622float2(g2[i]);
        xr[i] = __float22bfloat162_rn(make_float2(s.x * inv * g.x, s.y * inv * g.y));
    }
}

// SwiGLU: out = silu(gate) * up, where gate/up are the two halves of the fused projection [tokens, 2*I].
extern "C" __global__ void swiglu_bf16x2(const __nv_bfloat16* __restrict__ gate_up, __nv_bfloat16* __restrict__ out,
                                         int ntok, int inter)
{
    long idx = blockIdx.x * (long)blockDim.x + threadIdx.x;   // over bf16x2 elements of output
    long per_tok = inter / 2;
    if (idx >= (long)ntok * per_tok) return;
    long t = idx / per_tok, j = idx % per_tok;
    const __nv_bfloat162* g2 = reinterpret_cast<const __nv_bfloat162*>(gate_up + t * 2 * inter);
    const __nv_bfloat162* u2 = reinterpret_cast<const __nv_bfloat162*>(gate_up + t * 2 * inter + inter);
    __nv_bfloat162 g = g2[j], u = u2[j];
    float2 gf = __bfloat1622float2(g);
    float2 sg = make_float2(gf.x / (1.f + __expf(-gf.x)), gf.y / (1.f + __expf(-gf.y)));
    __nv_bfloat162 r = __hmul2(__float22bfloat162_rn(sg), u);
    reinterpret_cast<__nv_bfloat162*>(out)[idx] = r;
}

// Greedy sampling helper: per-row argmax over bf16 logits with temperature-scaled log-sum-exp.
extern "C" __global__ void argmax_logsumexp_bf16(const __nv_bfloat16* __restrict__ logits, int vocab, float inv_temp,
                                                 int* __restrict__ token, float* __restrict__ logprob)
{
    __shared__ float s_m[32], s_l[32];
    __shared__ int s_i[32];
    int row = blockIdx.x;
    const __nv_bfloat16* L = logits + (long)row * vocab;
    float m = -INFINITY, l = 0.f;
    int bi = 0;
    for (int v = threadIdx.x; v < vocab; v += blockDim.x) {
        float x = __bfloat162float(L[v]) * inv_temp;
        if (x > m) { l = l * __expf(m - x) + 1.f; m = x; bi = v; }
        else l += __expf(x - m);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        float mo = __shfl_xor_sync(0xffffffffu, m, o), lo = __shfl_xor_sync(0xffffffffu, l, o);
        int io = __shfl_xor_sync(0xffffffffu, bi, o);
        float mn = fmaxf(m, mo);
        l = (m == -INFINITY ? 0.f : l * __expf(m - mn)) + (mo == -INFINITY ? 0.f : lo * __expf(mo - mn));
        if (mo > m || (mo == m && io < bi)) bi = io;
        m = mn;
    }
    int w = threadIdx.x >> 5, lane = threadIdx.x & 31;
    if (lane == 0) { s_m[w] = m; s_l[w] = l; s_i[w] = bi; }
    __syncthreads();
    if (w == 0) {
        int nw = blockDim.x >> 5;
        m = lane < nw ? s_m[lane] : -INFINITY; l = lane < nw ? s_l[lane] : 0.f; bi = lane < nw ? s_i[lane] : 0x7fffffff;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            float mo = __shfl_xor_sync(0xffffffffu, m, o), lo = __shfl_xor_sync(0xffffffffu, l, o);
            int io = __shfl_xor_sync(0xffffffffu, bi, o);
            float mn = fmaxf(m, mo);
            l = (m == -INFINITY ? 0.f : l * __expf(m - mn)) + (mo == -INFINITY ? 0.f : lo * __expf(mo - mn));
            if (mo > m || (mo == m && io < bi)) bi = io;
            m = mn;
        }
        if (lane == 0) { token[row] = bi; logprob[row] = -__logf(l); }
    }
}
