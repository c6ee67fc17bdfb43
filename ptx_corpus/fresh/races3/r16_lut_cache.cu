// Half-precision activation lookup table (1024 entries) cached in shared by the first 64 threads, then gathered by all. blockDim = 256.
#include <cuda_fp16.h>
#define LUTN 1024
template <bool FIX>
__device__ __forceinline__ void lut_body(const __half* __restrict__ table, const float* __restrict__ x,
                                         __half* __restrict__ y, int n, float lo, float hi)
{
    __shared__ __half lut[LUTN];
    int t = threadIdx.x;
    if (!FIX) __syncthreads();          // bug: barrier placed before the table load
    if (t < 64)
        for (int j = 0; j < 16; j++) lut[t * 16 + j] = table[t * 16 + j];
    if (FIX) __syncthreads();
    float inv = (LUTN - 1) / (hi - lo);
    for (int i = blockIdx.x * 256 + t; i < n; i += gridDim.x * 256) {
        float v = fminf(fmaxf(x[i], lo), hi);
        int idx = (int)((v - lo) * inv);
        y[i] = __hmul(lut[idx], __float2half(v));
    }
}
extern "C" __global__ void __launch_bounds__(256) lut_cache_race(const __half* table, const float* x, __half* y, int n, float lo, float hi)
{ lut_body<false>(table, x, y, n, lo, hi); }
extern "C" __global__ void __launch_bounds__(256) lut_cache_ok(const __half* table, const float* x, __half* y, int n, float lo, float hi)
{ lut_body<true>(table, x, y, n, lo, hi); }
