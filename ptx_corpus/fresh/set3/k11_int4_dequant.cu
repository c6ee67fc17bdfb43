// Weight-only quantized GEMV paths: int4 groupwise (AWQ-style) and int8 per-channel.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <stdint.h>

// int4 weights packed 8 per uint32, per-group fp16 scale and zero; one warp per output row.
extern "C" __global__ void __launch_bounds__(256)
gemv_int4_group128(const uint32_t* __restrict__ qw, const __half* __restrict__ scales,
                   const __half* __restrict__ zeros, const __half* __restrict__ x,
                   __half* __restrict__ y, int K, int N)
{
    int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    int lane = threadIdx.x & 31;
    if (row >= N) return;
    const uint32_t* wr = qw + (size_t)row * (K / 8);
    int groups = K / 128;
    float acc = 0.f;
    for (int g = 0; g < groups; ++g) {
        float s = __half2float(scales[(size_t)row * groups + g]);
        float z = __half2float(zeros[(size_t)row * groups + g]);
        // 128 elements per group = 16 words; lanes 0..15 take one word each, two groups per pass
        int w = g * 16 + (lane & 15);
        if ((lane >> 4) != (g & 1)) continue;
        uint32_t packed = wr[w];
        const __half2* xv = reinterpret_cast<const __half2*>(x + w * 8);
        float part = 0.f;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            float2 xf = __half22float2(xv[j]);
            float q0 = (float)((packed >> (8 * j)) & 0xF);
            float q1 = (float)((packed >> (8 * j + 4)) & 0xF);
            part += (q0 - z) * xf.x + (q1 - z) * xf.y;
        }
        acc += part * s;
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (lane == 0) y[row] = __float2half(acc);
}

// int8 weights with per-row scale, dp4a against int8-quantized activations; four rows per warp
// so every activation vector load is reused four times.
extern "C" __global__ void gemv_w8a8_dp4a_r4(const int8_t* __restrict__ w, const int8_t* __restrict__ xq,
                                             const float* __restrict__ wscale, float xscale,
                                             const float* __restrict__ bias, float* __restrict__ y,
                                             int K, int N)
{
    int row0 = (blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5)) * 4;
    int lane = threadIdx.x & 31;
    if (row0 >= N) return;
    const int4* xr = reinterpret_cast<const int4*>(xq);
    const int4* wr[4];
#pragma unroll
    for (int r = 0; r < 4; ++r) wr[r] = reinterpret_cast<const int4*>(w + (size_t)min(row0 + r, N - 1) * K);
    int acc[4] = {0, 0, 0, 0};
    int kv = K / 16;
#pragma unroll 4
    for (int k = lane; k < kv; k += 32) {
        int4 b = __ldg(xr + k);
#pragma unroll
        for (int r = 0; r < 4; ++r) {
            int4 a = wr[r][k];
            acc[r] = __dp4a(a.x, b.x, acc[r]); acc[r] = __dp4a(a.y, b.y, acc[r]);
            acc[r] = __dp4a(a.z, b.z, acc[r]); acc[r] = __dp4a(a.w, b.w, acc[r]);
        }
    }
#pragma unroll
    for (int r = 0; r < 4; ++r)
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) acc[r] += __shfl_xor_sync(0xffffffffu, acc[r], o);
    if (lane < 4 && row0 + lane < N) {
        int v = lane == 0 ? acc[0] : lane == 1 ? acc[1] : lane == 2 ? acc[2] : acc[3];
        y[row0 + lane] = (float)v * wscale[row0 + lane] * xscale + bias[row0 + lane];
    }
}

// Dequantize int4 tiles into fp16 for a downstream tensor-core GEMM; 8 words per thread.
extern "C" __global__ void dequant_int4_to_half(const uint32_t* __restrict__ qw, const __half2* __restrict__ sz,
                                                __half2* __restrict__ out, int words_per_row, int group_words,
                                                int n_rows)
{
    int r = blockIdx.y;
    int w0 = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
    if (r >= n_rows || w0 >= words_per_row) return;
    const uint32_t* src = qw + (size_t)r * words_per_row;
    __half2* dst = out + ((size_t)r * words_per_row) * 4;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        int w = w0 + i;
        if (w >= words_per_row) break;
        __half2 s = sz[(size_t)r * (words_per_row / group_words) + w / group_words];
        uint32_t q = src[w];
        __half2 scale = __half2half2(__low2half(s)), zero = __half2half2(__high2half(s));
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            __half2 v = __floats2half2_rn((float)((q >> (8 * j)) & 0xF), (float)((q >> (8 * j + 4)) & 0xF));
            dst[(size_t)w * 4 + j] = __hmul2(__hsub2(v, zero), scale);
        }
    }
}
