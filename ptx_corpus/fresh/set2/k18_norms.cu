#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ __forceinline__ float2 warp_sum2(float2 v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        v.x += __shfl_xor_sync(0xffffffffu, v.x, o);
        v.y += __shfl_xor_sync(0xffffffffu, v.y, o);
    }
    return v;
}

extern "C" __global__ void __launch_bounds__(1024) layernorm_fp16(const __half* __restrict__ x, const __half* __restrict__ gamma,
    const __half* __restrict__ beta, __half* __restrict__ y, float* __restrict__ meanOut, float* __restrict__ rstdOut,
    int cols, float eps)
{
    __shared__ float2 sh[32];
    int row = blockIdx.x;
    const __half2* xr = reinterpret_cast<const __half2*>(x + (size_t)row * cols);
    float2 st = make_float2(0.f, 0.f);
    for (int c = threadIdx.x; c < cols / 2; c += blockDim.x) {
        float2 v = __half22float2(xr[c]);
        st.x += v.x + v.y; st.y += v.x * v.x + v.y * v.y;
    }
    st = warp_sum2(st);
    if ((threadIdx.x & 31) == 0) sh[threadIdx.x >> 5] = st;
    __syncthreads();
    if (threadIdx.x < 32) {
        float2 t = threadIdx.x < (blockDim.x >> 5) ? sh[threadIdx.x] : make_float2(0.f, 0.f);
        t = warp_sum2(t);
        if (threadIdx.x == 0) sh[0] = t;
    }
    __syncthreads();
    float mean = sh[0].x / cols;
    float var = fmaxf(sh[0].y / cols - mean * mean, 0.f);
    float rstd = rsqrtf(var + eps);
    const __half2* g2 = reinterpret_cast<const __half2*>(gamma);
    const __half2* b2 = reinterpret_cast<const __half2*>(beta);
    __half2* yr = reinterpret_cast<__half2*>(y + (size_t)row * cols);
    for (int c = threadIdx.x; c < cols / 2; c += blockDim.x) {
        float2 v = __half22float2(xr[c]);
        float2 g = __half22float2(g2[c]), b = __half22float2(b2[c]);
        yr[c] = __floats2half2_rn((v.x - mean) * rstd * g.x + b.x, (v.y - mean) * rstd * g.y + b.y);
    }
    if (threadIdx.x == 0) { meanOut[row] = mean; rstdOut[row] = rstd; }
}

extern "C" __global__ void rmsnorm_bf16_vec8(const __nv_bfloat16* __restrict__ x, const __nv_bfloat16* __restrict__ w,
    __nv_bfloat16* __restrict__ y, int cols, float eps)
{
    int row = blockIdx.x;
    int lane = threadIdx.x;
    const uint4* xr = reinterpret_cast<const uint4*>(x + (size_t)row * cols);
    const uint4* wr = reinterpret_cast<const uint4*>(w);
    uint4* yr = reinterpret_cast<uint4*>(y + (size_t)row * cols);
    int nv = cols / 8;
    float ss = 0.f;
    for (int v = lane; v < nv; v += 32) {
        uint4 p = xr[v];
        const __nv_bfloat162* h = reinterpret_cast<const __nv_bfloat162*>(&p);
#pragma unroll
        for (int k = 0; k < 4; ++k) { float2 f = __bfloat1622float2(h[k]); ss += f.x * f.x + f.y * f.y; }
    }
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    float r = rsqrtf(ss / cols + eps);
    for (int v = lane; v < nv; v += 32) {
        uint4 p = xr[v], q = wr[v], o4;
        const __nv_bfloat162* h = reinterpret_cast<const __nv_bfloat162*>(&p);
        const __nv_bfloat162* g = reinterpret_cast<const __nv_bfloat162*>(&q);
        __nv_bfloat162* oh = reinterpret_cast<__nv_bfloat162*>(&o4);
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            float2 f = __bfloat1622float2(h[k]), gg = __bfloat1622float2(g[k]);
            oh[k] = __floats2bfloat162_rn(f.x * r * gg.x, f.y * r * gg.y);
        }
        yr[v] = o4;
    }
}

extern "C" __global__ void groupnorm_nchw(const float* __restrict__ x, const float* __restrict__ gamma,
    const float* __restrict__ beta, float* __restrict__ y, int C, int HW, int G, float eps)
{
    __shared__ double sred[2][256];
    int n = blockIdx.y, g = blockIdx.x;
    int cpg = C / G;
    size_t base = ((size_t)n * C + (size_t)g * cpg) * HW;
    int len = cpg * HW;
    double s = 0.0, s2 = 0.0;
    for (int i = threadIdx.x; i < len; i += blockDim.x) { double v = x[base + i]; s += v; s2 += v * v; }
    sred[0][threadIdx.x] = s; sred[1][threadIdx.x] = s2;
    __syncthreads();
    for (int st = blockDim.x / 2; st > 0; st >>= 1) {
        if (threadIdx.x < st) { sred[0][threadIdx.x] += sred[0][threadIdx.x + st]; sred[1][threadIdx.x] += sred[1][threadIdx.x + st]; }
        __syncthreads();
    }
    float mean = (float)(sred[0][0] / len);
    float rstd = rsqrtf((float)(sred[1][0] / len - (double)mean * mean) + eps);
    for (int i = threadIdx.x; i < len; i += blockDim.x) {
        int c = g * cpg + i / HW;
        y[base + i] = (x[base + i] - mean) * rstd * gamma[c] + beta[c];
    }
}
