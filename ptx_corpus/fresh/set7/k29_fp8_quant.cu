// Low-precision formats done by hand: FP8 E4M3 / E5M2 encode-decode with round-to-nearest-even
// and saturation, per-block (1x128) absmax scaling for activations, MX-style shared-exponent
// blocks of 32 values, and an 8x8-register-tiled GEMM that dequantises fp8 A tiles while staging them.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <stdint.h>

__device__ __forceinline__ uint8_t f32_to_e4m3(float f)
{
    uint32_t u = __float_as_uint(f);
    uint32_t sign = (u >> 24) & 0x80;
    float a = fminf(fabsf(f), 448.f);
    if (a != a) return (uint8_t)(sign | 0x7f);
    if (a < 0.0009765625f) return (uint8_t)sign;   // below half the min subnormal
    uint32_t ua = __float_as_uint(a);
    int e = (int)(ua >> 23) - 127;
    uint32_t code;
    if (e < -6) {   // subnormal: value = m * 2^-9
        code = (uint32_t)__float2int_rn(a * 512.f);
    } else {
        uint32_t mant = ua & 0x7fffff;
        uint32_t keep = mant >> 20, rem = mant & 0xfffff;
        uint32_t half = 0x80000;
        if (rem > half || (rem == half && (keep & 1))) keep++;
        uint32_t ee = (uint32_t)(e + 7);
        if (keep == 8) { keep = 0; ee++; }
        code = (ee << 3) | keep;
        if (code > 0x7e) code = 0x7e;
    }
    return (uint8_t)(sign | code);
}

__device__ __forceinline__ float e4m3_to_f32(uint8_t v)
{
    uint32_t sign = (uint32_t)(v & 0x80) << 24;
    uint32_t e = (v >> 3) & 0xf, m = v & 7;
    float r;
    if (e == 0) r = m * (1.f / 512.f);
    else if (e == 15 && m == 7) r = __int_as_float(0x7fc00000);
    else r = __uint_as_float(((e + 120) << 23) | (m << 20));
    return __uint_as_float(__float_as_uint(r) | sign);
}

__device__ __forceinline__ uint8_t f32_to_e5m2(float f)
{
    f = fminf(fmaxf(f, -57344.f), 57344.f);
    unsigned short h = __half_as_ushort(__float2half_rn(f));
    unsigned short r = (unsigned short)(h + 0x7f + ((h >> 8) & 1));
    return (uint8_t)(r >> 8);
}

__device__ __forceinline__ float e5m2_to_f32(uint8_t v)
{
    return __half2float(__ushort_as_half((unsigned short)v << 8));
}

// Per-row-block (128 values) absmax scaling; one warp per block, each lane 4 values.
extern "C" __global__ void quantize_e4m3_block128(const float* __restrict__ x, uint8_t* __restrict__ q,
                                                  float* __restrict__ scales, size_t nblocks)
{
    size_t blk = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x & 31;
    if (blk >= nblocks) return;
    float4 v = reinterpret_cast<const float4*>(x + blk * 128)[lane];
    float amax = fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w)));
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xffffffff, amax, o));
    float scale = amax > 0.f ? 448.f / amax : 1.f;
    uint32_t packed = (uint32_t)f32_to_e4m3(v.x * scale) | ((uint32_t)f32_to_e4m3(v.y * scale) << 8) |
                      ((uint32_t)f32_to_e4m3(v.z * scale) << 16) | ((uint32_t)f32_to_e4m3(v.w * scale) << 24);
    reinterpret_cast<uint32_t*>(q + blk * 128)[lane] = packed;
    if (lane == 0) scales[blk] = 1.f / scale;
}

// MX block format: 32 values share an 8-bit power-of-two exponent, elements stored as E5M2.
extern "C" __global__ void quantize_mx_e5m2(const float* __restrict__ x, uint8_t* __restrict__ q,
                                            uint8_t* __restrict__ shared_exp, size_t nblocks)
{
    size_t b = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    float v[32];
    float amax = 0.f;
#pragma unroll
    for (int i = 0; i < 32; i += 4) {
        float4 t = reinterpret_cast<const float4*>(x + b * 32)[i / 4];
        v[i] = t.x; v[i + 1] = t.y; v[i + 2] = t.z; v[i + 3] = t.w;
        amax = fmaxf(amax, fmaxf(fmaxf(fabsf(t.x), fabsf(t.y)), fmaxf(fabsf(t.z), fabsf(t.w))));
    }
    int e = amax > 0.f ? ((int)((__float_as_uint(amax) >> 23) & 0xff) - 127) - 15 : -127;
    e = max(min(e, 127), -127);
    float s = exp2f((float)-e);
    shared_exp[b] = (uint8_t)(e + 127);
    uint32_t words[8];
#pragma unroll
    for (int w = 0; w < 8; ++w)
        words[w] = (uint32_t)f32_to_e5m2(v[4 * w] * s) | ((uint32_t)f32_to_e5m2(v[4 * w + 1] * s) << 8) |
                   ((uint32_t)f32_to_e5m2(v[4 * w + 2] * s) << 16) | ((uint32_t)f32_to_e5m2(v[4 * w + 3] * s) << 24);
    uint4* dst = reinterpret_cast<uint4*>(q + b * 32);
    dst[0] = make_uint4(words[0], words[1], words[2], words[3]);
    dst[1] = make_uint4(words[4], words[5], words[6], words[7]);
}

// C[M][N] = dequant(A_e4m3[M][K]) * B_f32[K][N] with per-row A scales; 64x64 block tile,
// each of 64 threads computes an 8x8 register tile; A bytes are decoded while staging.
#define QB 64
#define QK 16
extern "C" __global__ void __launch_bounds__(64)
gemm_e4m3_a_f32_b_8x8(const uint8_t* __restrict__ A, const float* __restrict__ a_scale,
                      const float* __restrict__ B, float* __restrict__ C, int M, int N, int K)
{
    __shared__ float As[QK][QB];
    __shared__ float Bs[QK][QB];
    int tx = threadIdx.x % 8, ty = threadIdx.x / 8;
    int m0 = blockIdx.y * QB, n0 = blockIdx.x * QB;
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += QK) {
        for (int t = threadIdx.x; t < QB * QK / 4; t += 64) {
            int mm = t / (QK / 4), kq = (t % (QK / 4)) * 4;
            int gm = m0 + mm;
            uint32_t w4 = (gm < M && k0 + kq + 3 < K) ? *reinterpret_cast<const uint32_t*>(A + (size_t)gm * K + k0 + kq) : 0u;
            As[kq + 0][mm] = e4m3_to_f32(w4 & 0xff);
            As[kq + 1][mm] = e4m3_to_f32((w4 >> 8) & 0xff);
            As[kq + 2][mm] = e4m3_to_f32((w4 >> 16) & 0xff);
            As[kq + 3][mm] = e4m3_to_f32(w4 >> 24);
        }
        for (int t = threadIdx.x; t < QK * QB; t += 64) {
            int kk = t / QB, nn = t % QB;
            Bs[kk][nn] = (k0 + kk < K && n0 + nn < N) ? B[(size_t)(k0 + kk) * N + n0 + nn] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < QK; ++kk) {
            float a[8], b[8];
#pragma unroll
            for (int i = 0; i < 8; ++i) a[i] = As[kk][ty * 8 + i];
#pragma unroll
            for (int j = 0; j < 8; ++j) b[j] = Bs[kk][tx * 8 + j];
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        int gm = m0 + ty * 8 + i;
        if (gm >= M) continue;
        float s = a_scale[gm];
#pragma unroll
        for (int j = 0; j < 8; j += 4) {
            int gn = n0 + tx * 8 + j;
            if (gn + 3 < N)
                *reinterpret_cast<float4*>(C + (size_t)gm * N + gn) =
                    make_float4(acc[i][j] * s, acc[i][j + 1] * s, acc[i][j + 2] * s, acc[i][j + 3] * s);
        }
    }
}

extern "C" __global__ void dequant_e5m2_mx(const uint8_t* __restrict__ q, const uint8_t* __restrict__ shared_exp,
                                           float* __restrict__ out, size_t n)
{
    size_t i = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) * 4;
    if (i >= n) return;
    uint32_t w = *reinterpret_cast<const uint32_t*>(q + i);
    float s = exp2f((float)((int)shared_exp[i / 32] - 127));
    float4 r = make_float4(e5m2_to_f32(w & 0xff) * s, e5m2_to_f32((w >> 8) & 0xff) * s,
                           e5m2_to_f32((w >> 16) & 0xff) * s, e5m2_to_f32(w >> 24) * s);
    *reinterpret_cast<float4*>(out + i) = r;
}
