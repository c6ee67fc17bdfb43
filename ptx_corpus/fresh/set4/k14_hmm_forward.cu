// Hidden Markov model inference: scaled forward algorithm (block per sequence), log-space forward-backward posterior, and Baum-Welch transition count accumulation.
#include <cuda_runtime.h>

#define MAXS 64

// forward pass with per-step scaling; transition matrix (S x S) in shared memory; thread j owns state j
extern "C" __global__ void __launch_bounds__(MAXS)
hmm_forward_scaled(const float* __restrict__ A, const float* __restrict__ B /*S x V*/, const float* __restrict__ pi,
                   const int* __restrict__ obs, int T, int S, int V, float* __restrict__ alpha, float* __restrict__ logLik)
{
    __shared__ float sA[MAXS * MAXS];
    __shared__ float prev[MAXS];
    __shared__ float red[2];
    int j = threadIdx.x;
    for (int i = j; i < S * S; i += blockDim.x) sA[i] = A[i];
    const int* o = obs + (size_t)blockIdx.x * T;
    float* al = alpha + (size_t)blockIdx.x * T * S;
    float a = (j < S) ? pi[j] * B[j * V + o[0]] : 0.f;
    float ll = 0.f;
    for (int t = 0; t < T; ++t) {
        if (t > 0) {
            float s = 0.f;
            if (j < S) {
#pragma unroll 8
                for (int i = 0; i < S; ++i) s = fmaf(prev[i], sA[i * S + j], s);
                a = s * B[j * V + o[t]];
            }
        }
        // scale
        float v = a;
        for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
        __syncthreads();
        if ((j & 31) == 0) red[j >> 5] = v;
        __syncthreads();
        float c = red[0] + (blockDim.x > 32 ? red[1] : 0.f);
        a = a / c;
        ll += __logf(c);
        if (j < S) { prev[j] = a; al[(size_t)t * S + j] = a; }
        __syncthreads();
    }
    if (j == 0) logLik[blockIdx.x] = ll;
}

__device__ __forceinline__ float logsumexp2(float a, float b)
{
    float m = fmaxf(a, b);
    return m == -INFINITY ? m : m + __logf(__expf(a - m) + __expf(b - m));
}

// backward pass in log space + posterior gamma; one warp per sequence (S <= 32), thread j owns state j
extern "C" __global__ void
hmm_backward_posterior_log(const float* __restrict__ logA, const float* __restrict__ logB, const int* __restrict__ obs,
                           const float* __restrict__ logAlpha, int T, int S, int V, float* __restrict__ logBeta,
                           float* __restrict__ gamma)
{
    extern __shared__ float sh[];
    float* bcur = sh; float* bnext = sh + S;
    int seq = blockIdx.x, j = threadIdx.x;
    const int* o = obs + (size_t)seq * T;
    const float* la = logAlpha + (size_t)seq * T * S;
    float* lb = logBeta + (size_t)seq * T * S;
    if (j < S) { bnext[j] = 0.f; lb[(size_t)(T - 1) * S + j] = 0.f; }
    __syncthreads();
    for (int t = T - 2; t >= 0; --t) {
        if (j < S) {
            float acc = -INFINITY;
            int ot = o[t + 1];
            for (int k = 0; k < S; ++k) acc = logsumexp2(acc, logA[j * S + k] + logB[k * V + ot] + bnext[k]);
            bcur[j] = acc;
            lb[(size_t)t * S + j] = acc;
        }
        __syncthreads();
        if (j < S) bnext[j] = bcur[j];
        __syncthreads();
    }
    // posteriors: gamma_t(j) = alpha*beta / sum
    for (int t = 0; t < T; ++t) {
        float v = (j < S) ? la[(size_t)t * S + j] + lb[(size_t)t * S + j] : -INFINITY;
        float m = v;
        for (int off = 16; off > 0; off >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, off));
        float e = (j < S) ? __expf(v - m) : 0.f;
        float s = e;
        for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffffu, s, off);
        if (j < S) gamma[((size_t)seq * T + t) * S + j] = e / s;
    }
}

// expected transition counts xi summed over time; each thread owns one (i,j) pair of one sequence
extern "C" __global__ void __launch_bounds__(256, 4)
hmm_xi_accumulate(const float* __restrict__ A, const float* __restrict__ B, const int* __restrict__ obs,
                  const float* __restrict__ alpha, const float* __restrict__ beta, int T, int S, int V, int nSeq,
                  float* __restrict__ counts)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= nSeq * S * S) return;
    int seq = idx / (S * S), ij = idx % (S * S), i = ij / S, j = ij % S;
    const float* al = alpha + (size_t)seq * T * S;
    const float* be = beta + (size_t)seq * T * S;
    const int* o = obs + (size_t)seq * T;
    float aij = A[ij];
    float acc = 0.f;
    for (int t = 0; t < T - 1; ++t) {
        float norm = 0.f;
        for (int k = 0; k < S; ++k) norm = fmaf(al[(size_t)t * S + k], be[(size_t)t * S + k], norm);
        acc += al[(size_t)t * S + i] * aij * B[j * V + o[t + 1]] * be[(size_t)(t + 1) * S + j] / norm;
    }
    atomicAdd(&counts[ij], acc);
}
