// Quantised ML inference: per-row symmetric int8 quantisation, an int8 GEMM
// using __dp4a with 8x8 per-thread register tiles, and an int4 weight-only
// GEMV with fp16 activations and per-group scales.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <stdint.h>

// Quantise each row of X (float) to int8 with scale = absmax/127. One warp/row.
extern "C" __global__ void quantize_rows_int8(const float* __restrict__ X, int rows, int cols,
                                              int8_t* __restrict__ Q, float* __restrict__ scale)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const float* x = X + (size_t)row * cols;
    float m = 0.f;
    for (int c = lane * 4; c < cols; c += 128) {
        float4 v = *reinterpret_cast<const float4*>(x + c);
        m = fmaxf(m, fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w))));
    }
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    float s = m / 127.f, inv = (m > 0.f) ? 127.f / m : 0.f;
    for (int c = lane * 4; c < cols; c += 128) {
        float4 v = *reinterpret_cast<const float4*>(x + c);
        char4 q;
        q.x = (signed char)__float2int_rn(v.x * inv); q.y = (signed char)__float2int_rn(v.y * inv);
        q.z = (signed char)__float2int_rn(v.z * inv); q.w = (signed char)__float2int_rn(v.w * inv);
        *reinterpret_cast<char4*>(Q + (size_t)row * cols + c) = q;
    }
    if (lane == 0) scale[row] = s;
}

// C[M,N] = (A[M,K] int8 * B[N,K]^T int8) * sa[m] * sb[n]; K multiple of 16.
// Block 128x128, 256 threads, 8x8 outputs per thread.
#define TM 128
#define TN 128
#define TK 16
extern "C" __global__ void __launch_bounds__(256)
gemm_s8s8_f32(const int8_t* __restrict__ A, const int8_t* __restrict__ B,
              const float* __restrict__ sa, const float* __restrict__ sb,
              float* __restrict__ C, int M, int N, int K)
{
    __shared__ int As[TK / 4][TM + 4];
    __shared__ int Bs[TK / 4][TN + 4];
    int tx = threadIdx.x & 15, ty = threadIdx.x >> 4;
    int m0 = blockIdx.y * TM, n0 = blockIdx.x * TN;
    int acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0;

    for (int k0 = 0; k0 < K; k0 += TK) {
        // 128 rows x 16 bytes = 512 ints per operand; 2 per thread
#pragma unroll
        for (int l = 0; l < 2; ++l) {
            int idx = threadIdx.x + l * 256;
            int r = idx >> 2, kk = idx & 3;
            int am = min(m0 + r, M - 1), bn = min(n0 + r, N - 1);
            As[kk][r] = *reinterpret_cast<const int*>(A + (size_t)am * K + k0 + kk * 4);
            Bs[kk][r] = *reinterpret_cast<const int*>(B + (size_t)bn * K + k0 + kk * 4);
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < TK / 4; ++kk) {
            int a[8], b[8];
#pragma unroll
            for (int i = 0; i < 8; ++i) a[i] = As[kk][ty * 8 + i];
#pragma unroll
            for (int j = 0; j < 8; ++j) b[j] = Bs[kk][tx * 8 + j];
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = __dp4a(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        int m = m0 + ty * 8 + i;
        if (m >= M) continue;
        float s = sa[m];
#pragma unroll
        for (int j = 0; j < 8; j += 4) {
            int n = n0 + tx * 8 + j;
            if (n + 3 < N) {
                float4 o = make_float4(acc[i][j] * s * sb[n], acc[i][j + 1] * s * sb[n + 1],
                                       acc[i][j + 2] * s * sb[n + 2], acc[i][j + 3] * s * sb[n + 3]);
                *reinterpret_cast<float4*>(C + (size_t)m * N + n) = o;
            }
        }
    }
}

// y[N] = W[N,K](int4, groups of 128 along K) * x[K](fp16). One warp per row.
extern "C" __global__ void gemv_w4a16(const uint32_t* __restrict__ Wq, const __half* __restrict__ scales,
                                      const __half* __restrict__ zeros, const __half* __restrict__ x,
                                      __half* __restrict__ y, int N, int K)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= N) return;
    int ngroups = K / 128;
    const uint32_t* w = Wq + (size_t)row * (K / 8);
    float acc = 0.f;
    for (int base = lane * 8; base < K; base += 256) {
        uint32_t packed = w[base / 8];
        int g = base / 128;
        __half2 sc = __half2half2(scales[(size_t)row * ngroups + g]);
        __half2 zp = __half2half2(zeros[(size_t)row * ngroups + g]);
        const __half2* xv = reinterpret_cast<const __half2*>(x + base);
        __half2 sum = __float2half2_rn(0.f);
#pragma unroll
        for (int p = 0; p < 4; ++p) {
            uint32_t q0 = (packed >> (8 * p)) & 0xF, q1 = (packed >> (8 * p + 4)) & 0xF;
            __half2 wq = __halves2half2(__uint2half_rn(q0), __uint2half_rn(q1));
            __half2 wf = __hmul2(__hsub2(wq, zp), sc);
            sum = __hfma2(wf, xv[p], sum);
        }
        acc += __low2float(sum) + __high2float(sum);
    }
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (lane == 0) y[row] = __float2half(acc);
}
