// Transformer attention pieces: rotary position embedding on bf16, a
// single-pass (online softmax) attention forward where each thread owns one
// query row of head-dim 64, and a decode-time attention over a KV cache.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

// q,k: [tokens, heads, 128] bf16, rotate pairs (i, i+64).
extern "C" __global__ void rope_bf16(__nv_bfloat16* __restrict__ q, __nv_bfloat16* __restrict__ k,
                                     const int* __restrict__ pos, int ntok, int nheads, float theta)
{
    int t = blockIdx.x;
    int h = blockIdx.y;
    int i = threadIdx.x;  // 0..63
    if (t >= ntok || i >= 64) return;
    float inv_freq = __powf(theta, -(float)(2 * i) / 128.f);
    float ang = pos[t] * inv_freq;
    float s, c;
    __sincosf(ang, &s, &c);
    size_t base = ((size_t)t * nheads + h) * 128;
    float q0 = __bfloat162float(q[base + i]), q1 = __bfloat162float(q[base + i + 64]);
    float k0 = __bfloat162float(k[base + i]), k1 = __bfloat162float(k[base + i + 64]);
    q[base + i] = __float2bfloat16(q0 * c - q1 * s);
    q[base + i + 64] = __float2bfloat16(q1 * c + q0 * s);
    k[base + i] = __float2bfloat16(k0 * c - k1 * s);
    k[base + i + 64] = __float2bfloat16(k1 * c + k0 * s);
}

// Q,K,V: [B*H, S, 64] fp16. Each block: 64 queries (one per thread), keys
// streamed through shared memory in tiles of 32.
#define HD 64
#define KT 32
extern "C" __global__ void __launch_bounds__(64)
attn_fwd_rowwise(const __half* __restrict__ Q, const __half* __restrict__ K,
                 const __half* __restrict__ V, __half* __restrict__ O,
                 int S, float scale, int causal)
{
    __shared__ __half2 Ks[KT][HD / 2];
    __shared__ __half2 Vs[KT][HD / 2];
    int bh = blockIdx.y;
    int qi = blockIdx.x * 64 + threadIdx.x;
    const __half* q = Q + ((size_t)bh * S + min(qi, S - 1)) * HD;
    float qf[HD];
#pragma unroll
    for (int d = 0; d < HD; d += 2) {
        float2 v = __half22float2(*reinterpret_cast<const __half2*>(q + d));
        qf[d] = v.x * scale; qf[d + 1] = v.y * scale;
    }
    float acc[HD];
#pragma unroll
    for (int d = 0; d < HD; ++d) acc[d] = 0.f;
    float mrun = -1e30f, lrun = 0.f;
    int kend = causal ? min(S, blockIdx.x * 64 + 64) : S;
    for (int k0 = 0; k0 < kend; k0 += KT) {
        __syncthreads();
        for (int e = threadIdx.x; e < KT * HD / 2; e += 64) {
            int r = e / (HD / 2), c = e % (HD / 2);
            int kr = min(k0 + r, S - 1);
            Ks[r][c] = reinterpret_cast<const __half2*>(K + ((size_t)bh * S + kr) * HD)[c];
            Vs[r][c] = reinterpret_cast<const __half2*>(V + ((size_t)bh * S + kr) * HD)[c];
        }
        __syncthreads();
        int lim = min(KT, kend - k0);
        for (int j = 0; j < lim; ++j) {
            if (causal && k0 + j > qi) break;
            float s = 0.f;
#pragma unroll
            for (int d = 0; d < HD / 2; ++d) {
                float2 kv = __half22float2(Ks[j][d]);
                s = fmaf(qf[2 * d], kv.x, fmaf(qf[2 * d + 1], kv.y, s));
            }
            float mnew = fmaxf(mrun, s);
            float corr = __expf(mrun - mnew);
            float p = __expf(s - mnew);
            lrun = lrun * corr + p;
#pragma unroll
            for (int d = 0; d < HD / 2; ++d) {
                float2 vv = __half22float2(Vs[j][d]);
                acc[2 * d] = fmaf(p, vv.x, acc[2 * d] * corr);
                acc[2 * d + 1] = fmaf(p, vv.y, acc[2 * d + 1] * corr);
            }
            mrun = mnew;
        }
    }
    if (qi >= S) return;
    float inv = 1.f / lrun;
    __half* o = O + ((size_t)bh * S + qi) * HD;
#pragma unroll
    for (int d = 0; d < HD; d += 2)
        *reinterpret_cast<__half2*>(o + d) = __floats2half2_rn(acc[d] * inv, acc[d + 1] * inv);
}

// Decode: one new query per (batch, head) against a cache of length L.
// Block of 128 threads; each warp handles a quarter of the keys, then merge.
extern "C" __global__ void attn_decode_kvcache(const __half* __restrict__ q, const __half* __restrict__ kc,
                                               const __half* __restrict__ vc, const int* __restrict__ lens,
                                               int maxL, float scale, __half* __restrict__ out)
{
    __shared__ float sm[4], sl[4];
    __shared__ float sacc[4][HD];
    int bh = blockIdx.x;
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    int L = lens[bh];
    const __half2* qq = reinterpret_cast<const __half2*>(q + (size_t)bh * HD);
    float2 qv = __half22float2(qq[lane]);     // each lane owns 2 dims
    float m = -1e30f, l = 0.f, a0 = 0.f, a1 = 0.f;
    for (int j = w; j < L; j += 4) {
        const __half2* kr = reinterpret_cast<const __half2*>(kc + ((size_t)bh * maxL + j) * HD);
        float2 kv = __half22float2(kr[lane]);
        float s = qv.x * kv.x + qv.y * kv.y;
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
        s *= scale;
        float mn = fmaxf(m, s), c = __expf(m - mn), p = __expf(s - mn);
        const __half2* vr = reinterpret_cast<const __half2*>(vc + ((size_t)bh * maxL + j) * HD);
        float2 vv = __half22float2(vr[lane]);
        a0 = a0 * c + p * vv.x; a1 = a1 * c + p * vv.y;
        l = l * c + p; m = mn;
    }
    if (lane == 0) { sm[w] = m; sl[w] = l; }
    sacc[w][2 * lane] = a0; sacc[w][2 * lane + 1] = a1;
    __syncthreads();
    if (w == 0) {
        float M = fmaxf(fmaxf(sm[0], sm[1]), fmaxf(sm[2], sm[3]));
        float Lsum = 0.f, o0 = 0.f, o1 = 0.f;
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            float c = __expf(sm[k] - M);
            Lsum += sl[k] * c;
            o0 += sacc[k][2 * lane] * c; o1 += sacc[k][2 * lane + 1] * c;
        }
        reinterpret_cast<__half2*>(out + (size_t)bh * HD)[lane] = __floats2half2_rn(o0 / Lsum, o1 / Lsum);
    }
}
