// CTC loss (Graves et al.) in log space:
//  * forward (alpha) recursion, one block per utterance
//  * backward (beta) recursion
//  * gradient wrt unnormalised logits from alpha, beta and log-softmax
#include <stdint.h>

#define CTC_NEG_INF (-1e30f)
#define CTC_MAX_S 1024     // 2 * max_label_len + 1

__device__ __forceinline__ float ctc_lse2(float a, float b)
{
    float m = fmaxf(a, b);
    if (m <= CTC_NEG_INF) return CTC_NEG_INF;
    return m + __logf(__expf(a - m) + __expf(b - m));
}
__device__ __forceinline__ float ctc_lse3(float a, float b, float c)
{
    float m = fmaxf(a, fmaxf(b, c));
    if (m <= CTC_NEG_INF) return CTC_NEG_INF;
    return m + __logf(__expf(a - m) + __expf(b - m) + __expf(c - m));
}

// log_probs: [T, B, C] log-softmax outputs. labels concatenated with offsets.
// alpha: [B, T, S] stored for the gradient pass. Launch with >= 128 threads
// (each thread keeps at most CTC_MAX_S/128 new values between barriers).
extern "C" __global__ void ctc_alpha_forward(const float* __restrict__ log_probs,
                                             const int* __restrict__ labels,
                                             const int* __restrict__ label_offsets,
                                             const int* __restrict__ label_lengths,
                                             const int* __restrict__ input_lengths,
                                             int T_max, int B, int C, int blank,
                                             float* __restrict__ alpha,
                                             float* __restrict__ neg_log_likelihood)
{
    __shared__ float s_prev[CTC_MAX_S];
    __shared__ int s_lab[CTC_MAX_S];
    int b = blockIdx.x;
    int L = label_lengths[b];
    int S = 2 * L + 1;
    int Tb = input_lengths[b];
    const int* lab = labels + label_offsets[b];
    for (int s = threadIdx.x; s < S; s += blockDim.x) s_lab[s] = (s & 1) ? lab[s >> 1] : blank;
    __syncthreads();

    float* a_b = alpha + (long long)b * T_max * CTC_MAX_S;
    for (int s = threadIdx.x; s < S; s += blockDim.x) {
        float v = CTC_NEG_INF;
        if (s < 2) v = log_probs[(long long)b * C + s_lab[s]];
        s_prev[s] = v;
        a_b[s] = v;
    }
    __syncthreads();
    for (int t = 1; t < Tb; ++t) {
        const float* lp = log_probs + ((long long)t * B + b) * C;
        float nv[CTC_MAX_S / 128];
        int k = 0;
        for (int s = threadIdx.x; s < S; s += blockDim.x, ++k) {
            float a0 = s_prev[s];
            float a1 = s > 0 ? s_prev[s - 1] : CTC_NEG_INF;
            float a2 = CTC_NEG_INF;
            int l = s_lab[s];
            if (s > 1 && l != blank && l != s_lab[s - 2]) a2 = s_prev[s - 2];
            float v = ctc_lse3(a0, a1, a2) + lp[l];
            // states that cannot reach the end in remaining steps are pruned
            if (s < S - 2 * (Tb - t)) v = CTC_NEG_INF;
            nv[k] = v;
        }
        __syncthreads();
        k = 0;
        for (int s = threadIdx.x; s < S; s += blockDim.x, ++k) {
            s_prev[s] = nv[k];
            a_b[(long long)t * CTC_MAX_S + s] = nv[k];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        float ll = S > 1 ? ctc_lse2(s_prev[S - 1], s_prev[S - 2]) : s_prev[S - 1];
        neg_log_likelihood[b] = -ll;
    }
}

extern "C" __global__ void ctc_beta_backward(const float* __restrict__ log_probs,
                                             const int* __restrict__ labels,
                                             const int* __restrict__ label_offsets,
                                             const int* __restrict__ label_lengths,
                                             const int* __restrict__ input_lengths,
                                             int T_max, int B, int C, int blank,
                                             float* __restrict__ beta)
{
    __shared__ float s_next[CTC_MAX_S];
    __shared__ int s_lab[CTC_MAX_S];
    int b = blockIdx.x;
    int L = label_lengths[b];
    int S = 2 * L + 1;
    int Tb = input_lengths[b];
    const int* lab = labels + label_offsets[b];
    for (int s = threadIdx.x; s < S; s += blockDim.x) s_lab[s] = (s & 1) ? lab[s >> 1] : blank;
    __syncthreads();
    float* be = beta + (long long)b * T_max * CTC_MAX_S;
    {
        const float* lp = log_probs + ((long long)(Tb - 1) * B + b) * C;
        for (int s = threadIdx.x; s < S; s += blockDim.x) {
            float v = (s >= S - 2) ? lp[s_lab[s]] : CTC_NEG_INF;
            s_next[s] = v;
            be[(long long)(Tb - 1) * CTC_MAX_S + s] = v;
        }
    }
    __syncthreads();
    for (int t = Tb - 2; t >= 0; --t) {
        const float* lp = log_probs + ((long long)t * B + b) * C;
        float nv[CTC_MAX_S / 128];
        int k = 0;
        for (int s = threadIdx.x; s < S; s += blockDim.x, ++k) {
            float b0 = s_next[s];
            float b1 = s + 1 < S ? s_next[s + 1] : CTC_NEG_INF;
            float b2 = CTC_NEG_INF;
            int l = s_lab[s];
            if (s + 2 < S && l != blank && l != s_lab[s + 2]) b2 = s_next[s + 2];
            float v = ctc_lse3(b0, b1, b2) + lp[l];
            if (s > 2 * t + 1) v = CTC_NEG_INF;
            nv[k] = v;
        }
        __syncthreads();
        k = 0;
        for (int s = threadIdx.x; s < S; s += blockDim.x, ++k) {
            s_next[s] = nv[k];
            be[(long long)t * CTC_MAX_S + s] = nv[k];
        }
        __syncthreads();
    }
}

// grad[t,b,c] = softmax[t,b,c] - exp(lse_{s: l'(s)=c}(alpha+beta - lp) + nll)
// One block per (t, b); each thread owns classes c and scans the S states.
// The per-state values are first computed into shared memory.
extern "C" __global__ void ctc_logits_grad(const float* __restrict__ log_probs,
                                           const float* __restrict__ alpha,
                                           const float* __restrict__ beta,
                                           const int* __restrict__ labels,
                                           const int* __restrict__ label_offsets,
                                           const int* __restrict__ label_lengths,
                                           const int* __restrict__ input_lengths,
                                           const float* __restrict__ nll,
                                           const float* __restrict__ grad_out,   // [B]
                                           int T_max, int B, int C, int blank,
                                           float* __restrict__ grad)
{
    __shared__ float s_ab[CTC_MAX_S];
    __shared__ int s_lab[CTC_MAX_S];
    int t = blockIdx.x, b = blockIdx.y;
    int Tb = input_lengths[b];
    const float* lp = log_probs + ((long long)t * B + b) * C;
    float* g = grad + ((long long)t * B + b) * C;
    if (t >= Tb) {
        for (int c = threadIdx.x; c < C; c += blockDim.x) g[c] = 0.f;
        return;
    }
    int L = label_lengths[b], S = 2 * L + 1;
    const int* lab = labels + label_offsets[b];
    const float* a = alpha + ((long long)b * T_max + t) * CTC_MAX_S;
    const float* be = beta + ((long long)b * T_max + t) * CTC_MAX_S;
    for (int s = threadIdx.x; s < S; s += blockDim.x) {
        int l = (s & 1) ? lab[s >> 1] : blank;
        s_lab[s] = l;
        s_ab[s] = a[s] + be[s] - lp[l];   // beta includes lp at t
    }
    __syncthreads();
    float ll = nll[b];
    float go = grad_out[b];
    for (int c = threadIdx.x; c < C; c += blockDim.x) {
        float m = CTC_NEG_INF, acc = 0.f;
        for (int s = 0; s < S; ++s) {
            if (s_lab[s] != c) continue;
            float v = s_ab[s];
            if (v > m) { acc = acc * __expf(m - v) + 1.f; m = v; }
            else acc += __expf(v - m);
        }
        float lpc = lp[c];
        float occ = (m <= CTC_NEG_INF) ? 0.f : __expf(m + __logf(acc) + ll);
        g[c] = go * (__expf(lpc) - occ);
    }
}
