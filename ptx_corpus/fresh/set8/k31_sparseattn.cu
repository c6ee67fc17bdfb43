// Sparse attention and decoding utilities: sliding-window + global-token attention for a
// single query row per warp (online softmax, bf16 K/V), block-sparse attention with a block
// layout mask (one block per query tile, K/V tiles in shared memory), speculative-decoding
// acceptance (rejection sampling between draft and target distributions), and top-k selection
// held in registers per thread followed by a warp merge.
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <stdint.h>

#define HD 64

// q: [nq][HD] fp32, K,V: [nk][HD] bf16. Each query attends to [i-window, i] plus nglobal tokens.
extern "C" __global__ void sliding_window_attn(const float *__restrict__ q, const __nv_bfloat16 *__restrict__ K,
                                               const __nv_bfloat16 *__restrict__ V, int nq, int window, int nglobal,
                                               float scale, float *__restrict__ out)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (row >= nq) return;
    // lane owns dims 2*lane, 2*lane+1
    float2 qv = *(const float2 *)(q + (size_t)row * HD + 2 * lane);
    float m = -INFINITY, l = 0.f, o0 = 0.f, o1 = 0.f;
    int lo = max(0, row - window + 1);
    int total = nglobal + (row - lo + 1);
    for (int t = 0; t < total; ++t) {
        int j = t < nglobal ? t : lo + (t - nglobal);
        if (t >= nglobal && j < nglobal) continue;     // already counted as global
        __nv_bfloat162 kk = *(const __nv_bfloat162 *)(K + (size_t)j * HD + 2 * lane);
        float2 kf = __bfloat1622float2(kk);
        float s = qv.x * kf.x + qv.y * kf.y;
#pragma unroll
        for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(~0u, s, o);
        s *= scale;
        float mn = fmaxf(m, s);
        float corr = __expf(m - mn), p = __expf(s - mn);
        __nv_bfloat162 vv = *(const __nv_bfloat162 *)(V + (size_t)j * HD + 2 * lane);
        float2 vf = __bfloat1622float2(vv);
        o0 = o0 * corr + p * vf.x;
        o1 = o1 * corr + p * vf.y;
        l = l * corr + p;
        m = mn;
    }
    float il = 1.f / l;
    *(float2 *)(out + (size_t)row * HD + 2 * lane) = make_float2(o0 * il, o1 * il);
}

// Block-sparse: queries in tiles of 32 rows; layout[qt * nkt + kt] != 0 means tile is attended.
#define BT 32
extern "C" __global__ void __launch_bounds__(128)
block_sparse_attn(const __nv_bfloat16 *__restrict__ Q, const __nv_bfloat16 *__restrict__ K,
                  const __nv_bfloat16 *__restrict__ V, const uint8_t *__restrict__ layout, int nqt, int nkt,
                  float scale, __nv_bfloat16 *__restrict__ O)
{
    __shared__ float sq[BT][HD + 1];
    __shared__ float sk[BT][HD + 1];
    __shared__ float sv[BT][HD + 1];
    __shared__ float sp[BT][BT + 1];
    int qt = blockIdx.x;
    int tid = threadIdx.x;
    for (int i = tid; i < BT * HD; i += blockDim.x)
        sq[i / HD][i % HD] = __bfloat162float(Q[((size_t)qt * BT + i / HD) * HD + i % HD]) * scale;
    // each thread owns row r = tid / 4 and 16 output dims
    int r = tid >> 2, dseg = (tid & 3) * 16;
    float acc[16];
#pragma unroll
    for (int d = 0; d < 16; ++d) acc[d] = 0.f;
    float m = -INFINITY, l = 0.f;
    for (int kt = 0; kt < nkt; ++kt) {
        if (!layout[qt * nkt + kt]) continue;
        __syncthreads();
        for (int i = tid; i < BT * HD; i += blockDim.x) {
            size_t g = ((size_t)kt * BT + i / HD) * HD + i % HD;
            sk[i / HD][i % HD] = __bfloat162float(K[g]);
            sv[i / HD][i % HD] = __bfloat162float(V[g]);
        }
        __syncthreads();
        // scores for row r, columns (tid&3)*8 .. +8
        float smax = -INFINITY;
        float s8[8];
#pragma unroll
        for (int c = 0; c < 8; ++c) {
            int col = (tid & 3) * 8 + c;
            float s = 0.f;
#pragma unroll 16
            for (int d = 0; d < HD; ++d) s += sq[r][d] * sk[col][d];
            if (kt == qt && col > r) s = -INFINITY;        // causal inside the diagonal tile
            s8[c] = s;
            smax = fmaxf(smax, s);
        }
        smax = fmaxf(smax, __shfl_xor_sync(~0u, smax, 1));
        smax = fmaxf(smax, __shfl_xor_sync(~0u, smax, 2));
        float mn = fmaxf(m, smax);
        float psum = 0.f;
#pragma unroll
        for (int c = 0; c < 8; ++c) {
            float p = mn == -INFINITY ? 0.f : __expf(s8[c] - mn);
            sp[r][(tid & 3) * 8 + c] = p;
            psum += p;
        }
        psum += __shfl_xor_sync(~0u, psum, 1);
        psum += __shfl_xor_sync(~0u, psum, 2);
        float corr = m == -INFINITY ? 0.f : __expf(m - mn);
        l = l * corr + psum;
        m = mn;
        __syncwarp();
#pragma unroll
        for (int d = 0; d < 16; ++d) {
            float a = acc[d] * corr;
#pragma unroll 8
            for (int c = 0; c < BT; ++c) a += sp[r][c] * sv[c][dseg + d];
            acc[d] = a;
        }
    }
    float il = l > 0.f ? 1.f / l : 0.f;
#pragma unroll
    for (int d = 0; d < 16; d += 2) {
        __nv_bfloat162 v = __floats2bfloat162_rn(acc[d] * il, acc[d + 1] * il);
        *(__nv_bfloat162 *)(O + ((size_t)qt * BT + r) * HD + dseg + d) = v;
    }
}

// Speculative decoding acceptance: for each sequence, walk the gamma draft tokens; accept token x
// with prob min(1, p(x)/q(x)); at the first rejection sample from norm(max(0, p - q)).
// One block per sequence, vocab reduced cooperatively.
extern "C" __global__ void spec_decode_accept(const float *__restrict__ p_target,   // [nseq][gamma+1][vocab]
                                              const float *__restrict__ q_draft,    // [nseq][gamma][vocab]
                                              const int *__restrict__ draft_tok, const float *__restrict__ uniforms,
                                              int gamma, int vocab, int *__restrict__ n_accepted, int *__restrict__ next_tok)
{
    __shared__ float red[32];
    __shared__ int s_acc;
    int sq = blockIdx.x;
    if (threadIdx.x == 0) {
        int a = 0;
        for (; a < gamma; ++a) {
            int x = draft_tok[sq * gamma + a];
            float p = p_target[((size_t)sq * (gamma + 1) + a) * vocab + x];
            float q = q_draft[((size_t)sq * gamma + a) * vocab + x];
            if (uniforms[sq * (gamma + 2) + a] * q > p) break;
        }
        s_acc = a;
    }
    __syncthreads();
    int a = s_acc;
    const float *P = p_target + ((size_t)sq * (gamma + 1) + a) * vocab;
    const float *Qd = a < gamma ? q_draft + ((size_t)sq * gamma + a) * vocab : nullptr;
    float local = 0.f;
    for (int v = threadIdx.x; v < vocab; v += blockDim.x) local += Qd ? fmaxf(P[v] - Qd[v], 0.f) : P[v];
    for (int o = 16; o; o >>= 1) local += __shfl_down_sync(~0u, local, o);
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = local;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0.f;
        for (int w = 0; w < (int)(blockDim.x >> 5); ++w) t += red[w];
        // sequential inverse-CDF sampling (vocab scan) on thread 0 for exactness
        float u = uniforms[sq * (gamma + 2) + gamma + 1] * t, c = 0.f;
        int tok = vocab - 1;
        for (int v = 0; v < vocab; ++v) {
            c += Qd ? fmaxf(P[v] - Qd[v], 0.f) : P[v];
            if (c >= u) { tok = v; break; }
        }
        n_accepted[sq] = a;
        next_tok[sq] = tok;
    }
}

// Top-k (k <= 16) per row: each thread keeps a sorted list in registers (insertion), warp merges.
#define TOPK 16
extern "C" __global__ void topk_rows_registers(const float *__restrict__ logits, int nrows, int vocab, int k,
                                               float *__restrict__ topv, int *__restrict__ topi)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (row >= nrows) return;
    float v[TOPK];
    int id[TOPK];
#pragma unroll
    for (int j = 0; j < TOPK; ++j) { v[j] = -INFINITY; id[j] = -1; }
    const float *L = logits + (size_t)row * vocab;
    for (int c = lane; c < vocab; c += 32) {
        float x = __ldg(L + c);
        if (x > v[TOPK - 1]) {
            v[TOPK - 1] = x; id[TOPK - 1] = c;
#pragma unroll
            for (int j = TOPK - 1; j > 0; --j) {
                if (v[j] > v[j - 1]) {
                    float tv = v[j]; v[j] = v[j - 1]; v[j - 1] = tv;
                    int ti = id[j]; id[j] = id[j - 1]; id[j - 1] = ti;
                }
            }
        }
    }
    // k rounds of warp argmax over each lane's head
    for (int r = 0; r < k && r < TOPK; ++r) {
        float best = v[0]; int bl = lane;
#pragma unroll
        for (int o = 16; o; o >>= 1) {
            float ob = __shfl_xor_sync(~0u, best, o);
            int ol = __shfl_xor_sync(~0u, bl, o);
            if (ob > best || (ob == best && ol < bl)) { best = ob; bl = ol; }
        }
        int bid = __shfl_sync(~0u, id[0], bl);
        if (lane == 0) { topv[(size_t)row * k + r] = best; topi[(size_t)row * k + r] = bid; }
        if (lane == bl) {
#pragma unroll
            for (int j = 0; j < TOPK - 1; ++j) { v[j] = v[j + 1]; id[j] = id[j + 1]; }
            v[TOPK - 1] = -INFINITY; id[TOPK - 1] = -1;
        }
    }
}
