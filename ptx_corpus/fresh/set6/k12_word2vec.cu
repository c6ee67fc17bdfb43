// word2vec training kernels (Hogwild-style SGD):
//  * skip-gram with negative sampling, one warp per (center, context) pair
//  * CBOW with negative sampling, one warp per target word
//  * row renormalisation of the embedding table (max-norm constraint)
#include <stdint.h>

#define W2V_DIM 128
#define W2V_PER_LANE (W2V_DIM / 32)
#define W2V_MAX_NEG 15

__device__ __forceinline__ float w2v_warp_sum(float v)
{
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    return v;
}

__device__ __forceinline__ float w2v_sigmoid_clamped(float x)
{
    x = fminf(fmaxf(x, -6.f), 6.f);
    return 1.f / (1.f + __expf(-x));
}

__device__ __forceinline__ unsigned int w2v_lcg(unsigned long long& s)
{
    s = s * 25214903917ULL + 11ULL;
    return (unsigned int)(s >> 16);
}

extern "C" __global__ void sgns_train_pairs(const int* __restrict__ centers,
                                            const int* __restrict__ contexts,
                                            int num_pairs,
                                            const int* __restrict__ unigram_table,
                                            int table_size,
                                            int negatives,
                                            float lr,
                                            unsigned long long seed,
                                            float* __restrict__ syn0,   // input vectors  [V, DIM]
                                            float* __restrict__ syn1,   // output vectors [V, DIM]
                                            float* __restrict__ loss_accum)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    int nwarps = (gridDim.x * blockDim.x) >> 5;
    unsigned long long rng = seed ^ ((unsigned long long)warp * 0x9E3779B97F4A7C15ULL);
    float loss = 0.f;

    for (int p = warp; p < num_pairs; p += nwarps) {
        int c = centers[p];
        int o = contexts[p];
        float4 v = reinterpret_cast<const float4*>(syn0 + (long long)c * W2V_DIM)[lane];
        float4 grad = make_float4(0.f, 0.f, 0.f, 0.f);
        for (int k = 0; k <= negatives && k <= W2V_MAX_NEG; ++k) {
            int target;
            float label;
            if (k == 0) { target = o; label = 1.f; }
            else {
                unsigned int r = 0;
                if (lane == 0) r = w2v_lcg(rng);
                r = __shfl_sync(0xffffffffu, r, 0);
                target = unigram_table[r % table_size];
                if (target == o) continue;
                label = 0.f;
            }
            float4* up = reinterpret_cast<float4*>(syn1 + (long long)target * W2V_DIM) + lane;
            float4 u = *up;
            float dot = w2v_warp_sum(v.x * u.x + v.y * u.y + v.z * u.z + v.w * u.w);
            float s = w2v_sigmoid_clamped(dot);
            loss -= label > 0.f ? __logf(s + 1e-7f) : __logf(1.f - s + 1e-7f);
            float g = (label - s) * lr;
            grad.x += g * u.x; grad.y += g * u.y; grad.z += g * u.z; grad.w += g * u.w;
            u.x += g * v.x; u.y += g * v.y; u.z += g * v.z; u.w += g * v.w;
            *up = u;
        }
        float4* vp = reinterpret_cast<float4*>(syn0 + (long long)c * W2V_DIM) + lane;
        v.x += grad.x; v.y += grad.y; v.z += grad.z; v.w += grad.w;
        *vp = v;
    }
    if (lane == 0) atomicAdd(loss_accum, loss);
}

// CBOW: hidden = mean of context vectors (window up to 2*5), predict target.
extern "C" __global__ void cbow_train(const int* __restrict__ sentence,
                                      int sentence_len,
                                      int window,
                                      const int* __restrict__ neg_samples,   // [sentence_len, negatives]
                                      int negatives,
                                      float lr,
                                      float* __restrict__ syn0,
                                      float* __restrict__ syn1)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= sentence_len) return;
    int pos = warp;
    float h[W2V_PER_LANE];
#pragma unroll
    for (int j = 0; j < W2V_PER_LANE; ++j) h[j] = 0.f;
    int cnt = 0;
    for (int d = -window; d <= window; ++d) {
        int q = pos + d;
        if (d == 0 || q < 0 || q >= sentence_len) continue;
        const float* row = syn0 + (long long)sentence[q] * W2V_DIM;
#pragma unroll
        for (int j = 0; j < W2V_PER_LANE; ++j) h[j] += row[lane + 32 * j];
        ++cnt;
    }
    if (cnt == 0) return;
    float inv = 1.f / cnt;
#pragma unroll
    for (int j = 0; j < W2V_PER_LANE; ++j) h[j] *= inv;

    float e[W2V_PER_LANE];
#pragma unroll
    for (int j = 0; j < W2V_PER_LANE; ++j) e[j] = 0.f;
    for (int k = 0; k <= negatives; ++k) {
        int target = k == 0 ? sentence[pos] : neg_samples[pos * negatives + k - 1];
        float label = k == 0 ? 1.f : 0.f;
        float* u = syn1 + (long long)target * W2V_DIM;
        float uu[W2V_PER_LANE];
        float dot = 0.f;
#pragma unroll
        for (int j = 0; j < W2V_PER_LANE; ++j) { uu[j] = u[lane + 32 * j]; dot += h[j] * uu[j]; }
        dot = w2v_warp_sum(dot);
        float g = (label - w2v_sigmoid_clamped(dot)) * lr;
#pragma unroll
        for (int j = 0; j < W2V_PER_LANE; ++j) {
            e[j] += g * uu[j];
            u[lane + 32 * j] = uu[j] + g * h[j];
        }
    }
    for (int d = -window; d <= window; ++d) {
        int q = pos + d;
        if (d == 0 || q < 0 || q >= sentence_len) continue;
        float* row = syn0 + (long long)sentence[q] * W2V_DIM;
#pragma unroll
        for (int j = 0; j < W2V_PER_LANE; ++j) atomicAdd(&row[lane + 32 * j], e[j]);
    }
}

// Max-norm projection of touched rows (also used after fastText updates).
extern "C" __global__ void embedding_maxnorm(float* __restrict__ emb,
                                             const int* __restrict__ rows,
                                             int num_rows, int dim,
                                             float max_norm)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= num_rows) return;
    float* r = emb + (long long)rows[warp] * dim;
    float ss = 0.f;
    for (int j = lane; j < dim; j += 32) { float x = r[j]; ss += x * x; }
    ss = w2v_warp_sum(ss);
    float norm = sqrtf(ss);
    if (norm > max_norm) {
        float scale = max_norm / (norm + 1e-7f);
        for (int j = lane; j < dim; j += 32) r[j] *= scale;
    }
}
