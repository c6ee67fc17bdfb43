// Row-wise normalization kernels for transformer inference: online softmax (warp per row), LayerNorm with Welford statistics (block per row), and RMSNorm on half-precision rows.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <float.h>

__device__ __forceinline__ float warp_max(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
__device__ __forceinline__ float warp_sumf(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// One warp per row; optional additive mask (per column) and scaling, e.g. attention scores.
extern "C" __global__ void softmax_warp_row(const float* __restrict__ in, float* __restrict__ out,
                                            const float* __restrict__ mask, int rows, int cols, float scale)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const float* x = in + (size_t)row * cols;
    float* y = out + (size_t)row * cols;

    // online max/sum in a single pass
    float m = -FLT_MAX, s = 0.f;
    for (int c = lane; c < cols; c += 32) {
        float v = x[c] * scale + (mask ? mask[c] : 0.f);
        float nm = fmaxf(m, v);
        s = s * __expf(m - nm) + __expf(v - nm);
        m = nm;
    }
    float gm = warp_max(m);
    s *= __expf(m - gm);
    s = warp_sumf(s);
    float inv = 1.f / s;
    for (int c = lane; c < cols; c += 32) {
        float v = x[c] * scale + (mask ? mask[c] : 0.f);
        y[c] = __expf(v - gm) * inv;
    }
}

// Block per row, Welford mean/variance combined across warps.
extern "C" __global__ void __launch_bounds__(256)
layernorm_welford(const float* __restrict__ in, float* __restrict__ out, const float* __restrict__ gamma,
                  const float* __restrict__ beta, int cols, float eps)
{
    __shared__ float sMean[8], sM2[8], sCnt[8];
    __shared__ float stats[2];
    int row = blockIdx.x;
    const float* x = in + (size_t)row * cols;
    float mean = 0.f, m2 = 0.f, cnt = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        float v = x[c];
        cnt += 1.f;
        float d = v - mean;
        mean += d / cnt;
        m2 += d * (v - mean);
    }
    // warp combine
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        float om = __shfl_xor_sync(0xffffffffu, mean, o);
        float o2 = __shfl_xor_sync(0xffffffffu, m2, o);
        float oc = __shfl_xor_sync(0xffffffffu, cnt, o);
        float n = cnt + oc;
        if (n > 0.f) {
            float d = om - mean;
            mean += d * oc / n;
            m2 += o2 + d * d * cnt * oc / n;
        }
        cnt = n;
    }
    int w = threadIdx.x >> 5, lane = threadIdx.x & 31;
    if (lane == 0) { sMean[w] = mean; sM2[w] = m2; sCnt[w] = cnt; }
    __syncthreads();
    if (threadIdx.x == 0) {
        float M = 0.f, Q = 0.f, C = 0.f;
        for (int k = 0; k < (int)(blockDim.x >> 5); ++k) {
            float n = C + sCnt[k];
            if (n > 0.f) {
                float d = sMean[k] - M;
                M += d * sCnt[k] / n;
                Q += sM2[k] + d * d * C * sCnt[k] / n;
            }
            C = n;
        }
        stats[0] = M;
        stats[1] = rsqrtf(Q / (float)cols + eps);
    }
    __syncthreads();
    float mu = stats[0], rstd = stats[1];
    float* y = out + (size_t)row * cols;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        y[c] = (x[c] - mu) * rstd * gamma[c] + beta[c];
}

// RMSNorm over half rows with half2 vector loads; cols must be even. One block per row.
extern "C" __global__ void rmsnorm_half2(const __half2* __restrict__ in, __half2* __restrict__ out,
                                         const __half2* __restrict__ weight, int cols2, float eps)
{
    __shared__ float warpSums[32];
    __shared__ float sInv;
    int row = blockIdx.x;
    const __half2* x = in + (size_t)row * cols2;
    float ss = 0.f;
    for (int c = threadIdx.x; c < cols2; c += blockDim.x) {
        float2 v = __half22float2(x[c]);
        ss += v.x * v.x + v.y * v.y;
    }
    ss = warp_sumf(ss);
    if ((threadIdx.x & 31) == 0) warpSums[threadIdx.x >> 5] = ss;
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = threadIdx.x < (blockDim.x + 31) / 32 ? warpSums[threadIdx.x] : 0.f;
        v = warp_sumf(v);
        if (threadIdx.x == 0) sInv = rsqrtf(v / (2.f * cols2) + eps);
    }
    __syncthreads();
    float inv = sInv;
    __half2* y = out + (size_t)row * cols2;
    for (int c = threadIdx.x; c < cols2; c += blockDim.x) {
        float2 v = __half22float2(x[c]);
        float2 g = __half22float2(weight[c]);
        y[c] = __floats2half2_rn(v.x * inv * g.x, v.y * inv * g.y);
    }
}
