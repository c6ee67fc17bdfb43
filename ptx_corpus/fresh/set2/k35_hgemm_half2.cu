#include <cuda_fp16.h>
// 4x4 thread tile in half2 accumulation (fp16 accumulate, typical of inference kernels)
extern "C" __global__ void __launch_bounds__(256, 2) hgemm_64x64_4x4_h2acc(const __half* __restrict__ A,
    const __half* __restrict__ B, __half* __restrict__ C, int M, int N, int K)
{
    __shared__ __half2 As[16][64 / 2 + 1];
    __shared__ __half2 Bs[16][64 / 2 + 1];
    int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    int bm = blockIdx.y * 64, bn = blockIdx.x * 64;
    __half2 acc[4][2];
#pragma unroll
    for (int i = 0; i < 4; ++i) { acc[i][0] = __float2half2_rn(0.f); acc[i][1] = acc[i][0]; }
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int t = tid; t < 16 * 32; t += 256) {
            int kk = t / 32, m2 = t % 32;
            As[kk][m2] = __halves2half2(A[(size_t)(bm + 2 * m2) * K + k0 + kk], A[(size_t)(bm + 2 * m2 + 1) * K + k0 + kk]);
            Bs[kk][m2] = reinterpret_cast<const __half2*>(B + (size_t)(k0 + kk) * N + bn)[m2];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 16; ++k) {
            __half2 a01 = As[k][ty * 2], a23 = As[k][ty * 2 + 1];
            __half2 b01 = Bs[k][tx * 2], b23 = Bs[k][tx * 2 + 1];
            __half2 a[4] = {__low2half2(a01), __high2half2(a01), __low2half2(a23), __high2half2(a23)};
#pragma unroll
            for (int i = 0; i < 4; ++i) { acc[i][0] = __hfma2(a[i], b01, acc[i][0]); acc[i][1] = __hfma2(a[i], b23, acc[i][1]); }
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        __half2* cp = reinterpret_cast<__half2*>(C + (size_t)(bm + ty * 4 + i) * N + bn + tx * 4);
        cp[0] = acc[i][0]; cp[1] = acc[i][1];
    }
}

// 8x4 tile, fp32 accumulation from half inputs, register-capped with __maxnreg__
extern "C" __global__ void __maxnreg__(40) hgemm_8x4_f32acc_maxnreg(const __half* __restrict__ A,
    const __half* __restrict__ B, const float* __restrict__ scale, __half* __restrict__ C, int M, int N, int K)
{
    __shared__ __half As[16][128 + 8];
    __shared__ __half Bs[16][64 + 8];
    int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    int bm = blockIdx.y * 128, bn = blockIdx.x * 64;
    float acc[8][4];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int t = tid; t < 128 * 16; t += 256) { int m = t / 16, kk = t % 16; As[kk][m] = A[(size_t)(bm + m) * K + k0 + kk]; }
        for (int t = tid; t < 16 * 64; t += 256) { int kk = t / 64, n = t % 64; Bs[kk][n] = B[(size_t)(k0 + kk) * N + bn + n]; }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 16; ++k) {
            float a[8], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                float2 f = __half22float2(*reinterpret_cast<__half2*>(&As[k][ty * 8 + 2 * i]));
                a[2 * i] = f.x; a[2 * i + 1] = f.y;
            }
            float2 b01 = __half22float2(*reinterpret_cast<__half2*>(&Bs[k][tx * 4]));
            float2 b23 = __half22float2(*reinterpret_cast<__half2*>(&Bs[k][tx * 4 + 2]));
            b[0] = b01.x; b[1] = b01.y; b[2] = b23.x; b[3] = b23.y;
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
    float s = scale[0];
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        __half2* cp = reinterpret_cast<__half2*>(C + (size_t)(bm + ty * 8 + i) * N + bn + tx * 4);
        cp[0] = __floats2half2_rn(acc[i][0] * s, acc[i][1] * s);
        cp[1] = __floats2half2_rn(acc[i][2] * s, acc[i][3] * s);
    }
}

// 8x8 fp32-accumulate HGEMM, uncapped
extern "C" __global__ void hgemm_8x8_f32acc(const __half* __restrict__ A, const __half* __restrict__ B,
    float* __restrict__ C, int M, int N, int K)
{
    __shared__ __half As[8][128 + 8];
    __shared__ __half Bs[8][128 + 8];
    int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    int bm = blockIdx.y * 128, bn = blockIdx.x * 128;
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += 8) {
        for (int t = tid; t < 128 * 8; t += 256) {
            int m = t / 8, kk = t % 8; As[kk][m] = A[(size_t)(bm + m) * K + k0 + kk];
            int kb = t / 128, n = t % 128; Bs[kb][n] = B[(size_t)(k0 + kb) * N + bn + n];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            uint4 av = *reinterpret_cast<uint4*>(&As[k][ty * 8]);
            uint4 bv = *reinterpret_cast<uint4*>(&Bs[k][tx * 8]);
            const __half2* ah = reinterpret_cast<const __half2*>(&av);
            const __half2* bh = reinterpret_cast<const __half2*>(&bv);
            float a[8], b[8];
#pragma unroll
            for (int q = 0; q < 4; ++q) {
                float2 fa = __half22float2(ah[q]), fb = __half22float2(bh[q]);
                a[2*q] = fa.x; a[2*q+1] = fa.y; b[2*q] = fb.x; b[2*q+1] = fb.y;
            }
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        float4* cp = reinterpret_cast<float4*>(C + (size_t)(bm + ty * 8 + i) * N + bn + tx * 8);
        cp[0] = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
        cp[1] = make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
    }
}
