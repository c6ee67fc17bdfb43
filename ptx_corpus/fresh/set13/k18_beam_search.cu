// k18_beam_search.cu
// ML/sequence decoding: beam search and CTC decoding steps.
//  - beam_step_local:      one thread per batch item: expands BEAM x V log-probs, keeps the
//                          best BEAM hypotheses in a thread-local heap (run-time indexed)
//  - log_softmax_rows:     warp-per-row log-softmax (small)
//  - ctc_greedy_collapse:  argmax per frame, collapse repeats and blanks
//  - beam_backtrack:       follows parent pointers to recover sequences (data-dependent loop)
#include <float.h>

#define BEAM 8

extern "C" __global__ void beam_step_local(const float* __restrict__ logp /* B x BEAM x V */, const float* __restrict__ beamScore,
                                           int B, int V, float lenPenalty, int step,
                                           float* __restrict__ newScore, int* __restrict__ newToken, int* __restrict__ parent)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= B) return;
    float hs[BEAM];
    int ht[BEAM], hp[BEAM];
    int hn = 0;
    float lp = __powf((5.f + step) / 6.f, lenPenalty);
    for (int k = 0; k < BEAM; ++k) {
        float base = beamScore[b * BEAM + k];
        const float* row = logp + ((size_t)b * BEAM + k) * V;
        for (int v = 0; v < V; ++v) {
            float sc = (base + row[v]) / lp;
            if (hn < BEAM) {
                // sift up in a min-heap
                int i = hn++;
                while (i > 0 && hs[(i - 1) >> 1] > sc) { int p = (i - 1) >> 1; hs[i] = hs[p]; ht[i] = ht[p]; hp[i] = hp[p]; i = p; }
                hs[i] = sc; ht[i] = v; hp[i] = k;
            } else if (sc > hs[0]) {
                int i = 0;
                while (true) {
                    int l = 2 * i + 1, r = l + 1, m = i;
                    float mv = sc;
                    if (l < BEAM && hs[l] < mv) { m = l; mv = hs[l]; }
                    if (r < BEAM && hs[r] < mv) { m = r; }
                    if (m == i) break;
                    hs[i] = hs[m]; ht[i] = ht[m]; hp[i] = hp[m]; i = m;
                }
                hs[i] = sc; ht[i] = v; hp[i] = k;
            }
        }
    }
    for (int k = 0; k < BEAM; ++k) {
        newScore[b * BEAM + k] = hs[k] * lp;
        newToken[b * BEAM + k] = ht[k];
        parent[b * BEAM + k] = hp[k];
    }
}

extern "C" __global__ void log_softmax_rows(const float* __restrict__ logits, float* __restrict__ out, int rows, int V)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (row >= rows) return;
    const float* x = logits + (size_t)row * V;
    float m = -FLT_MAX;
    for (int v = lane; v < V; v += 32) m = fmaxf(m, x[v]);
    for (int o = 16; o; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    float s = 0.f;
    for (int v = lane; v < V; v += 32) s += __expf(x[v] - m);
    for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    float lse = m + __logf(s);
    for (int v = lane; v < V; v += 32) out[(size_t)row * V + v] = x[v] - lse;
}

extern "C" __global__ void ctc_greedy_collapse(const float* __restrict__ probs /* B x T x V */, int B, int T, int V,
                                               int blank, int* __restrict__ labels, int* __restrict__ lengths)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= B) return;
    int prev = -1, len = 0;
    for (int t = 0; t < T; ++t) {
        const float* p = probs + ((size_t)b * T + t) * V;
        float best = p[0]; int bi = 0;
        for (int v = 1; v < V; ++v) if (p[v] > best) { best = p[v]; bi = v; }
        if (bi != prev && bi != blank) labels[(size_t)b * T + len++] = bi;
        prev = bi;
    }
    lengths[b] = len;
}

extern "C" __global__ void beam_backtrack(const int* __restrict__ tokens /* T x B x BEAM */, const int* __restrict__ parents,
                                          const float* __restrict__ finalScore, int T, int B,
                                          int* __restrict__ outSeq, float* __restrict__ outScore)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= B) return;
    int best = 0;
    float bs = finalScore[b * BEAM];
    for (int k = 1; k < BEAM; ++k) if (finalScore[b * BEAM + k] > bs) { bs = finalScore[b * BEAM + k]; best = k; }
    int k = best;
    for (int t = T - 1; t >= 0; --t) {
        size_t o = ((size_t)t * B + b) * BEAM + k;
        outSeq[(size_t)b * T + t] = tokens[o];
        k = parents[o];
    }
    outScore[b] = bs;
}
