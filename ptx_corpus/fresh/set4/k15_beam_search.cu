// Beam search decoding step: per-beam log-softmax + per-thread top-K insertion lists merged by warp shuffles, and final candidate selection / beam reorder.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define TOPK 8

struct Cand { float score; int id; };

__device__ __forceinline__ void insert_topk(float (&sc)[TOPK], int (&id)[TOPK], float s, int t)
{
    if (s <= sc[TOPK - 1]) return;
    sc[TOPK - 1] = s; id[TOPK - 1] = t;
#pragma unroll
    for (int k = TOPK - 1; k > 0; --k) {
        if (sc[k] > sc[k - 1]) {
            float ts = sc[k]; sc[k] = sc[k - 1]; sc[k - 1] = ts;
            int ti = id[k]; id[k] = id[k - 1]; id[k - 1] = ti;
        }
    }
}

// one block per (batch, beam); logits in half; produces TOPK candidates with cumulative log-prob
extern "C" __global__ void __launch_bounds__(256)
beam_topk_logsoftmax(const __half* __restrict__ logits, const float* __restrict__ beamScore, int vocab,
                     float* __restrict__ candScore, int* __restrict__ candTok)
{
    int row = blockIdx.x;
    const __half* L = logits + (size_t)row * vocab;
    __shared__ float sMax[8], sSum[8];
    __shared__ float sSc[256 / 32 * TOPK];
    __shared__ int sId[256 / 32 * TOPK];
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5, nw = blockDim.x >> 5;
    // pass 1: max
    float m = -INFINITY;
    for (int v = threadIdx.x; v < vocab; v += blockDim.x) m = fmaxf(m, __half2float(L[v]));
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    if (lane == 0) sMax[wid] = m;
    __syncthreads();
    m = sMax[0];
    for (int w = 1; w < nw; ++w) m = fmaxf(m, sMax[w]);
    // pass 2: sum exp and local top-k
    float s = 0.f;
    float sc[TOPK]; int id[TOPK];
#pragma unroll
    for (int k = 0; k < TOPK; ++k) { sc[k] = -INFINITY; id[k] = -1; }
    for (int v = threadIdx.x; v < vocab; v += blockDim.x) {
        float x = __half2float(L[v]);
        s += __expf(x - m);
        insert_topk(sc, id, x, v);
    }
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    if (lane == 0) sSum[wid] = s;
    // warp merge of top-k lists: repeatedly extract the warp max head
    float wsc[TOPK]; int wid_[TOPK];
    int head = 0;
#pragma unroll
    for (int k = 0; k < TOPK; ++k) {
        float mine = head < TOPK ? sc[0] : -INFINITY;
        float best = mine; int bl = lane;
        for (int o = 16; o > 0; o >>= 1) {
            float ob = __shfl_xor_sync(0xffffffffu, best, o);
            int ol = __shfl_xor_sync(0xffffffffu, bl, o);
            if (ob > best || (ob == best && ol < bl)) { best = ob; bl = ol; }
        }
        int bid = __shfl_sync(0xffffffffu, id[0], bl);
        wsc[k] = best; wid_[k] = bid;
        if (lane == bl) {
#pragma unroll
            for (int q = 0; q < TOPK - 1; ++q) { sc[q] = sc[q + 1]; id[q] = id[q + 1]; }
            sc[TOPK - 1] = -INFINITY; ++head;
        }
    }
    if (lane == 0) {
#pragma unroll
        for (int k = 0; k < TOPK; ++k) { sSc[wid * TOPK + k] = wsc[k]; sId[wid * TOPK + k] = wid_[k]; }
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        float tot = 0.f;
        for (int w = 0; w < nw; ++w) tot += sSum[w];
        float lse = m + __logf(tot);
        float fs[TOPK]; int fi[TOPK];
#pragma unroll
        for (int k = 0; k < TOPK; ++k) { fs[k] = -INFINITY; fi[k] = -1; }
        for (int e = 0; e < nw * TOPK; ++e) insert_topk(fs, fi, sSc[e], sId[e]);
        float base = beamScore[row];
#pragma unroll
        for (int k = 0; k < TOPK; ++k) { candScore[row * TOPK + k] = base + fs[k] - lse; candTok[row * TOPK + k] = fi[k]; }
    }
}

// per batch item: pick best `beams` out of beams*TOPK candidates, apply length penalty, emit parent indices
extern "C" __global__ void
beam_select_reorder(const float* __restrict__ candScore, const int* __restrict__ candTok, int beams, int step,
                    float lenPenalty, int eosId, float* __restrict__ newScore, int* __restrict__ parent,
                    int* __restrict__ tokens, unsigned char* __restrict__ finished, int nBatch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBatch) return;
    const float* cs = candScore + (size_t)b * beams * TOPK;
    const int* ct = candTok + (size_t)b * beams * TOPK;
    float bs[TOPK]; int bi[TOPK];
#pragma unroll
    for (int k = 0; k < TOPK; ++k) { bs[k] = -INFINITY; bi[k] = -1; }
    float lp = __powf((5.f + step + 1) / 6.f, lenPenalty);
    for (int c = 0; c < beams * TOPK; ++c) {
        float s = cs[c];
        if (ct[c] == eosId) s = s / lp;  // normalized score for finished hypotheses
        insert_topk(bs, bi, s, c);
    }
    for (int k = 0; k < beams && k < TOPK; ++k) {
        int c = bi[k];
        newScore[b * beams + k] = bs[k];
        parent[b * beams + k] = c / TOPK;
        tokens[b * beams + k] = ct[c];
        finished[b * beams + k] = ct[c] == eosId;
    }
}
