// Attention inference kernels: flash-attention-style forward (one query row per thread,
// head dim 64 accumulator in registers, online softmax over K/V tiles staged in shared
// memory), paged-KV single-token decode with warp-split softmax, and top-k / top-p sampling.
#include <cuda_runtime.h>

#define HD 64
#define KT 32

extern "C" __global__ void __launch_bounds__(128)
flash_attn_fwd_row(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
                   float* __restrict__ O, float* __restrict__ lse, int T, int S, float scale, int causal)
{
    __shared__ float Ks[KT][HD];
    __shared__ float Vs[KT][HD];
    int bh = blockIdx.y;
    int qi = blockIdx.x * blockDim.x + threadIdx.x;
    const float* Qb = Q + (size_t)bh * T * HD;
    const float* Kb = K + (size_t)bh * S * HD;
    const float* Vb = V + (size_t)bh * S * HD;
    float q[HD], acc[HD];
    bool valid = qi < T;
#pragma unroll
    for (int d = 0; d < HD; ++d) { q[d] = valid ? Qb[(size_t)qi * HD + d] * scale : 0.f; acc[d] = 0.f; }
    float m = -1e30f, l = 0.f;
    int kv_end = causal ? min(S, (blockIdx.x + 1) * blockDim.x + (S - T)) : S;
    for (int s0 = 0; s0 < kv_end; s0 += KT) {
        for (int t = threadIdx.x; t < KT * HD; t += blockDim.x) {
            int r = t / HD, d = t % HD;
            bool in = s0 + r < S;
            Ks[r][d] = in ? Kb[(size_t)(s0 + r) * HD + d] : 0.f;
            Vs[r][d] = in ? Vb[(size_t)(s0 + r) * HD + d] : 0.f;
        }
        __syncthreads();
        if (valid) {
            float sc[KT];
            float mt = m;
#pragma unroll 4
            for (int r = 0; r < KT; ++r) {
                float dot = 0.f;
#pragma unroll
                for (int d = 0; d < HD; ++d) dot = fmaf(q[d], Ks[r][d], dot);
                bool masked = (s0 + r >= S) || (causal && s0 + r > qi + (S - T));
                sc[r] = masked ? -1e30f : dot;
                mt = fmaxf(mt, sc[r]);
            }
            float corr = __expf(m - mt);
            l *= corr;
#pragma unroll
            for (int d = 0; d < HD; ++d) acc[d] *= corr;
#pragma unroll 2
            for (int r = 0; r < KT; ++r) {
                float p = __expf(sc[r] - mt);
                l += p;
#pragma unroll
                for (int d = 0; d < HD; ++d) acc[d] = fmaf(p, Vs[r][d], acc[d]);
            }
            m = mt;
        }
        __syncthreads();
    }
    if (valid) {
        float inv = 1.f / l;
#pragma unroll
        for (int d = 0; d < HD; d += 4)
            *reinterpret_cast<float4*>(O + ((size_t)bh * T + qi) * HD + d) =
                make_float4(acc[d] * inv, acc[d + 1] * inv, acc[d + 2] * inv, acc[d + 3] * inv);
        lse[(size_t)bh * T + qi] = m + __logf(l);
    }
}

// Single-token decode over a paged KV cache: one warp per (batch, head); lanes own 2 dims.
extern "C" __global__ void paged_decode_attn(const float* __restrict__ q, const float* __restrict__ kcache,
                                             const float* __restrict__ vcache, const int* __restrict__ block_table,
                                             const int* __restrict__ seq_lens, float* __restrict__ out,
                                             int nheads, int max_blocks, int page_size, float scale)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x % 32;
    int b = warp / nheads, h = warp % nheads;
    int L = seq_lens[b];
    const float2* qv = reinterpret_cast<const float2*>(q + ((size_t)b * nheads + h) * HD);
    float2 qq = qv[lane];
    float m = -1e30f, l = 0.f, a0 = 0.f, a1 = 0.f;
    for (int t = 0; t < L; ++t) {
        int page = block_table[b * max_blocks + t / page_size];
        size_t off = (((size_t)page * page_size + t % page_size) * nheads + h) * HD;
        float2 kk = reinterpret_cast<const float2*>(kcache + off)[lane];
        float s = qq.x * kk.x + qq.y * kk.y;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
        s *= scale;
        float mn = fmaxf(m, s);
        float c = __expf(m - mn), p = __expf(s - mn);
        float2 vv = reinterpret_cast<const float2*>(vcache + off)[lane];
        l = l * c + p;
        a0 = a0 * c + p * vv.x;
        a1 = a1 * c + p * vv.y;
        m = mn;
    }
    float inv = 1.f / l;
    reinterpret_cast<float2*>(out + ((size_t)b * nheads + h) * HD)[lane] = make_float2(a0 * inv, a1 * inv);
}

// Top-k (k <= 16) + nucleus sampling per row: each thread keeps a sorted top-16 list
// (insertion into register array), then block merges via shared memory.
#define TOPK 16
extern "C" __global__ void topk_topp_sample(const float* __restrict__ logits, int V, float temperature,
                                            float top_p, const float* __restrict__ uniform,
                                            int* __restrict__ token_out, int k)
{
    __shared__ float sv[256 * TOPK / 8];
    __shared__ int si[256 * TOPK / 8];
    int row = blockIdx.x;
    const float* x = logits + (size_t)row * V;
    float tv[TOPK]; int ti[TOPK];
#pragma unroll
    for (int i = 0; i < TOPK; ++i) { tv[i] = -1e30f; ti[i] = -1; }
    for (int j = threadIdx.x; j < V; j += blockDim.x) {
        float v = x[j] / temperature;
        if (v > tv[TOPK - 1]) {
            // insertion sort step, fully unrolled compare-swap chain
            float cv = v; int ci = j;
#pragma unroll
            for (int i = 0; i < TOPK; ++i) {
                bool gt = cv > tv[i];
                float ov = tv[i]; int oi = ti[i];
                tv[i] = gt ? cv : ov; ti[i] = gt ? ci : oi;
                cv = gt ? ov : cv; ci = gt ? oi : ci;
            }
        }
    }
    // tree merge: at each level, lower half threads absorb upper half lists
    for (int active = blockDim.x; active > 1; active >>= 1) {
        int hh = active / 2;
        if (threadIdx.x >= hh && threadIdx.x < active && threadIdx.x - hh < 256 / 8) {
#pragma unroll
            for (int i = 0; i < TOPK; ++i) { sv[(threadIdx.x - hh) * TOPK + i] = tv[i]; si[(threadIdx.x - hh) * TOPK + i] = ti[i]; }
        }
        __syncthreads();
        if (threadIdx.x < hh && threadIdx.x < 256 / 8) {
            for (int e = 0; e < TOPK; ++e) {
                float cv = sv[threadIdx.x * TOPK + e]; int ci = si[threadIdx.x * TOPK + e];
                if (cv <= tv[TOPK - 1]) break;
#pragma unroll
                for (int i = 0; i < TOPK; ++i) {
                    bool gt = cv > tv[i];
                    float ov = tv[i]; int oi = ti[i];
                    tv[i] = gt ? cv : ov; ti[i] = gt ? ci : oi;
                    cv = gt ? ov : cv; ci = gt ? oi : ci;
                }
            }
        }
        __syncthreads();
        if (hh > 256 / 8 && threadIdx.x >= 256 / 8) break;
    }
    if (threadIdx.x == 0) {
        float mx = tv[0], p[TOPK], sum = 0.f;
#pragma unroll
        for (int i = 0; i < TOPK; ++i) { p[i] = (i < k) ? __expf(tv[i] - mx) : 0.f; sum += p[i]; }
        float cum = 0.f, cut = top_p * sum, kept = 0.f;
        int last = 0;
#pragma unroll
        for (int i = 0; i < TOPK; ++i) { if (cum < cut) { cum += p[i]; last = i; } }
        kept = cum;
        float u = uniform[row] * kept, acc = 0.f;
        int tok = ti[0];
#pragma unroll
        for (int i = 0; i < TOPK; ++i) {
            if (i > last) break;
            acc += p[i];
            if (u <= acc) { tok = ti[i]; break; }
        }
        token_out[row] = tok;
    }
}
