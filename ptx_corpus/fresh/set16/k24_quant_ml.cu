// Domain: quantised ML inference (int8 GEMM with dp4a, int4 group-quantised GEMV, per-token dynamic quantisation, int8 requantisation)
#include <cuda_fp16.h>

// gemm_s8s8s32_dp4a_4x4: int8 x int8 -> int32 GEMM, K packed 4 per int, 64x64 block tile, 4x4 outputs per thread, per-channel dequant to float
extern "C" __global__ void gemm_s8s8s32_dp4a_4x4(const int* __restrict__ A4, const int* __restrict__ B4T, const float* __restrict__ scaleA,
                                                 const float* __restrict__ scaleB, float* __restrict__ C, int M, int N, int K4)
{
    __shared__ int As[64][17];
    __shared__ int Bs[64][17];
    int tid = threadIdx.x, tr = tid / 16, tc = tid % 16;
    int bm = blockIdx.y * 64, bn = blockIdx.x * 64;
    int acc[4][4] = {};
    for (int k0 = 0; k0 < K4; k0 += 16) {
        for (int i = tid; i < 64 * 16; i += 256) {
            int r = i / 16, c = i % 16;
            As[r][c] = (bm + r < M && k0 + c < K4) ? A4[(size_t)(bm + r) * K4 + k0 + c] : 0;
            Bs[r][c] = (bn + r < N && k0 + c < K4) ? B4T[(size_t)(bn + r) * K4 + k0 + c] : 0;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 16; ++k) {
            int a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) { a[i] = As[tr * 4 + i][k]; b[i] = Bs[tc * 4 + i][k]; }
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = __dp4a(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int r = bm + tr * 4 + i, c = bn + tc * 4 + j;
            if (r < M && c < N) C[(size_t)r * N + c] = acc[i][j] * scaleA[r] * scaleB[c];
        }
}

// gemm_s8_dp4a_8x8_lb: int8 dp4a GEMM with 8x8 int32 accumulators per thread under __launch_bounds__(256,4)
extern "C" __global__ void __launch_bounds__(256, 4)
gemm_s8_dp4a_8x8_lb(const int* __restrict__ A4, const int* __restrict__ B4T, int* __restrict__ C, int M, int N, int K4)
{
    __shared__ int As[128][9];
    __shared__ int Bs[128][9];
    int tid = threadIdx.x, tr = tid / 16, tc = tid % 16;
    int bm = blockIdx.y * 128, bn = blockIdx.x * 128;
    int acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0;
    for (int k0 = 0; k0 < K4; k0 += 8) {
        for (int i = tid; i < 128 * 8; i += 256) {
            int r = i / 8, c = i % 8;
            As[r][c] = (bm + r < M && k0 + c < K4) ? A4[(size_t)(bm + r) * K4 + k0 + c] : 0;
            Bs[r][c] = (bn + r < N && k0 + c < K4) ? B4T[(size_t)(bn + r) * K4 + k0 + c] : 0;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            int a[8], b[8];
#pragma unroll
            for (int i = 0; i < 8; ++i) { a[i] = As[tr * 8 + i][k]; b[i] = Bs[tc * 8 + i][k]; }
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = __dp4a(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            int r = bm + tr * 8 + i, c = bn + tc * 8 + j;
            if (r < M && c < N) C[(size_t)r * N + c] = acc[i][j];
        }
}

// gemv_int4_groupwise_warp: y = W x with W packed as unsigned int4 (8 per word), group size 128 with fp16 scale and zero point; warp per row
extern "C" __global__ void gemv_int4_groupwise_warp(const unsigned* __restrict__ Wq, const __half* __restrict__ scales, const __half* __restrict__ zeros,
                                                    const __half* __restrict__ x, __half* __restrict__ y, int rows, int cols)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    int words = cols / 8, groups = cols / 128;
    const unsigned* wr = Wq + (size_t)row * words;
    float acc = 0.f;
    for (int w = lane; w < words; w += 32) {
        unsigned q = wr[w];
        int g = (w * 8) / 128;
        float s = __half2float(scales[(size_t)row * groups + g]);
        float z = __half2float(zeros[(size_t)row * groups + g]);
        const uint4 xv = *reinterpret_cast<const uint4*>(x + w * 8);
        const __half2* xh = reinterpret_cast<const __half2*>(&xv);
#pragma unroll
        for (int e = 0; e < 4; ++e) {
            float2 xf = __half22float2(xh[e]);
            float w0 = ((q >> (8 * e)) & 0xF) - z, w1 = ((q >> (8 * e + 4)) & 0xF) - z;
            acc += s * (w0 * xf.x + w1 * xf.y);
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (lane == 0) y[row] = __float2half(acc);
}

// quantize_per_token_int8_absmax: dynamic symmetric int8 quantisation of each token row (block per row, absmax reduction, char4 stores)
extern "C" __global__ void quantize_per_token_int8_absmax(const float* __restrict__ x, char4* __restrict__ q, float* __restrict__ scale, int cols)
{
    __shared__ float red[32];
    const float4* xr = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * cols);
    int n4 = cols / 4;
    float m = 0.f;
    for (int i = threadIdx.x; i < n4; i += blockDim.x) {
        float4 v = xr[i];
        m = fmaxf(m, fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w))));
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = m;
    __syncthreads();
    if (threadIdx.x < 32) {
        m = (threadIdx.x < (blockDim.x >> 5)) ? red[threadIdx.x] : 0.f;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
        if (threadIdx.x == 0) { red[0] = m; scale[blockIdx.x] = m / 127.f; }
    }
    __syncthreads();
    float inv = red[0] > 0.f ? 127.f / red[0] : 0.f;
    for (int i = threadIdx.x; i < n4; i += blockDim.x) {
        float4 v = xr[i];
        q[(size_t)blockIdx.x * n4 + i] = make_char4((signed char)__float2int_rn(v.x * inv), (signed char)__float2int_rn(v.y * inv),
                                                    (signed char)__float2int_rn(v.z * inv), (signed char)__float2int_rn(v.w * inv));
    }
}

// requant_s32_to_s8_bias_relu_lb: int32 accumulator -> int8 requantisation with bias, fixed-point multiplier (64-bit rounding shift) and ReLU, 4 elements per thread under __launch_bounds__(128,4)
extern "C" __global__ void __launch_bounds__(128, 4)
requant_s32_to_s8_bias_relu_lb(const int4* __restrict__ acc, const int* __restrict__ bias, const int* __restrict__ mult, const int* __restrict__ shift,
                               char4* __restrict__ out, int rows, int cols4, int outZero)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= rows * cols4) return;
    int c4 = idx % cols4;
    int4 a = acc[idx];
    int v[4] = {a.x, a.y, a.z, a.w};
    signed char o[4];
#pragma unroll
    for (int e = 0; e < 4; ++e) {
        int ch = c4 * 4 + e;
        long long prod = (long long)(v[e] + bias[ch]) * (long long)mult[ch];
        int sh = 31 + shift[ch];
        long long rnd = 1ll << (sh - 1);
        int r = (int)((prod + rnd) >> sh) + outZero;
        o[e] = (signed char)max(outZero, min(127, r));
    }
    out[idx] = make_char4(o[0], o[1], o[2], o[3]);
}
