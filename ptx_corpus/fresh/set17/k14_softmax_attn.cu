// Domain: transformer primitives (softmax, layernorm, RMSNorm in half, flash-style attention with online softmax)
#include <cuda_fp16.h>

// Row softmax, one warp per row, 3-pass with shuffles
extern "C" __global__ void softmax_warp_row(const float* __restrict__ x, float* __restrict__ y, int rows, int cols)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const float* xr = x + (size_t)row * cols;
    float m = -INFINITY;
    for (int c = lane; c < cols; c += 32) m = fmaxf(m, xr[c]);
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    float s = 0.f;
    for (int c = lane; c < cols; c += 32) s += __expf(xr[c] - m);
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    float inv = 1.f / s;
    for (int c = lane; c < cols; c += 32) y[(size_t)row * cols + c] = __expf(xr[c] - m) * inv;
}

// LayerNorm with Welford statistics, block per row, float4 loads, gamma/beta
extern "C" __global__ void layernorm_welford(const float4* __restrict__ x, const float4* __restrict__ gamma,
                                             const float4* __restrict__ beta, float4* __restrict__ y,
                                             int cols4, float eps)
{
    __shared__ float sm[32], sM2[32], sn[32];
    const float4* xr = x + (size_t)blockIdx.x * cols4;
    float mean = 0.f, M2 = 0.f, n = 0.f;
    for (int c = threadIdx.x; c < cols4; c += blockDim.x) {
        float4 v = xr[c];
        float e[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            n += 1.f;
            float d = e[k] - mean;
            mean += d / n;
            M2 += d * (e[k] - mean);
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        float nb = __shfl_xor_sync(0xffffffffu, n, o);
        float mb = __shfl_xor_sync(0xffffffffu, mean, o);
        float M2b = __shfl_xor_sync(0xffffffffu, M2, o);
        float nt = n + nb;
        float d = mb - mean;
        float w = nt > 0.f ? nb / nt : 0.f;
        mean += d * w;
        M2 += M2b + d * d * n * w;
        n = nt;
    }
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) { sm[wid] = mean; sM2[wid] = M2; sn[wid] = n; }
    __syncthreads();
    if (threadIdx.x == 0) {
        float mt = sm[0], Mt = sM2[0], nt = sn[0];
        for (int w = 1; w < (blockDim.x >> 5); ++w) {
            float nn = nt + sn[w], d = sm[w] - mt;
            mt += d * sn[w] / nn;
            Mt += sM2[w] + d * d * nt * sn[w] / nn;
            nt = nn;
        }
        sm[0] = mt; sM2[0] = rsqrtf(Mt / nt + eps);
    }
    __syncthreads();
    float mu = sm[0], rstd = sM2[0];
    float4* yr = y + (size_t)blockIdx.x * cols4;
    for (int c = threadIdx.x; c < cols4; c += blockDim.x) {
        float4 v = xr[c], g = gamma[c], b = beta[c];
        yr[c] = make_float4((v.x - mu) * rstd * g.x + b.x, (v.y - mu) * rstd * g.y + b.y,
                            (v.z - mu) * rstd * g.z + b.z, (v.w - mu) * rstd * g.w + b.w);
    }
}

// RMSNorm on half precision with half2 vector math and fp32 accumulation
extern "C" __global__ void rmsnorm_half2(const __half2* __restrict__ x, const __half2* __restrict__ w,
                                         __half2* __restrict__ y, int cols2, float eps)
{
    __shared__ float red[32];
    const __half2* xr = x + (size_t)blockIdx.x * cols2;
    float ss = 0.f;
    for (int c = threadIdx.x; c < cols2; c += blockDim.x) {
        float2 f = __half22float2(xr[c]);
        ss += f.x * f.x + f.y * f.y;
    }
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = ss;
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = (threadIdx.x < (blockDim.x >> 5)) ? red[threadIdx.x] : 0.f;
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if (threadIdx.x == 0) red[0] = rsqrtf(v / (2 * cols2) + eps);
    }
    __syncthreads();
    __half2 scale = __float2half2_rn(red[0]);
    for (int c = threadIdx.x; c < cols2; c += blockDim.x)
        y[(size_t)blockIdx.x * cols2 + c] = __hmul2(__hmul2(xr[c], scale), w[c]);
}

// Flash-attention style forward: one thread per query row, head dim 64, keys/values streamed
// through shared memory in tiles of 32, online softmax; 64 output accumulators + 64 query values
#define HD 64
#define KT 32
extern "C" __global__ void __launch_bounds__(64)
flash_attn_fwd_d64(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
                   float* __restrict__ O, float* __restrict__ LSE, int seqLen, float scale)
{
    __shared__ float Ks[KT][HD];
    __shared__ float Vs[KT][HD];
    int head = blockIdx.y;
    int qi = blockIdx.x * blockDim.x + threadIdx.x;
    const float* Qh = Q + (size_t)head * seqLen * HD;
    const float* Kh = K + (size_t)head * seqLen * HD;
    const float* Vh = V + (size_t)head * seqLen * HD;
    float q[HD], o[HD];
    int qr = min(qi, seqLen - 1);
#pragma unroll
    for (int d = 0; d < HD; d += 4) {
        float4 t = *reinterpret_cast<const float4*>(Qh + (size_t)qr * HD + d);
        q[d] = t.x * scale; q[d + 1] = t.y * scale; q[d + 2] = t.z * scale; q[d + 3] = t.w * scale;
    }
#pragma unroll
    for (int d = 0; d < HD; ++d) o[d] = 0.f;
    float m = -INFINITY, l = 0.f;
    for (int k0 = 0; k0 < seqLen; k0 += KT) {
        __syncthreads();
        for (int i = threadIdx.x; i < KT * HD; i += blockDim.x) {
            int r = i / HD, c = i % HD;
            bool ok = k0 + r < seqLen;
            Ks[r][c] = ok ? Kh[(size_t)(k0 + r) * HD + c] : 0.f;
            Vs[r][c] = ok ? Vh[(size_t)(k0 + r) * HD + c] : 0.f;
        }
        __syncthreads();
        int kmax = min(KT, seqLen - k0);
        for (int j = 0; j < kmax; ++j) {
            float s = 0.f;
#pragma unroll
            for (int d = 0; d < HD; ++d) s = fmaf(q[d], Ks[j][d], s);
            float mn = fmaxf(m, s);
            float corr = __expf(m - mn);
            float p = __expf(s - mn);
            l = l * corr + p;
#pragma unroll
            for (int d = 0; d < HD; ++d) o[d] = fmaf(p, Vs[j][d], o[d] * corr);
            m = mn;
        }
    }
    if (qi < seqLen) {
        float inv = 1.f / l;
        float* Oh = O + ((size_t)head * seqLen + qi) * HD;
#pragma unroll
        for (int d = 0; d < HD; d += 4)
            *reinterpret_cast<float4*>(Oh + d) = make_float4(o[d] * inv, o[d + 1] * inv, o[d + 2] * inv, o[d + 3] * inv);
        LSE[head * seqLen + qi] = m + __logf(l);
    }
}

// Same flash-attention but with head dim 128 and tight launch bounds (256 threads, 2 blocks/SM ->
// 128 registers): 256 live floats cannot fit and spill
#define HD2 128
extern "C" __global__ void __launch_bounds__(256, 2)
flash_attn_fwd_d128_capped(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
                           float* __restrict__ O, int seqLen, float scale)
{
    __shared__ float Ks[8][HD2];
    __shared__ float Vs[8][HD2];
    int qi = blockIdx.x * blockDim.x + threadIdx.x;
    float q[HD2], o[HD2];
    int qr = min(qi, seqLen - 1);
#pragma unroll
    for (int d = 0; d < HD2; ++d) { q[d] = Q[(size_t)qr * HD2 + d] * scale; o[d] = 0.f; }
    float m = -INFINITY, l = 0.f;
    for (int k0 = 0; k0 < seqLen; k0 += 8) {
        __syncthreads();
        for (int i = threadIdx.x; i < 8 * HD2; i += blockDim.x) {
            int r = i / HD2, c = i % HD2;
            bool ok = k0 + r < seqLen;
            Ks[r][c] = ok ? K[(size_t)(k0 + r) * HD2 + c] : 0.f;
            Vs[r][c] = ok ? V[(size_t)(k0 + r) * HD2 + c] : 0.f;
        }
        __syncthreads();
        for (int j = 0; j < min(8, seqLen - k0); ++j) {
            float s = 0.f;
#pragma unroll
            for (int d = 0; d < HD2; ++d) s = fmaf(q[d], Ks[j][d], s);
            float mn = fmaxf(m, s);
            float corr = __expf(m - mn), p = __expf(s - mn);
            l = l * corr + p;
#pragma unroll
            for (int d = 0; d < HD2; ++d) o[d] = fmaf(p, Vs[j][d], o[d] * corr);
            m = mn;
        }
    }
    if (qi < seqLen) {
        float inv = 1.f / l;
#pragma unroll
        for (int d = 0; d < HD2; ++d) O[(size_t)qi * HD2 + d] = o[d] * inv;
    }
}

