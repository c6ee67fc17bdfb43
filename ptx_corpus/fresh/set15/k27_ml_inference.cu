// Domain: ML inference kernels (quantised GEMV/GEMM, top-k, beam search)
// gemv_int8_dp4a: int8 weight x int8 activation GEMV with __dp4a, one warp per output row, per-row dequant scale.
// gemv_q4_groupwise: 4-bit (8 per uint32) group-quantised weights with fp16 scale/zero per 128-group, fp32 activations, warp per row.
// gemm_q4_batch8_lb: 8-token batched GEMM against 4-bit weights, each thread 8 tokens x 4 outputs, __launch_bounds__(256,8).
// topk8_warp_rows: per-row top-8 (value, index): each lane keeps a sorted top-8 in registers, then lane 0 merges from shared.
// beam_search_step: one thread per sequence: merges B beams x K candidates (B, K <= 8) into the new top-B beams.

#include <cuda_fp16.h>
#include <stdint.h>

extern "C" __global__ void gemv_int8_dp4a(const int8_t* __restrict__ W, const int8_t* __restrict__ x,
                                          const float* __restrict__ row_scale, float x_scale,
                                          float* __restrict__ y, int rows, int cols)
{
    // cols multiple of 16
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (row >= rows) return;
    const int4* w4 = reinterpret_cast<const int4*>(W + (size_t)row * cols);
    const int4* x4 = reinterpret_cast<const int4*>(x);
    int acc = 0;
    for (int c = lane; c < cols / 16; c += 32) {
        int4 a = w4[c], b = __ldg(&x4[c]);
        acc = __dp4a(a.x, b.x, acc);
        acc = __dp4a(a.y, b.y, acc);
        acc = __dp4a(a.z, b.z, acc);
        acc = __dp4a(a.w, b.w, acc);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (lane == 0) y[row] = (float)acc * row_scale[row] * x_scale;
}

extern "C" __global__ void gemv_q4_groupwise(const uint32_t* __restrict__ Wq, const __half* __restrict__ scales,
                                             const __half* __restrict__ zeros, const float* __restrict__ x,
                                             float* __restrict__ y, int rows, int cols)
{
    // cols multiple of 128; row-major packed: cols/8 words per row; group = 128 columns = 16 words
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (row >= rows) return;
    int words = cols / 8, groups = cols / 128;
    const uint32_t* wr = Wq + (size_t)row * words;
    float acc = 0.f;
    for (int wi = lane; wi < words; wi += 32) {
        int g = wi >> 4;
        float sc = __half2float(scales[(size_t)row * groups + g]);
        float zp = __half2float(zeros[(size_t)row * groups + g]);
        uint32_t q = wr[wi];
        const float4* xp = reinterpret_cast<const float4*>(x + wi * 8);
        float4 xa = __ldg(&xp[0]), xb = __ldg(&xp[1]);
        float xs[8] = {xa.x, xa.y, xa.z, xa.w, xb.x, xb.y, xb.z, xb.w};
        float part = 0.f, xsum = 0.f;
#pragma unroll
        for (int k = 0; k < 8; k++) {
            float wv = (float)((q >> (4 * k)) & 15u);
            part = fmaf(wv, xs[k], part);
            xsum += xs[k];
        }
        acc += sc * (part - zp * xsum);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (lane == 0) y[row] = acc;
}

extern "C" __global__ void __launch_bounds__(256, 8)
gemm_q4_batch8_lb(const uint32_t* __restrict__ Wq, const __half* __restrict__ scales, const float* __restrict__ X,
                  float* __restrict__ Y, int N, int K)
{
    // Wq: [K/8][N] packed along K (column-major friendly), scales: [K/128][N] (symmetric, zero = 8)
    // X: [8][K], Y: [8][N]; each thread handles 4 consecutive output columns for all 8 tokens
    __shared__ float xs[8][128];
    int n0 = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    float acc[8][4];
#pragma unroll
    for (int t = 0; t < 8; t++)
#pragma unroll
        for (int j = 0; j < 4; j++) acc[t][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += 128) {
        __syncthreads();
        for (int e = threadIdx.x; e < 8 * 128; e += blockDim.x) xs[e >> 7][e & 127] = X[(size_t)(e >> 7) * K + k0 + (e & 127)];
        __syncthreads();
        if (n0 < N) {
            float sc[4];
#pragma unroll
            for (int j = 0; j < 4; j++) sc[j] = (n0 + j < N) ? __half2float(scales[(size_t)(k0 / 128) * N + n0 + j]) : 0.f;
            for (int kw = 0; kw < 16; kw++) {
                uint32_t q[4];
#pragma unroll
                for (int j = 0; j < 4; j++) q[j] = (n0 + j < N) ? __ldg(&Wq[(size_t)(k0 / 8 + kw) * N + n0 + j]) : 0x88888888u;
#pragma unroll
                for (int b = 0; b < 8; b++) {
                    float w[4];
#pragma unroll
                    for (int j = 0; j < 4; j++) w[j] = ((float)((q[j] >> (4 * b)) & 15u) - 8.f) * sc[j];
#pragma unroll
                    for (int t = 0; t < 8; t++) {
                        float xv = xs[t][kw * 8 + b];
#pragma unroll
                        for (int j = 0; j < 4; j++) acc[t][j] = fmaf(xv, w[j], acc[t][j]);
                    }
                }
            }
        }
    }
    if (n0 >= N) return;
#pragma unroll
    for (int t = 0; t < 8; t++)
#pragma unroll
        for (int j = 0; j < 4; j++)
            if (n0 + j < N) Y[(size_t)t * N + n0 + j] = acc[t][j];
}

extern "C" __global__ void topk8_warp_rows(const float* __restrict__ logits, int rows, int cols,
                                           float* __restrict__ topv, int* __restrict__ topi)
{
    // blockDim.x = 256 (8 warps, one row per warp)
    __shared__ float sv[8][32 * 8];
    __shared__ int si[8][32 * 8];
    int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    int row = blockIdx.x * 8 + warp;
    if (row >= rows) return;
    const float* r = logits + (size_t)row * cols;
    float v[8];
    int id[8];
#pragma unroll
    for (int k = 0; k < 8; k++) { v[k] = -INFINITY; id[k] = -1; }
    for (int c = lane; c < cols; c += 32) {
        float x = r[c];
        if (x <= v[7]) continue;
        // insertion into the descending register list (unrolled compare-and-shift)
        int xi = c;
#pragma unroll
        for (int k = 0; k < 8; k++) {
            if (x > v[k]) {
                float tv = v[k]; int ti = id[k];
                v[k] = x; id[k] = xi;
                x = tv; xi = ti;
            }
        }
    }
#pragma unroll
    for (int k = 0; k < 8; k++) { sv[warp][lane * 8 + k] = v[k]; si[warp][lane * 8 + k] = id[k]; }
    __syncwarp();
    if (lane == 0) {
        // 32-way merge of sorted lists via head pointers
        int head[32];
        for (int l = 0; l < 32; l++) head[l] = 0;
        for (int k = 0; k < 8; k++) {
            float best = -INFINITY;
            int bl = 0;
            for (int l = 0; l < 32; l++) {
                if (head[l] < 8) {
                    float cand = sv[warp][l * 8 + head[l]];
                    if (cand > best) { best = cand; bl = l; }
                }
            }
            topv[(size_t)row * 8 + k] = best;
            topi[(size_t)row * 8 + k] = si[warp][bl * 8 + head[bl]];
            head[bl]++;
        }
    }
}

extern "C" __global__ void beam_search_step(const float* __restrict__ beam_score, const float* __restrict__ cand_logp,
                                            const int* __restrict__ cand_tok, int nseq, int B, int K,
                                            float* __restrict__ new_score,
                                            int* __restrict__ parent, int* __restrict__ token)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nseq) return;
    B = min(B, 8); K = min(K, 8);
    float best_s[8];
    short best_p[8], best_k[8];
    int nb = 0;
    for (int b = 0; b < B; b++) {
        float bs = beam_score[(size_t)s * B + b];
        for (int k = 0; k < K; k++) {
            float sc = bs + cand_logp[((size_t)s * B + b) * K + k];
            if (nb == B && sc <= best_s[B - 1]) continue;
            int pos = nb < B ? nb++ : B - 1;
            while (pos > 0 && best_s[pos - 1] < sc) {
                best_s[pos] = best_s[pos - 1]; best_p[pos] = best_p[pos - 1]; best_k[pos] = best_k[pos - 1];
                pos--;
            }
            best_s[pos] = sc; best_p[pos] = (short)b; best_k[pos] = (short)k;
        }
    }
    for (int i = 0; i < nb; i++) {
        new_score[(size_t)s * B + i] = best_s[i];
        parent[(size_t)s * B + i] = best_p[i];
        token[(size_t)s * B + i] = cand_tok[((size_t)s * B + best_p[i]) * K + best_k[i]];
    }
}
