// Domain: transformer attention with online (streaming) softmax
// attn_online_d64: one query row per thread (head dim 64), q and output accumulator in registers, K/V tiles in shared, causal mask.
// attn_online_d64_lb: the head-dim-64 kernel compiled under __launch_bounds__(256,2).
// attn_online_d128_lb: head dim 128 variant, one query per thread, under __launch_bounds__(128,4).
// attn_decode_split: flash-decoding partial pass: one warp per (head, split) for a single query token, 4 dims per lane.
// attn_decode_combine: merges the per-split partial outputs using their running max and sum.

#define D64 64
#define KT64 64

__device__ __forceinline__ void attn_online_d64_body(const float* __restrict__ Q, const float* __restrict__ K,
                                                     const float* __restrict__ V, float* __restrict__ O,
                                                     int seq, float scale, int causal)
{
    // grid: (ceil(seq/blockDim.x), heads); layout [head][seq][D64]
    __shared__ float Ks[KT64][D64];
    __shared__ float Vs[KT64][D64];
    int h = blockIdx.y;
    int qi = blockIdx.x * blockDim.x + threadIdx.x;
    const float* Qh = Q + (size_t)h * seq * D64;
    const float* Kh = K + (size_t)h * seq * D64;
    const float* Vh = V + (size_t)h * seq * D64;
    bool active = qi < seq;
    float q[D64], acc[D64];
#pragma unroll
    for (int d = 0; d < D64; d += 4) {
        float4 t = active ? *reinterpret_cast<const float4*>(&Qh[(size_t)qi * D64 + d]) : make_float4(0.f, 0.f, 0.f, 0.f);
        q[d] = t.x * scale; q[d + 1] = t.y * scale; q[d + 2] = t.z * scale; q[d + 3] = t.w * scale;
        acc[d] = acc[d + 1] = acc[d + 2] = acc[d + 3] = 0.f;
    }
    float m = -INFINITY, l = 0.f;
    int kend = causal ? min(seq, (int)((blockIdx.x + 1) * blockDim.x)) : seq;
    for (int k0 = 0; k0 < kend; k0 += KT64) {
        __syncthreads();
        for (int e = threadIdx.x; e < KT64 * D64 / 4; e += blockDim.x) {
            int r = e / (D64 / 4), c = (e % (D64 / 4)) * 4;
            int kr = k0 + r;
            float4 kv = make_float4(0.f, 0.f, 0.f, 0.f), vv = kv;
            if (kr < seq) {
                kv = *reinterpret_cast<const float4*>(&Kh[(size_t)kr * D64 + c]);
                vv = *reinterpret_cast<const float4*>(&Vh[(size_t)kr * D64 + c]);
            }
            *reinterpret_cast<float4*>(&Ks[r][c]) = kv;
            *reinterpret_cast<float4*>(&Vs[r][c]) = vv;
        }
        __syncthreads();
        if (!active) continue;
        int jmax = min(KT64, seq - k0);
        if (causal) jmax = min(jmax, qi - k0 + 1);
        for (int j = 0; j < jmax; j++) {
            float s = 0.f;
#pragma unroll
            for (int d = 0; d < D64; d++) s = fmaf(q[d], Ks[j][d], s);
            float mn = fmaxf(m, s);
            float corr = __expf(m - mn);
            float p = __expf(s - mn);
            l = l * corr + p;
#pragma unroll
            for (int d = 0; d < D64; d++) acc[d] = fmaf(p, Vs[j][d], acc[d] * corr);
            m = mn;
        }
    }
    if (active) {
        float inv = l > 0.f ? 1.f / l : 0.f;
        float* Oh = O + (size_t)h * seq * D64 + (size_t)qi * D64;
#pragma unroll
        for (int d = 0; d < D64; d += 4)
            *reinterpret_cast<float4*>(&Oh[d]) = make_float4(acc[d] * inv, acc[d + 1] * inv, acc[d + 2] * inv, acc[d + 3] * inv);
    }
}

extern "C" __global__ void attn_online_d64(const float* __restrict__ Q, const float* __restrict__ K,
                                           const float* __restrict__ V, float* __restrict__ O,
                                           int seq, float scale, int causal)
{
    attn_online_d64_body(Q, K, V, O, seq, scale, causal);
}

extern "C" __global__ void __launch_bounds__(256, 2)
attn_online_d64_lb(const float* __restrict__ Q, const float* __restrict__ K,
                   const float* __restrict__ V, float* __restrict__ O, int seq, float scale, int causal)
{
    attn_online_d64_body(Q, K, V, O, seq, scale, causal);
}

#define D128 128
#define KT128 32

extern "C" __global__ void __launch_bounds__(128, 4)
attn_online_d128_lb(const float* __restrict__ Q, const float* __restrict__ K,
                    const float* __restrict__ V, float* __restrict__ O, int seq, float scale)
{
    __shared__ float Ks[KT128][D128];
    __shared__ float Vs[KT128][D128];
    int h = blockIdx.y;
    int qi = blockIdx.x * blockDim.x + threadIdx.x;
    const float* Qh = Q + (size_t)h * seq * D128;
    const float* Kh = K + (size_t)h * seq * D128;
    const float* Vh = V + (size_t)h * seq * D128;
    bool active = qi < seq;
    float q[D128], acc[D128];
#pragma unroll
    for (int d = 0; d < D128; d++) {
        q[d] = active ? Qh[(size_t)qi * D128 + d] * scale : 0.f;
        acc[d] = 0.f;
    }
    float m = -INFINITY, l = 0.f;
    for (int k0 = 0; k0 < seq; k0 += KT128) {
        __syncthreads();
        for (int e = threadIdx.x; e < KT128 * D128; e += blockDim.x) {
            int r = e / D128, c = e % D128;
            int kr = k0 + r;
            Ks[r][c] = kr < seq ? Kh[(size_t)kr * D128 + c] : 0.f;
            Vs[r][c] = kr < seq ? Vh[(size_t)kr * D128 + c] : 0.f;
        }
        __syncthreads();
        int jmax = min(KT128, seq - k0);
        for (int j = 0; j < jmax; j++) {
            float s0 = 0.f, s1 = 0.f;
#pragma unroll
            for (int d = 0; d < D128; d += 2) { s0 = fmaf(q[d], Ks[j][d], s0); s1 = fmaf(q[d + 1], Ks[j][d + 1], s1); }
            float s = s0 + s1;
            float mn = fmaxf(m, s);
            float corr = __expf(m - mn);
            float p = __expf(s - mn);
            l = l * corr + p;
#pragma unroll
            for (int d = 0; d < D128; d++) acc[d] = fmaf(p, Vs[j][d], acc[d] * corr);
            m = mn;
        }
    }
    if (active) {
        float inv = l > 0.f ? 1.f / l : 0.f;
        float* Oh = O + (size_t)h * seq * D128 + (size_t)qi * D128;
#pragma unroll
        for (int d = 0; d < D128; d++) Oh[d] = acc[d] * inv;
    }
}

extern "C" __global__ void attn_decode_split(const float* __restrict__ q, const float* __restrict__ Kc,
                                             const float* __restrict__ Vc, float* __restrict__ part_o,
                                             float* __restrict__ part_m, float* __restrict__ part_l,
                                             int heads, int ctx, int nsplit, float scale)
{
    // head dim 128, one warp per (head, split); Kc/Vc layout [head][ctx][128]
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= heads * nsplit) return;
    int h = warp / nsplit, sp = warp % nsplit;
    int chunk = (ctx + nsplit - 1) / nsplit;
    int kb = sp * chunk, ke = min(ctx, kb + chunk);
    float4 qv = reinterpret_cast<const float4*>(q + (size_t)h * 128)[lane];
    qv.x *= scale; qv.y *= scale; qv.z *= scale; qv.w *= scale;
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    float m = -INFINITY, l = 0.f;
    const float4* Kh = reinterpret_cast<const float4*>(Kc + (size_t)h * ctx * 128);
    const float4* Vh = reinterpret_cast<const float4*>(Vc + (size_t)h * ctx * 128);
    for (int t = kb; t < ke; t++) {
        float4 k = Kh[(size_t)t * 32 + lane];
        float s = qv.x * k.x + qv.y * k.y + qv.z * k.z + qv.w * k.w;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
        float mn = fmaxf(m, s);
        float corr = __expf(m - mn), p = __expf(s - mn);
        float4 v = Vh[(size_t)t * 32 + lane];
        acc.x = fmaf(p, v.x, acc.x * corr); acc.y = fmaf(p, v.y, acc.y * corr);
        acc.z = fmaf(p, v.z, acc.z * corr); acc.w = fmaf(p, v.w, acc.w * corr);
        l = l * corr + p;
        m = mn;
    }
    reinterpret_cast<float4*>(part_o + (size_t)warp * 128)[lane] = acc;
    if (lane == 0) { part_m[warp] = m; part_l[warp] = l; }
}

extern "C" __global__ void attn_decode_combine(const float* __restrict__ part_o, const float* __restrict__ part_m,
                                               const float* __restrict__ part_l, float* __restrict__ out,
                                               int heads, int nsplit)
{
    int h = blockIdx.x, d = threadIdx.x;   // blockDim.x = 128
    if (h >= heads) return;
    float M = -INFINITY;
    for (int s = 0; s < nsplit; s++) M = fmaxf(M, part_m[h * nsplit + s]);
    float num = 0.f, den = 0.f;
    for (int s = 0; s < nsplit; s++) {
        float ms = part_m[h * nsplit + s];
        if (ms == -INFINITY) continue;
        float w = __expf(ms - M);
        num = fmaf(w, part_o[(size_t)(h * nsplit + s) * 128 + d], num);
        den = fmaf(w, part_l[h * nsplit + s], den);
    }
    out[(size_t)h * 128 + d] = den > 0.f ? num / den : 0.f;
}
