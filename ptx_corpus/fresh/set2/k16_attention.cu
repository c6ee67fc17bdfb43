#include <cuda_fp16.h>
#include <cfloat>
#define HD 64
#define BR 16
#define BC 32
extern "C" __global__ void __launch_bounds__(128) attn_fwd_tile(const __half* __restrict__ Q, const __half* __restrict__ Kmat,
    const __half* __restrict__ V, __half* __restrict__ O, int seqLen, float scale)
{
    // one warp handles one query row; 4 warps per block
    __shared__ __half Ks[BC][HD + 8];
    __shared__ __half Vs[BC][HD + 8];
    int head = blockIdx.y;
    int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    int q = blockIdx.x * 4 + warp;
    const __half* Qh = Q + (size_t)head * seqLen * HD;
    const __half* Kh = Kmat + (size_t)head * seqLen * HD;
    const __half* Vh = V + (size_t)head * seqLen * HD;
    float2 qv = make_float2(0.f, 0.f);
    if (q < seqLen) qv = __half22float2(reinterpret_cast<const __half2*>(Qh + (size_t)q * HD)[lane]);
    float m = -FLT_MAX, l = 0.f;
    float2 acc = make_float2(0.f, 0.f);
    for (int kb = 0; kb < seqLen; kb += BC) {
        for (int t = threadIdx.x; t < BC * HD / 2; t += blockDim.x) {
            int r = t / (HD / 2), c = t % (HD / 2);
            __half2 kz = __float2half2_rn(0.f), vz = kz;
            if (kb + r < seqLen) {
                kz = reinterpret_cast<const __half2*>(Kh + (size_t)(kb + r) * HD)[c];
                vz = reinterpret_cast<const __half2*>(Vh + (size_t)(kb + r) * HD)[c];
            }
            reinterpret_cast<__half2*>(&Ks[r][0])[c] = kz;
            reinterpret_cast<__half2*>(&Vs[r][0])[c] = vz;
        }
        __syncthreads();
        float s[BC];
#pragma unroll
        for (int j = 0; j < BC; ++j) {
            float2 kf = __half22float2(reinterpret_cast<__half2*>(&Ks[j][0])[lane]);
            float d = qv.x * kf.x + qv.y * kf.y;
#pragma unroll
            for (int o = 16; o > 0; o >>= 1) d += __shfl_xor_sync(0xffffffffu, d, o);
            s[j] = (kb + j < seqLen && kb + j <= q) ? d * scale : -FLT_MAX;
        }
        float bm = m;
#pragma unroll
        for (int j = 0; j < BC; ++j) bm = fmaxf(bm, s[j]);
        float corr = __expf(m - bm);
        l *= corr; acc.x *= corr; acc.y *= corr;
#pragma unroll
        for (int j = 0; j < BC; ++j) {
            float p = s[j] == -FLT_MAX ? 0.f : __expf(s[j] - bm);
            l += p;
            float2 vf = __half22float2(reinterpret_cast<__half2*>(&Vs[j][0])[lane]);
            acc.x += p * vf.x; acc.y += p * vf.y;
        }
        m = bm;
        __syncthreads();
    }
    if (q < seqLen) {
        float il = l > 0.f ? 1.f / l : 0.f;
        reinterpret_cast<__half2*>(O + ((size_t)head * seqLen + q) * HD)[lane] = __floats2half2_rn(acc.x * il, acc.y * il);
    }
}

extern "C" __global__ void rope_apply(float* __restrict__ qk, const int* __restrict__ positions, int heads,
    int seqLen, int dim, float theta)
{
    int t = blockIdx.x, h = blockIdx.y;
    int i = threadIdx.x;
    if (i >= dim / 2) return;
    float pos = positions[t];
    float freq = powf(theta, -2.f * i / dim);
    float sn, cs;
    sincosf(pos * freq, &sn, &cs);
    float* v = qk + ((size_t)t * heads + h) * dim;
    float a = v[i], b = v[i + dim / 2];
    v[i] = a * cs - b * sn;
    v[i + dim / 2] = a * sn + b * cs;
}

// decode-time attention: one warp per (batch, head), head dim 128 (4 per lane), fp32 KV cache
extern "C" __global__ void __launch_bounds__(256, 3) decode_attn_hd128(const float* __restrict__ q, const float* __restrict__ kc,
    const float* __restrict__ vc, const int* __restrict__ ctxLen, float* __restrict__ out, int heads, int maxCtx, float scale)
{
    int wid = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    int b = wid / heads, h = wid % heads;
    int L = ctxLen[b];
    size_t qo = ((size_t)b * heads + h) * 128;
    float4 qv = reinterpret_cast<const float4*>(q + qo)[lane];
    const float* kb = kc + ((size_t)b * heads + h) * maxCtx * 128;
    const float* vb = vc + ((size_t)b * heads + h) * maxCtx * 128;
    float m = -3.4e38f, l = 0.f;
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int t0 = 0; t0 < L; t0 += 8) {
        float s[8];
        float4 vv[8];
#pragma unroll
        for (int u = 0; u < 8; ++u) {
            int t = min(t0 + u, L - 1);
            float4 kv = __ldg(reinterpret_cast<const float4*>(kb + (size_t)t * 128) + lane);
            vv[u] = __ldg(reinterpret_cast<const float4*>(vb + (size_t)t * 128) + lane);
            s[u] = qv.x * kv.x + qv.y * kv.y + qv.z * kv.z + qv.w * kv.w;
        }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1)
#pragma unroll
            for (int u = 0; u < 8; ++u) s[u] += __shfl_xor_sync(0xffffffffu, s[u], o);
        float bm = m;
#pragma unroll
        for (int u = 0; u < 8; ++u) { s[u] = (t0 + u < L) ? s[u] * scale : -3.4e38f; bm = fmaxf(bm, s[u]); }
        float corr = __expf(m - bm);
        l *= corr; acc.x *= corr; acc.y *= corr; acc.z *= corr; acc.w *= corr;
#pragma unroll
        for (int u = 0; u < 8; ++u) {
            float pr = (t0 + u < L) ? __expf(s[u] - bm) : 0.f;
            l += pr;
            acc.x += pr * vv[u].x; acc.y += pr * vv[u].y; acc.z += pr * vv[u].z; acc.w += pr * vv[u].w;
        }
        m = bm;
    }
    float il = 1.f / l;
    reinterpret_cast<float4*>(out + qo)[lane] = make_float4(acc.x * il, acc.y * il, acc.z * il, acc.w * il);
}
