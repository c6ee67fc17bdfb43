// Domain: deep-learning normalisation layers (softmax, LayerNorm, RMSNorm)
// softmax_warp_row1024: one warp per row (cols <= 1024), row cached in 32 registers per lane, shuffle max/sum.
// layernorm_welford_block: one block per row, Welford mean/variance merged across warps, affine output.
// rmsnorm_half2: RMSNorm on fp16 rows with half2 vector loads and fp32 accumulation, one block per row.
// layernorm_cached_local: one thread per short row (<= 48 features): row cached in a runtime-indexed local array.

#include <cuda_fp16.h>

extern "C" __global__ void softmax_warp_row1024(const float* __restrict__ x, float* __restrict__ y,
                                                int rows, int cols)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const float* xr = x + (size_t)row * cols;
    float v[32];
    float mx = -INFINITY;
#pragma unroll
    for (int i = 0; i < 32; i++) {
        int c = lane + 32 * i;
        v[i] = (c < cols) ? xr[c] : -INFINITY;
        mx = fmaxf(mx, v[i]);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, o));
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 32; i++) {
        v[i] = (lane + 32 * i < cols) ? __expf(v[i] - mx) : 0.f;
        s += v[i];
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    float inv = 1.f / s;
    float* yr = y + (size_t)row * cols;
#pragma unroll
    for (int i = 0; i < 32; i++) {
        int c = lane + 32 * i;
        if (c < cols) yr[c] = v[i] * inv;
    }
}

extern "C" __global__ void layernorm_welford_block(const float* __restrict__ x, const float* __restrict__ gamma,
                                                   const float* __restrict__ beta, float* __restrict__ y,
                                                   float* __restrict__ mean_out, float* __restrict__ rstd_out,
                                                   int cols, float eps)
{
    __shared__ float s_mean[32], s_m2[32], s_cnt[32];
    __shared__ float s_stat[2];
    int row = blockIdx.x;
    const float* xr = x + (size_t)row * cols;
    float mean = 0.f, m2 = 0.f, cnt = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        float v = xr[c];
        cnt += 1.f;
        float d = v - mean;
        mean += d / cnt;
        m2 += d * (v - mean);
    }
    // warp merge (Chan et al.)
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        float om = __shfl_xor_sync(0xffffffffu, mean, o);
        float o2 = __shfl_xor_sync(0xffffffffu, m2, o);
        float on = __shfl_xor_sync(0xffffffffu, cnt, o);
        float n = cnt + on;
        if (n > 0.f) {
            float d = om - mean;
            mean += d * on / n;
            m2 += o2 + d * d * cnt * on / n;
        }
        cnt = n;
    }
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) { s_mean[wid] = mean; s_m2[wid] = m2; s_cnt[wid] = cnt; }
    __syncthreads();
    if (wid == 0) {
        int nw = (blockDim.x + 31) >> 5;
        mean = lane < nw ? s_mean[lane] : 0.f;
        m2 = lane < nw ? s_m2[lane] : 0.f;
        cnt = lane < nw ? s_cnt[lane] : 0.f;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            float om = __shfl_xor_sync(0xffffffffu, mean, o);
            float o2 = __shfl_xor_sync(0xffffffffu, m2, o);
            float on = __shfl_xor_sync(0xffffffffu, cnt, o);
            float n = cnt + on;
            if (n > 0.f) {
                float d = om - mean;
                mean += d * on / n;
                m2 += o2 + d * d * cnt * on / n;
            }
            cnt = n;
        }
        if (lane == 0) {
            float rstd = rsqrtf(m2 / cnt + eps);
            s_stat[0] = mean; s_stat[1] = rstd;
            if (mean_out) { mean_out[row] = mean; rstd_out[row] = rstd; }
        }
    }
    __syncthreads();
    float mu = s_stat[0], rs = s_stat[1];
    float* yr = y + (size_t)row * cols;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) yr[c] = (xr[c] - mu) * rs * gamma[c] + beta[c];
}

extern "C" __global__ void rmsnorm_half2(const __half* __restrict__ x, const __half* __restrict__ w,
                                         __half* __restrict__ y, int cols, float eps)
{
    __shared__ float s_part[32];
    __shared__ float s_scale;
    int row = blockIdx.x;
    int c2 = cols >> 1;   // cols assumed even
    const __half2* xr = reinterpret_cast<const __half2*>(x + (size_t)row * cols);
    const __half2* w2 = reinterpret_cast<const __half2*>(w);
    __half2* yr = reinterpret_cast<__half2*>(y + (size_t)row * cols);
    float ss = 0.f;
    for (int c = threadIdx.x; c < c2; c += blockDim.x) {
        float2 f = __half22float2(xr[c]);
        ss = fmaf(f.x, f.x, fmaf(f.y, f.y, ss));
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    if ((threadIdx.x & 31) == 0) s_part[threadIdx.x >> 5] = ss;
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = threadIdx.x < ((blockDim.x + 31) >> 5) ? s_part[threadIdx.x] : 0.f;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if (threadIdx.x == 0) s_scale = rsqrtf(v / cols + eps);
    }
    __syncthreads();
    float sc = s_scale;
    for (int c = threadIdx.x; c < c2; c += blockDim.x) {
        float2 f = __half22float2(xr[c]);
        float2 g = __half22float2(w2[c]);
        yr[c] = __floats2half2_rn(f.x * sc * g.x, f.y * sc * g.y);
    }
}

extern "C" __global__ void layernorm_cached_local(const float* __restrict__ x, const float* __restrict__ gamma,
                                                  const float* __restrict__ beta, float* __restrict__ y,
                                                  int rows, int cols, float eps)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows || cols > 48) return;
    float buf[48];
    const float* xr = x + (size_t)row * cols;
    float s = 0.f;
    for (int c = 0; c < cols; c++) { buf[c] = xr[c]; s += buf[c]; }
    float mean = s / cols;
    float v = 0.f;
    for (int c = 0; c < cols; c++) { float d = buf[c] - mean; v = fmaf(d, d, v); }
    float rstd = rsqrtf(v / cols + eps);
    float* yr = y + (size_t)row * cols;
    for (int c = 0; c < cols; c++) yr[c] = (buf[c] - mean) * rstd * __ldg(&gamma[c]) + __ldg(&beta[c]);
}
