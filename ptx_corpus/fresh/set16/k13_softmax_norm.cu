// Domain: transformer row operations (softmax, layer norm, RMS norm with fused residual, online softmax with top-k)
#include <cuda_fp16.h>

__device__ __forceinline__ float warpMax(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
__device__ __forceinline__ float warpSum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// softmax_row_warp_cached: one warp per row (cols <= 1024), row cached in 32 registers per lane, guarded unrolled loads
extern "C" __global__ void softmax_row_warp_cached(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const float* src = in + (size_t)row * cols;
    float v[32];
    float mx = -INFINITY;
#pragma unroll
    for (int k = 0; k < 32; ++k) {
        int c = lane + k * 32;
        v[k] = (c < cols) ? src[c] : -INFINITY;
        mx = fmaxf(mx, v[k]);
    }
    mx = warpMax(mx);
    float s = 0.f;
#pragma unroll
    for (int k = 0; k < 32; ++k) { v[k] = __expf(v[k] - mx); s += v[k]; }
    s = warpSum(s);
    float inv = 1.f / s;
#pragma unroll
    for (int k = 0; k < 32; ++k) {
        int c = lane + k * 32;
        if (c < cols) out[(size_t)row * cols + c] = v[k] * inv;
    }
}

// layernorm_block_welford: block-per-row LayerNorm using Welford mean/variance merged across warps, affine gamma/beta
extern "C" __global__ void layernorm_block_welford(const float* __restrict__ x, const float* __restrict__ gamma, const float* __restrict__ beta,
                                                   float* __restrict__ y, int cols, float eps)
{
    __shared__ float sm[32], sM2[32], sn[32];
    const float* row = x + (size_t)blockIdx.x * cols;
    float mean = 0.f, m2 = 0.f, cnt = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        float v = row[c];
        cnt += 1.f;
        float d = v - mean;
        mean += d / cnt;
        m2 += d * (v - mean);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        float om = __shfl_xor_sync(0xffffffffu, mean, o);
        float oM2 = __shfl_xor_sync(0xffffffffu, m2, o);
        float on = __shfl_xor_sync(0xffffffffu, cnt, o);
        float n = cnt + on;
        float d = om - mean;
        float f = (n > 0.f) ? on / n : 0.f;
        mean += d * f;
        m2 += oM2 + d * d * cnt * f;
        cnt = n;
    }
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) { sm[wid] = mean; sM2[wid] = m2; sn[wid] = cnt; }
    __syncthreads();
    if (threadIdx.x == 0) {
        float M = 0.f, Q = 0.f, N = 0.f;
        for (int w = 0; w < (int)(blockDim.x >> 5); ++w) {
            float n = N + sn[w];
            float d = sm[w] - M;
            float f = (n > 0.f) ? sn[w] / n : 0.f;
            M += d * f; Q += sM2[w] + d * d * N * f; N = n;
        }
        sm[0] = M; sM2[0] = rsqrtf(Q / N + eps);
    }
    __syncthreads();
    float M = sm[0], rstd = sM2[0];
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        y[(size_t)blockIdx.x * cols + c] = (row[c] - M) * rstd * gamma[c] + beta[c];
}

// rmsnorm_residual_half8: fused residual add + RMSNorm on half precision, 8 halves per 16-byte load, 4 vectors per thread in registers
extern "C" __global__ void rmsnorm_residual_half8(const __half* __restrict__ x, __half* __restrict__ resid, const __half* __restrict__ w,
                                                  __half* __restrict__ y, int cols, float eps)
{
    // blockDim.x * 32 halves per row max (4 x uint4 per thread)
    __shared__ float red[32];
    const uint4* xr = reinterpret_cast<const uint4*>(x + (size_t)blockIdx.x * cols);
    uint4* rr = reinterpret_cast<uint4*>(resid + (size_t)blockIdx.x * cols);
    int nv = cols / 8;
    float f[4][8];
    float ss = 0.f;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        int i = threadIdx.x + k * blockDim.x;
        if (i < nv) {
            uint4 a = xr[i], b = rr[i];
            const __half2* ha = reinterpret_cast<const __half2*>(&a);
            const __half2* hb = reinterpret_cast<const __half2*>(&b);
            uint4 o;
            __half2* ho = reinterpret_cast<__half2*>(&o);
#pragma unroll
            for (int e = 0; e < 4; ++e) {
                float2 fa = __half22float2(ha[e]), fb = __half22float2(hb[e]);
                f[k][2 * e] = fa.x + fb.x; f[k][2 * e + 1] = fa.y + fb.y;
                ho[e] = __floats2half2_rn(f[k][2 * e], f[k][2 * e + 1]);
                ss += f[k][2 * e] * f[k][2 * e] + f[k][2 * e + 1] * f[k][2 * e + 1];
            }
            rr[i] = o;
        } else {
#pragma unroll
            for (int e = 0; e < 8; ++e) f[k][e] = 0.f;
        }
    }
    ss = warpSum(ss);
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = ss;
    __syncthreads();
    if (threadIdx.x < 32) {
        float t = (threadIdx.x < (blockDim.x >> 5)) ? red[threadIdx.x] : 0.f;
        t = warpSum(t);
        if (threadIdx.x == 0) red[0] = rsqrtf(t / cols + eps);
    }
    __syncthreads();
    float scale = red[0];
    const uint4* wr = reinterpret_cast<const uint4*>(w);
    uint4* yr = reinterpret_cast<uint4*>(y + (size_t)blockIdx.x * cols);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        int i = threadIdx.x + k * blockDim.x;
        if (i < nv) {
            uint4 wv = wr[i];
            const __half2* hw = reinterpret_cast<const __half2*>(&wv);
            uint4 o;
            __half2* ho = reinterpret_cast<__half2*>(&o);
#pragma unroll
            for (int e = 0; e < 4; ++e) {
                float2 fw = __half22float2(hw[e]);
                ho[e] = __floats2half2_rn(f[k][2 * e] * scale * fw.x, f[k][2 * e + 1] * scale * fw.y);
            }
            yr[i] = o;
        }
    }
}

// online_softmax_topk4: single pass online softmax normaliser per row plus running top-4 (value, index) kept in registers via insertion
extern "C" __global__ void online_softmax_topk4(const float* __restrict__ logits, float* __restrict__ topP, int* __restrict__ topI,
                                                int rows, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* p = logits + (size_t)r * cols;
    float m = -INFINITY, d = 0.f;
    float tv[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
    int ti[4] = {-1, -1, -1, -1};
    for (int c = 0; c < cols; ++c) {
        float x = p[c];
        float mn = fmaxf(m, x);
        d = d * __expf(m - mn) + __expf(x - mn);
        m = mn;
        if (x > tv[3]) {
            tv[3] = x; ti[3] = c;
#pragma unroll
            for (int k = 3; k > 0; --k)
                if (tv[k] > tv[k - 1]) {
                    float a = tv[k]; tv[k] = tv[k - 1]; tv[k - 1] = a;
                    int b = ti[k]; ti[k] = ti[k - 1]; ti[k - 1] = b;
                }
        }
    }
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        topP[r * 4 + k] = __expf(tv[k] - m) / d;
        topI[r * 4 + k] = ti[k];
    }
}
