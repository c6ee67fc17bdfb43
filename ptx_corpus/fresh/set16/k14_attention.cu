// Domain: attention for transformers (decode-step single-query attention, flash-style tiled attention, rotary embedding, ALiBi causal scores)
#include <cuda_fp16.h>

// attn_decode_single_query_d128: one block (4 warps) per head for a single query over a KV cache, head dim 128, online softmax per warp
extern "C" __global__ void attn_decode_single_query_d128(const float* __restrict__ q, const float* __restrict__ K, const float* __restrict__ V,
                                                         float* __restrict__ out, int seqLen, float scale)
{
    const int D = 128;
    __shared__ float sm[4], sd[4], so[4][D];
    int h = blockIdx.x;
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const float* qh = q + h * D;
    float qr[4];
#pragma unroll
    for (int e = 0; e < 4; ++e) qr[e] = qh[lane * 4 + e] * scale;
    float m = -INFINITY, d = 0.f, acc[4] = {0.f, 0.f, 0.f, 0.f};
    for (int t = w; t < seqLen; t += 4) {
        const float4 kv = reinterpret_cast<const float4*>(K + ((size_t)h * seqLen + t) * D)[lane];
        float s = qr[0] * kv.x + qr[1] * kv.y + qr[2] * kv.z + qr[3] * kv.w;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
        float mn = fmaxf(m, s);
        float corr = __expf(m - mn), p = __expf(s - mn);
        d = d * corr + p;
        const float4 vv = reinterpret_cast<const float4*>(V + ((size_t)h * seqLen + t) * D)[lane];
        acc[0] = acc[0] * corr + p * vv.x; acc[1] = acc[1] * corr + p * vv.y;
        acc[2] = acc[2] * corr + p * vv.z; acc[3] = acc[3] * corr + p * vv.w;
        m = mn;
    }
    if (lane == 0) { sm[w] = m; sd[w] = d; }
#pragma unroll
    for (int e = 0; e < 4; ++e) so[w][lane * 4 + e] = acc[e];
    __syncthreads();
    if (w == 0) {
        float M = fmaxf(fmaxf(sm[0], sm[1]), fmaxf(sm[2], sm[3]));
        float Dn = 0.f, o[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            float c = (sm[k] == -INFINITY) ? 0.f : __expf(sm[k] - M);
            Dn += sd[k] * c;
#pragma unroll
            for (int e = 0; e < 4; ++e) o[e] += so[k][lane * 4 + e] * c;
        }
#pragma unroll
        for (int e = 0; e < 4; ++e) out[h * D + lane * 4 + e] = o[e] / Dn;
    }
}

// flash_attn_fwd_tile64_d64: flash-attention forward, 64 queries x 64-key tiles, each thread owns one query row with 64-float output accumulator
extern "C" __global__ void flash_attn_fwd_tile64_d64(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
                                                     float* __restrict__ O, int seqLen, float scale, int causal)
{
    const int D = 64, BC = 64;
    __shared__ float Ks[BC][D + 1];
    __shared__ float Vs[BC][D];
    int bh = blockIdx.y;
    int qi = blockIdx.x * 64 + threadIdx.x;
    const float* Qb = Q + (size_t)bh * seqLen * D;
    const float* Kb = K + (size_t)bh * seqLen * D;
    const float* Vb = V + (size_t)bh * seqLen * D;
    float qv[D], o[D];
#pragma unroll
    for (int e = 0; e < D; ++e) { qv[e] = (qi < seqLen) ? Qb[(size_t)qi * D + e] * scale : 0.f; o[e] = 0.f; }
    float m = -INFINITY, l = 0.f;
    for (int kt = 0; kt < seqLen; kt += BC) {
        __syncthreads();
        for (int i = threadIdx.x; i < BC * D; i += 64) {
            int r = i / D, c = i % D;
            Ks[r][c] = (kt + r < seqLen) ? Kb[(size_t)(kt + r) * D + c] : 0.f;
            Vs[r][c] = (kt + r < seqLen) ? Vb[(size_t)(kt + r) * D + c] : 0.f;
        }
        __syncthreads();
        for (int j = 0; j < BC; ++j) {
            int kj = kt + j;
            if (kj >= seqLen || (causal && kj > qi)) break;
            float s = 0.f;
#pragma unroll
            for (int e = 0; e < D; ++e) s += qv[e] * Ks[j][e];
            float mn = fmaxf(m, s);
            float corr = __expf(m - mn), p = __expf(s - mn);
            l = l * corr + p;
#pragma unroll
            for (int e = 0; e < D; ++e) o[e] = o[e] * corr + p * Vs[j][e];
            m = mn;
        }
    }
    if (qi < seqLen) {
        float inv = 1.f / l;
#pragma unroll
        for (int e = 0; e < D; ++e) O[((size_t)bh * seqLen + qi) * D + e] = o[e] * inv;
    }
}

// rope_rotary_half: apply rotary position embedding to half-precision Q/K (pairs rotate by theta = pos * base^(-2i/d)); __launch_bounds__(512)
extern "C" __global__ void __launch_bounds__(512) rope_rotary_half(__half2* __restrict__ qk, const int* __restrict__ positions, int headDim, int nHeads,
                                            int nTokens, float logBase)
{
    int pairIdx = blockIdx.x * blockDim.x + threadIdx.x;
    int halfD = headDim / 2;
    int total = nTokens * nHeads * halfD;
    if (pairIdx >= total) return;
    int i = pairIdx % halfD;
    int tok = pairIdx / (halfD * nHeads);
    float invFreq = __expf(-logBase * (2.f * i) / headDim);
    float ang = positions[tok] * invFreq;
    float s, c;
    __sincosf(ang, &s, &c);
    float2 v = __half22float2(qk[pairIdx]);
    qk[pairIdx] = __floats2half2_rn(v.x * c - v.y * s, v.x * s + v.y * c);
}

// alibi_causal_scores_unroll8: QK^T scores with ALiBi bias and causal mask, 8 keys per thread with guarded unrolled dot products (d=32)
extern "C" __global__ void alibi_causal_scores_unroll8(const float* __restrict__ Q, const float* __restrict__ K, float* __restrict__ S,
                                                       int seqLen, int nHeads, float scale)
{
    const int D = 32;
    int h = blockIdx.z;
    int qi = blockIdx.y;
    int k0 = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
    float slope = exp2f(-8.f * (h + 1) / nHeads);
    const float4* q4 = reinterpret_cast<const float4*>(Q + ((size_t)h * seqLen + qi) * D);
    float4 qv[8];
#pragma unroll
    for (int e = 0; e < 8; ++e) qv[e] = q4[e];
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        int kj = k0 + k;
        if (kj < seqLen) {
            float s;
            if (kj > qi) s = -INFINITY;
            else {
                const float4* k4 = reinterpret_cast<const float4*>(K + ((size_t)h * seqLen + kj) * D);
                s = 0.f;
#pragma unroll
                for (int e = 0; e < 8; ++e) {
                    float4 kv = k4[e];
                    s += qv[e].x * kv.x + qv[e].y * kv.y + qv[e].z * kv.z + qv[e].w * kv.w;
                }
                s = s * scale - slope * (qi - kj);
            }
            S[((size_t)h * seqLen + qi) * seqLen + kj] = s;
        }
    }
}
