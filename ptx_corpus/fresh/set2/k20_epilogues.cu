#include <cuda_fp16.h>
__device__ __forceinline__ float gelu_tanh(float x)
{
    const float k = 0.7978845608f;
    return 0.5f * x * (1.f + tanhf(k * (x + 0.044715f * x * x * x)));
}
__device__ __forceinline__ float gelu_erf(float x) { return 0.5f * x * (1.f + erff(x * 0.70710678f)); }
__device__ __forceinline__ float silu(float x) { return x / (1.f + __expf(-x)); }

extern "C" __global__ void bias_act_residual_h8(const __half* __restrict__ acc, const __half* __restrict__ bias,
    const __half* __restrict__ residual, __half* __restrict__ out, int rows, int cols, int act, float alpha)
{
    size_t i = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) * 8;
    if (i >= (size_t)rows * cols) return;
    int c = i % cols;
    uint4 a = *reinterpret_cast<const uint4*>(acc + i);
    uint4 b = __ldg(reinterpret_cast<const uint4*>(bias + c));
    uint4 r = *reinterpret_cast<const uint4*>(residual + i);
    const __half2* a2 = reinterpret_cast<const __half2*>(&a);
    const __half2* b2 = reinterpret_cast<const __half2*>(&b);
    const __half2* r2 = reinterpret_cast<const __half2*>(&r);
    uint4 o; __half2* o2 = reinterpret_cast<__half2*>(&o);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        float2 v = __half22float2(__hadd2(a2[k], b2[k]));
        float2 rr = __half22float2(r2[k]);
        switch (act) {
            case 0: v.x = fmaxf(v.x, 0.f); v.y = fmaxf(v.y, 0.f); break;
            case 1: v.x = gelu_tanh(v.x); v.y = gelu_tanh(v.y); break;
            case 2: v.x = gelu_erf(v.x); v.y = gelu_erf(v.y); break;
            case 3: v.x = silu(v.x); v.y = silu(v.y); break;
            default: v.x = v.x > 0.f ? v.x : alpha * v.x; v.y = v.y > 0.f ? v.y : alpha * v.y; break;
        }
        o2[k] = __floats2half2_rn(v.x + rr.x, v.y + rr.y);
    }
    *reinterpret_cast<uint4*>(out + i) = o;
}

extern "C" __global__ void swiglu_fwd(const float* __restrict__ gateUp, float* __restrict__ out, int rows, int inter)
{
    int r = blockIdx.y;
    for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < inter; c += gridDim.x * blockDim.x) {
        float g = gateUp[(size_t)r * 2 * inter + c];
        float u = gateUp[(size_t)r * 2 * inter + inter + c];
        out[(size_t)r * inter + c] = silu(g) * u;
    }
}
