// Transformer building blocks: row softmax (warp / block), layernorm (float and half),
// and a small tiled attention kernel (flash-attention style online softmax).
#include <cuda_runtime.h>
#include <cuda_fp16.h>

template <int COLS_PER_THREAD>
__device__ __forceinline__ void softmaxWarpRow(float *out, const float *in, int rows, int cols)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const float *x = in + (size_t)row * cols;
    float v[COLS_PER_THREAD];
    float mx = -INFINITY;
#pragma unroll
    for (int i = 0; i < COLS_PER_THREAD; i++) {
        int c = lane + i * 32;
        v[i] = c < cols ? x[c] : -INFINITY;
        mx = fmaxf(mx, v[i]);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, o));
    float sum = 0.f;
#pragma unroll
    for (int i = 0; i < COLS_PER_THREAD; i++) { v[i] = __expf(v[i] - mx); sum += v[i]; }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
    float inv = 1.f / sum;
#pragma unroll
    for (int i = 0; i < COLS_PER_THREAD; i++) {
        int c = lane + i * 32;
        if (c < cols) out[(size_t)row * cols + c] = v[i] * inv;
    }
}

extern "C" __global__ void softmax_warp_1024(float *out, const float *in, int rows, int cols)
{
    softmaxWarpRow<32>(out, in, rows, cols);
}

// LayerNorm on half-precision activations, one block per row, float statistics (Welford).
extern "C" __global__ void __launch_bounds__(256)
layernorm_half(__half *out, const __half *in, const __half *gamma, const __half *beta, int cols, float eps)
{
    __shared__ float sMean[8], sM2[8], sCnt[8];
    const __half *x = in + (size_t)blockIdx.x * cols;
    float mean = 0.f, m2 = 0.f, cnt = 0.f;
    for (int c = threadIdx.x * 2; c < cols; c += blockDim.x * 2) {
        __half2 h = *reinterpret_cast<const __half2 *>(x + c);
        float2 f = __half22float2(h);
        cnt += 1.f; float d = f.x - mean; mean += d / cnt; m2 += d * (f.x - mean);
        cnt += 1.f; d = f.y - mean; mean += d / cnt; m2 += d * (f.y - mean);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        float oMean = __shfl_xor_sync(0xffffffffu, mean, o);
        float oM2 = __shfl_xor_sync(0xffffffffu, m2, o);
        float oCnt = __shfl_xor_sync(0xffffffffu, cnt, o);
        float n = cnt + oCnt;
        if (n > 0.f) {
            float d = oMean - mean;
            mean += d * oCnt / n;
            m2 += oM2 + d * d * cnt * oCnt / n;
        }
        cnt = n;
    }
    int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    if (lane == 0) { sMean[warp] = mean; sM2[warp] = m2; sCnt[warp] = cnt; }
    __syncthreads();
    if (threadIdx.x == 0) {
        float M = 0.f, S = 0.f, N = 0.f;
        for (int w = 0; w < (int)(blockDim.x >> 5); w++) {
            float n = N + sCnt[w];
            if (n > 0.f) {
                float d = sMean[w] - M;
                M += d * sCnt[w] / n;
                S += sM2[w] + d * d * N * sCnt[w] / n;
            }
            N = n;
        }
        sMean[0] = M;
        sM2[0] = rsqrtf(S / N + eps);
    }
    __syncthreads();
    float mu = sMean[0], rstd = sM2[0];
    __half *y = out + (size_t)blockIdx.x * cols;
    for (int c = threadIdx.x * 2; c < cols; c += blockDim.x * 2) {
        float2 f = __half22float2(*reinterpret_cast<const __half2 *>(x + c));
        float2 g = __half22float2(*reinterpret_cast<const __half2 *>(gamma + c));
        float2 b = __half22float2(*reinterpret_cast<const __half2 *>(beta + c));
        float2 r = make_float2((f.x - mu) * rstd * g.x + b.x, (f.y - mu) * rstd * g.y + b.y);
        *reinterpret_cast<__half2 *>(y + c) = __float22half2_rn(r);
    }
}

// Tiled attention: one block handles BR query rows, loops over key/value tiles of BC rows.
// Each thread owns one query row and the full head dimension D in registers.
template <int D, int BR, int BC>
__device__ __forceinline__ void attentionTile(float *O, const float *Q, const float *K, const float *V,
                                              int seqLen, float scale)
{
    __shared__ float sK[BC][D];
    __shared__ float sV[BC][D];
    int bh = blockIdx.y;
    const float *q = Q + (size_t)bh * seqLen * D;
    const float *k = K + (size_t)bh * seqLen * D;
    const float *v = V + (size_t)bh * seqLen * D;
    int row = blockIdx.x * BR + threadIdx.x;
    float qr[D], acc[D];
#pragma unroll
    for (int d = 0; d < D; d++) { qr[d] = row < seqLen ? q[(size_t)row * D + d] * scale : 0.f; acc[d] = 0.f; }
    float m = -INFINITY, l = 0.f;
    for (int kt = 0; kt < seqLen; kt += BC) {
        for (int i = threadIdx.x; i < BC * D; i += BR) {
            int r = i / D, c = i % D;
            bool ok = kt + r < seqLen;
            sK[r][c] = ok ? k[(size_t)(kt + r) * D + c] : 0.f;
            sV[r][c] = ok ? v[(size_t)(kt + r) * D + c] : 0.f;
        }
        __syncthreads();
        int nc = min(BC, seqLen - kt);
        for (int j = 0; j < nc; j++) {
            float s = 0.f;
#pragma unroll
            for (int d = 0; d < D; d++) s += qr[d] * sK[j][d];
            float mNew = fmaxf(m, s);
            float corr = __expf(m - mNew);
            float p = __expf(s - mNew);
            l = l * corr + p;
#pragma unroll
            for (int d = 0; d < D; d++) acc[d] = acc[d] * corr + p * sV[j][d];
            m = mNew;
        }
        __syncthreads();
    }
    if (row < seqLen) {
        float inv = 1.f / l;
        float *o = O + (size_t)bh * seqLen * D + (size_t)row * D;
#pragma unroll
        for (int d = 0; d < D; d++) o[d] = acc[d] * inv;
    }
}

extern "C" __global__ void __launch_bounds__(64)
attention_tile_d64(float *O, const float *Q, const float *K, const float *V, int seqLen, float scale)
{
    attentionTile<64, 64, 32>(O, Q, K, V, seqLen, scale);
}

extern "C" __global__ void __launch_bounds__(128)
attention_tile_d32(float *O, const float *Q, const float *K, const float *V, int seqLen, float scale)
{
    attentionTile<32, 128, 64>(O, Q, K, V, seqLen, scale);
}
