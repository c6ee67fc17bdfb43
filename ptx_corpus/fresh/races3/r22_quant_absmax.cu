// Row-wise int8 quantisation of half data: warp absmax -> shared warp maxima -> thread 0 scale -> quantise. blockDim = 128.
#include <cuda_fp16.h>
template <bool FIX>
__device__ __forceinline__ void quant_body(const __half* __restrict__ x, signed char* __restrict__ q,
                                           float* __restrict__ scales, int n)
{
    __shared__ float warpMax[4];
    __shared__ float sScale;
    int t = threadIdx.x, lane = t & 31, w = t >> 5;
    const __half* row = x + (size_t)blockIdx.x * n;
    float m = 0.f;
    for (int i = t; i < n; i += 128) m = fmaxf(m, fabsf(__half2float(row[i])));
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    if (lane == 0) warpMax[w] = m;
    if (FIX) __syncthreads();
    if (t == 0) {
        float a = fmaxf(fmaxf(warpMax[0], warpMax[1]), fmaxf(warpMax[2], warpMax[3]));
        sScale = fmaxf(a, 1e-8f) / 127.f;
        scales[blockIdx.x] = sScale;
    }
    __syncthreads();
    float inv = 1.f / sScale;
    for (int i = t; i < n; i += 128)
        q[(size_t)blockIdx.x * n + i] = (signed char)__float2int_rn(__half2float(row[i]) * inv);
}
extern "C" __global__ void __launch_bounds__(128) quant_absmax_race(const __half* x, signed char* q, float* scales, int n)
{ quant_body<false>(x, q, scales, n); }
extern "C" __global__ void __launch_bounds__(128) quant_absmax_ok(const __half* x, signed char* q, float* scales, int n)
{ quant_body<true>(x, q, scales, n); }
