#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>

__device__ __forceinline__ uint8_t float_to_e4m3(float f)
{
    uint32_t u = __float_as_uint(f);
    uint32_t sign = (u >> 24) & 0x80u;
    float a = fminf(fabsf(f), 448.f);
    if (a < 0.0009765625f) return (uint8_t)sign;
    int e;
    float m = frexpf(a, &e);          // a = m * 2^e, m in [0.5,1)
    int exp = e - 1 + 7;
    uint32_t mant;
    if (exp <= 0) {
        mant = (uint32_t)rintf(a * 512.f);   // subnormal: a / 2^-9
        return (uint8_t)(sign | (mant & 0x7u));
    }
    mant = (uint32_t)rintf((m * 2.f - 1.f) * 8.f);
    if (mant == 8) { mant = 0; exp++; }
    if (exp > 15) { exp = 15; mant = 6; }
    return (uint8_t)(sign | (exp << 3) | mant);
}

__device__ __forceinline__ float e4m3_to_float(uint8_t v)
{
    uint32_t s = v >> 7, e = (v >> 3) & 0xF, m = v & 7;
    float r = e == 0 ? ldexpf((float)m, -9) : ldexpf(1.f + m / 8.f, (int)e - 7);
    return s ? -r : r;
}

extern "C" __global__ void quantize_rows_fp8(const __nv_bfloat16* __restrict__ in, uint8_t* __restrict__ out,
    float* __restrict__ rowScale, int cols)
{
    __shared__ float red[32];
    int row = blockIdx.x;
    const __nv_bfloat16* r = in + (size_t)row * cols;
    float amax = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) amax = fmaxf(amax, fabsf(__bfloat162float(r[c])));
    for (int o = 16; o > 0; o >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, o));
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = amax;
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = threadIdx.x < blockDim.x / 32 ? red[threadIdx.x] : 0.f;
        for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
        if (threadIdx.x == 0) red[0] = v;
    }
    __syncthreads();
    float scale = fmaxf(red[0], 1e-12f) / 448.f;
    float inv = 1.f / scale;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[(size_t)row * cols + c] = float_to_e4m3(__bfloat162float(r[c]) * inv);
    if (threadIdx.x == 0) rowScale[row] = scale;
}

extern "C" __global__ void dequant_int4_groups(const uint32_t* __restrict__ packed, const __half2* __restrict__ sz,
    __half* __restrict__ out, int n, int groupSize)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i * 8 >= n) return;
    uint32_t p = packed[i];
    __half2 s = sz[(i * 8) / groupSize];
    float scale = __low2float(s), zero = __high2float(s);
    __half2 res[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        float a = ((p >> (8 * k)) & 0xF) - zero;
        float b = ((p >> (8 * k + 4)) & 0xF) - zero;
        res[k] = __floats2half2_rn(a * scale, b * scale);
    }
    *reinterpret_cast<uint4*>(out + i * 8) = *reinterpret_cast<uint4*>(res);
}

extern "C" __global__ void fp8_roundtrip_error(const float* __restrict__ x, float* __restrict__ err, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    err[i] = v - e4m3_to_float(float_to_e4m3(v));
}
