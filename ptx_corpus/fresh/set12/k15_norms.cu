// Normalisation layers: fused residual-add + LayerNorm in fp16 with vector
// loads, RMSNorm in bf16, GroupNorm statistics for NCHW activations, and a
// two-pass batch-norm inference kernel.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__device__ float block_sum(float v, float* sh)
{
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    v = warp_sum(v);
    __syncthreads();
    if (lane == 0) sh[w] = v;
    __syncthreads();
    int nw = (blockDim.x + 31) >> 5;
    v = (threadIdx.x < nw) ? sh[threadIdx.x] : 0.f;
    if (w == 0) v = warp_sum(v);
    if (threadIdx.x == 0) sh[0] = v;
    __syncthreads();
    return sh[0];
}

// hidden = 1024 fixed; 128 threads, each loads 8 halves (one uint4) of x and residual.
extern "C" __global__ void __launch_bounds__(128)
add_layernorm_f16(const __half* __restrict__ x, __half* __restrict__ residual,
                  const __half* __restrict__ gamma, const __half* __restrict__ beta,
                  __half* __restrict__ y, float eps)
{
    __shared__ float sh[32];
    size_t row = blockIdx.x;
    const uint4* xv = reinterpret_cast<const uint4*>(x + row * 1024);
    uint4* rv = reinterpret_cast<uint4*>(residual + row * 1024);
    uint4 a = xv[threadIdx.x], b = rv[threadIdx.x];
    const __half2* ah = reinterpret_cast<const __half2*>(&a);
    const __half2* bh = reinterpret_cast<const __half2*>(&b);
    float v[8];
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        float2 f = __half22float2(__hadd2(ah[i], bh[i]));
        v[2 * i] = f.x; v[2 * i + 1] = f.y;
        s += f.x + f.y;
    }
    uint4 newres;
    __half2* nr = reinterpret_cast<__half2*>(&newres);
#pragma unroll
    for (int i = 0; i < 4; ++i) nr[i] = __floats2half2_rn(v[2 * i], v[2 * i + 1]);
    rv[threadIdx.x] = newres;
    float mean = block_sum(s, sh) * (1.f / 1024.f);
    float q = 0.f;
#pragma unroll
    for (int i = 0; i < 8; ++i) { float d = v[i] - mean; q += d * d; }
    float rstd = rsqrtf(block_sum(q, sh) * (1.f / 1024.f) + eps);
    uint4 g = reinterpret_cast<const uint4*>(gamma)[threadIdx.x];
    uint4 be = reinterpret_cast<const uint4*>(beta)[threadIdx.x];
    const __half2* gh = reinterpret_cast<const __half2*>(&g);
    const __half2* bb = reinterpret_cast<const __half2*>(&be);
    uint4 o;
    __half2* oh = reinterpret_cast<__half2*>(&o);
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        float2 gg = __half22float2(gh[i]), b2 = __half22float2(bb[i]);
        oh[i] = __floats2half2_rn((v[2 * i] - mean) * rstd * gg.x + b2.x,
                                  (v[2 * i + 1] - mean) * rstd * gg.y + b2.y);
    }
    reinterpret_cast<uint4*>(y + row * 1024)[threadIdx.x] = o;
}

// RMSNorm, arbitrary hidden size, one warp per row, bf16 I/O.
extern "C" __global__ void rmsnorm_bf16(const __nv_bfloat16* __restrict__ x, const __nv_bfloat16* __restrict__ w,
                                        __nv_bfloat16* __restrict__ y, int rows, int hidden, float eps)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const __nv_bfloat162* xr = reinterpret_cast<const __nv_bfloat162*>(x + (size_t)row * hidden);
    float ss = 0.f;
    for (int i = lane; i < hidden / 2; i += 32) {
        float2 f = __bfloat1622float2(xr[i]);
        ss += f.x * f.x + f.y * f.y;
    }
    ss = warp_sum(ss);
    float r = rsqrtf(ss / hidden + eps);
    const __nv_bfloat162* wr = reinterpret_cast<const __nv_bfloat162*>(w);
    __nv_bfloat162* yr = reinterpret_cast<__nv_bfloat162*>(y + (size_t)row * hidden);
    __nv_bfloat162 rr = __float2bfloat162_rn(r);
    for (int i = lane; i < hidden / 2; i += 32) yr[i] = __hmul2(__hmul2(xr[i], rr), wr[i]);
}

// GroupNorm statistics with Welford merging; grid = (N*G), block = 256.
extern "C" __global__ void groupnorm_stats(const float* __restrict__ x, int C, int HW, int G,
                                           float2* __restrict__ stats, float eps)
{
    int ng = blockIdx.x;
    int n = ng / G, g = ng % G;
    int cpg = C / G;
    const float* base = x + ((size_t)n * C + (size_t)g * cpg) * HW;
    size_t cnt = (size_t)cpg * HW;
    float mean = 0.f, m2 = 0.f, count = 0.f;
    for (size_t i = threadIdx.x; i < cnt; i += blockDim.x) {
        float v = base[i];
        count += 1.f;
        float d = v - mean;
        mean += d / count;
        m2 += d * (v - mean);
    }
    // warp-level Welford merge
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        float cb = __shfl_xor_sync(0xffffffffu, count, o);
        float mb = __shfl_xor_sync(0xffffffffu, mean, o);
        float qb = __shfl_xor_sync(0xffffffffu, m2, o);
        float tot = count + cb;
        float d = mb - mean;
        float f = (tot > 0.f) ? cb / tot : 0.f;
        mean += d * f;
        m2 += qb + d * d * count * f;
        count = tot;
    }
    __shared__ float sc[32], sm[32], sq[32];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    if (lane == 0) { sc[w] = count; sm[w] = mean; sq[w] = m2; }
    __syncthreads();
    if (threadIdx.x == 0) {
        float c = 0.f, mu = 0.f, q = 0.f;
        for (int k = 0; k < (int)(blockDim.x >> 5); ++k) {
            float tot = c + sc[k];
            float d = sm[k] - mu;
            float f = (tot > 0.f) ? sc[k] / tot : 0.f;
            mu += d * f; q += sq[k] + d * d * c * f; c = tot;
        }
        stats[ng] = make_float2(mu, rsqrtf(q / c + eps));
    }
}

extern "C" __global__ void batchnorm_infer_nhwc(const float4* __restrict__ x, const float* __restrict__ mean,
                                                const float* __restrict__ var, const float* __restrict__ gamma,
                                                const float* __restrict__ beta, float eps, int C, size_t nvec,
                                                float4* __restrict__ y)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nvec) return;
    int c0 = (int)((i * 4) % C);
    float4 v = x[i];
    float r[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        int c = c0 + k;
        r[k] = (r[k] - mean[c]) * rsqrtf(var[c] + eps) * gamma[c] + beta[c];
    }
    y[i] = make_float4(r[0], r[1], r[2], r[3]);
}
