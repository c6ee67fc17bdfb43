// Recommendation-model kernels: embedding bag (sum/mean/max with per-sample weights, fp16
// tables, float4-vectorised rows), hashed feature crosses (multi-field hashing into a shared
// embedding space), DLRM pairwise dot interaction with the upper triangle flattened, and a
// DCN-v2 cross layer with a low-rank weight held in shared memory.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <stdint.h>

// Each warp handles one bag; D = 128 (lane owns 4 dims via 8-byte half loads).
extern "C" __global__ void embedding_bag_fp16(const __half *__restrict__ table, const int64_t *__restrict__ indices,
                                              const int64_t *__restrict__ offsets, const float *__restrict__ per_sample_w,
                                              int nbags, int mode,   // 0 sum, 1 mean, 2 max
                                              float *__restrict__ out)
{
    const int D = 128;
    int bag = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (bag >= nbags) return;
    int64_t beg = offsets[bag], end = offsets[bag + 1];
    float4 acc = mode == 2 ? make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY) : make_float4(0, 0, 0, 0);
    for (int64_t k = beg; k < end; ++k) {
        int64_t row = __ldg((const long long *)indices + k);
        float w = per_sample_w ? __ldg(per_sample_w + k) : 1.f;
        uint2 raw = __ldg((const uint2 *)(table + row * D) + lane);
        float2 a = __half22float2(*(__half2 *)&raw.x), b = __half22float2(*(__half2 *)&raw.y);
        if (mode == 2) {
            acc.x = fmaxf(acc.x, a.x * w); acc.y = fmaxf(acc.y, a.y * w);
            acc.z = fmaxf(acc.z, b.x * w); acc.w = fmaxf(acc.w, b.y * w);
        } else {
            acc.x += a.x * w; acc.y += a.y * w; acc.z += b.x * w; acc.w += b.y * w;
        }
    }
    if (mode == 1 && end > beg) {
        float inv = 1.f / (float)(end - beg);
        acc.x *= inv; acc.y *= inv; acc.z *= inv; acc.w *= inv;
    }
    if (end == beg) acc = make_float4(0, 0, 0, 0);
    ((float4 *)(out + (size_t)bag * D))[lane] = acc;
}

__device__ __forceinline__ uint64_t murmur_mix64(uint64_t k)
{
    k ^= k >> 33; k *= 0xff51afd7ed558ccdULL; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL; k ^= k >> 33;
    return k;
}

// For each sample: NF categorical fields; build all pairwise crosses (i<j) as hashed ids, plus
// optional triple crosses from a list, and look up + sum a D=32 embedding per cross (one thread per sample).
#define NF 8
#define DCROSS 32
extern "C" __global__ void hashed_feature_crosses(const int64_t *__restrict__ feats, int nsamples,
                                                  const int3 *__restrict__ triples, int ntriples,
                                                  const float *__restrict__ cross_table, uint64_t table_rows,
                                                  int64_t *__restrict__ cross_ids, float *__restrict__ pooled)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nsamples) return;
    uint64_t f[NF];
#pragma unroll
    for (int i = 0; i < NF; ++i) f[i] = (uint64_t)feats[(size_t)s * NF + i] * 0x9E3779B97F4A7C15ULL + i;
    float acc[DCROSS];
#pragma unroll
    for (int d = 0; d < DCROSS; ++d) acc[d] = 0.f;
    int c = 0;
    const int npairs = NF * (NF - 1) / 2;
#pragma unroll
    for (int i = 0; i < NF; ++i)
#pragma unroll
        for (int j = i + 1; j < NF; ++j) {
            uint64_t h = murmur_mix64(f[i] ^ (f[j] << 1) ^ ((uint64_t)(i * NF + j) << 56));
            uint64_t row = h % table_rows;
            cross_ids[(size_t)s * (npairs + ntriples) + c++] = (int64_t)row;
            const float4 *e = (const float4 *)(cross_table + row * DCROSS);
#pragma unroll
            for (int d = 0; d < DCROSS / 4; ++d) {
                float4 v = __ldg(e + d);
                acc[4 * d] += v.x; acc[4 * d + 1] += v.y; acc[4 * d + 2] += v.z; acc[4 * d + 3] += v.w;
            }
        }
    for (int t = 0; t < ntriples; ++t) {
        int3 tr = triples[t];
        uint64_t a = 0, b = 0, cc = 0;
#pragma unroll
        for (int i = 0; i < NF; ++i) { if (i == tr.x) a = f[i]; if (i == tr.y) b = f[i]; if (i == tr.z) cc = f[i]; }
        uint64_t h = murmur_mix64(murmur_mix64(a ^ (b << 7)) ^ (cc << 13) ^ 0xABCDEF);
        uint64_t row = h % table_rows;
        cross_ids[(size_t)s * (npairs + ntriples) + c++] = (int64_t)row;
        const float4 *e = (const float4 *)(cross_table + row * DCROSS);
#pragma unroll
        for (int d = 0; d < DCROSS / 4; ++d) {
            float4 v = __ldg(e + d);
            acc[4 * d] += v.x; acc[4 * d + 1] += v.y; acc[4 * d + 2] += v.z; acc[4 * d + 3] += v.w;
        }
    }
    float inv = 1.f / (npairs + ntriples);
#pragma unroll
    for (int d = 0; d < DCROSS; d += 4)
        *(float4 *)(pooled + (size_t)s * DCROSS + d) = make_float4(acc[d] * inv, acc[d + 1] * inv, acc[d + 2] * inv, acc[d + 3] * inv);
}

// DLRM interaction: T feature vectors of dim D per sample -> T*(T-1)/2 dot products + dense passthrough.
extern "C" __global__ void dlrm_dot_interaction(const float *__restrict__ dense, const float *__restrict__ emb, // [B][T-1][D]
                                                int B, int T, int D, float *__restrict__ out)
{
    extern __shared__ float sm[];   // T * (D + 1)
    int b = blockIdx.x;
    int ld = D + 1;
    for (int i = threadIdx.x; i < T * D; i += blockDim.x) {
        int t = i / D, d = i % D;
        sm[t * ld + d] = t == 0 ? dense[(size_t)b * D + d] : emb[((size_t)b * (T - 1) + (t - 1)) * D + d];
    }
    __syncthreads();
    int npairs = T * (T - 1) / 2;
    float *o = out + (size_t)b * (D + npairs);
    for (int d = threadIdx.x; d < D; d += blockDim.x) o[d] = sm[d];
    for (int p = threadIdx.x; p < npairs; p += blockDim.x) {
        // unrank p -> (i, j) with i > j, row-major lower triangle
        int i = (int)((1.f + sqrtf(1.f + 8.f * p)) * 0.5f);
        while (i * (i - 1) / 2 > p) --i;
        while ((i + 1) * i / 2 <= p) ++i;
        int j = p - i * (i - 1) / 2;
        float s = 0.f;
        for (int d = 0; d < D; ++d) s += sm[i * ld + d] * sm[j * ld + d];
        o[D + p] = s;
    }
}

// DCN-v2 low-rank cross: x_{l+1} = x0 * (U (V^T x_l) + b) + x_l, with D <= 256, rank R <= 64.
extern "C" __global__ void __launch_bounds__(256)
dcn_cross_lowrank(const float *__restrict__ x0, const float *__restrict__ xl, const float *__restrict__ U, // [D][R]
                  const float *__restrict__ Vt,   // [R][D]
                  const float *__restrict__ bias, int B, int D, int R, float *__restrict__ out)
{
    __shared__ float sx[256];
    __shared__ float sproj[64];
    int b = blockIdx.x;
    for (int d = threadIdx.x; d < D; d += blockDim.x) sx[d] = xl[(size_t)b * D + d];
    __syncthreads();
    // projection: each warp computes several rank components
    int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, nw = blockDim.x >> 5;
    for (int r = warp; r < R; r += nw) {
        float s = 0.f;
        for (int d = lane; d < D; d += 32) s += __ldg(Vt + (size_t)r * D + d) * sx[d];
        for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(~0u, s, o);
        if (lane == 0) sproj[r] = s;
    }
    __syncthreads();
    for (int d = threadIdx.x; d < D; d += blockDim.x) {
        float s = bias[d];
        const float *u = U + (size_t)d * R;
        for (int r = 0; r < R; ++r) s += __ldg(u + r) * sproj[r];
        out[(size_t)b * D + d] = x0[(size_t)b * D + d] * s + sx[d];
    }
}
