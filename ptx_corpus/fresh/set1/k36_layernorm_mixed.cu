// LayerNorm / RMSNorm in half and bf16 with fp32 accumulation, Welford
#include <cuda_fp16.h>
#include <cuda_bf16.h>

template <typename T> __device__ __forceinline__ float to_f(T v);
template <> __device__ __forceinline__ float to_f<__half>(__half v) { return __half2float(v); }
template <> __device__ __forceinline__ float to_f<__nv_bfloat16>(__nv_bfloat16 v) { return __bfloat162float(v); }
template <typename T> __device__ __forceinline__ T from_f(float v);
template <> __device__ __forceinline__ __half from_f<__half>(float v) { return __float2half(v); }
template <> __device__ __forceinline__ __nv_bfloat16 from_f<__nv_bfloat16>(float v) { return __float2bfloat16(v); }

template <typename T, int VPT>
__device__ void layernorm_warp(const T* __restrict__ x, const T* __restrict__ g, const T* __restrict__ b,
                               T* __restrict__ y, int rows, float eps)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const int cols = VPT * 32;
    float v[VPT];
    float mean = 0.f, m2 = 0.f; int cnt = 0;
#pragma unroll
    for (int k = 0; k < VPT; ++k) {
        v[k] = to_f(x[(size_t)row * cols + k * 32 + lane]);
        ++cnt; float d = v[k] - mean; mean += d / cnt; m2 += d * (v[k] - mean);
    }
    // combine Welford states across the warp
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        float om = __shfl_xor_sync(0xffffffffu, mean, o);
        float om2 = __shfl_xor_sync(0xffffffffu, m2, o);
        int oc = __shfl_xor_sync(0xffffffffu, cnt, o);
        int nc = cnt + oc;
        float d = om - mean;
        mean += d * oc / nc;
        m2 += om2 + d * d * (float)cnt * oc / nc;
        cnt = nc;
    }
    float rstd = rsqrtf(m2 / cols + eps);
#pragma unroll
    for (int k = 0; k < VPT; ++k) {
        int c = k * 32 + lane;
        y[(size_t)row * cols + c] = from_f<T>((v[k] - mean) * rstd * to_f(g[c]) + to_f(b[c]));
    }
}

extern "C" __global__ void layernorm_half_1024(const __half* x, const __half* g, const __half* b, __half* y, int rows, float eps)
{ layernorm_warp<__half, 32>(x, g, b, y, rows, eps); }
extern "C" __global__ void layernorm_bf16_256(const __nv_bfloat16* x, const __nv_bfloat16* g, const __nv_bfloat16* b,
                                              __nv_bfloat16* y, int rows, float eps)
{ layernorm_warp<__nv_bfloat16, 8>(x, g, b, y, rows, eps); }

extern "C" __global__ void rmsnorm_bf162(const __nv_bfloat162* __restrict__ x, const __nv_bfloat162* __restrict__ w,
                                         __nv_bfloat162* __restrict__ y, int cols2, float eps)
{
    __shared__ float red[32];
    const __nv_bfloat162* xr = x + (size_t)blockIdx.x * cols2;
    float ss = 0.f;
    for (int c = threadIdx.x; c < cols2; c += blockDim.x) { float2 f = __bfloat1622float2(xr[c]); ss += f.x * f.x + f.y * f.y; }
    for (int o = 16; o; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = ss;
    __syncthreads();
    if (threadIdx.x < 32) {
        ss = threadIdx.x < blockDim.x / 32 ? red[threadIdx.x] : 0.f;
        for (int o = 16; o; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
        if (threadIdx.x == 0) red[0] = rsqrtf(ss / (2 * cols2) + eps);
    }
    __syncthreads();
    __nv_bfloat162 r = __float2bfloat162_rn(red[0]);
    for (int c = threadIdx.x; c < cols2; c += blockDim.x)
        y[(size_t)blockIdx.x * cols2 + c] = __hmul2(__hmul2(xr[c], r), w[c]);
}
