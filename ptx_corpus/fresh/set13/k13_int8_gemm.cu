// k13_int8_gemm.cu
// ML inference: int8 GEMM tiles with dp4a (INT32 accumulate) and requantisation.
//  - igemm_dp4a_8x8:      128x128 block tile, 8x8 int32 accumulators per thread, shared staging
//  - igemm_dp4a_8x8_lb:   same micro-kernel under __launch_bounds__(256, 4) (register cap 64)
//  - igemm_dp4a_4x4:      simpler 4x4 register tile, 64x64 block
//  - requant_int8:        per-channel requantisation with rounding and clamping (small)
#include <stdint.h>

#define BM 128
#define BN 128
#define BK 32   // in int8 elements -> 8 packed int32 words

template <int TM, int TN>
__device__ __forceinline__ void igemm_tile(const int* __restrict__ A, const int* __restrict__ B, int* __restrict__ C,
                                           int M, int N, int Kw, int ldc, int* As, int* Bs, int bm, int bn)
{
    // A: M x Kw packed (row-major, 4 int8 per int), B: N x Kw packed (i.e. B^T row-major)
    const int tid = threadIdx.x;
    const int tx = tid % (bn / TN), ty = tid / (bn / TN);
    const int row0 = blockIdx.y * bm, col0 = blockIdx.x * bn;
    const int nthr = blockDim.x;
    int acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0;
    for (int k0 = 0; k0 < Kw; k0 += BK / 4) {
        for (int e = tid; e < bm * (BK / 4); e += nthr) {
            int r = e / (BK / 4), c = e % (BK / 4);
            int gr = row0 + r;
            As[c * bm + r] = (gr < M && k0 + c < Kw) ? A[(size_t)gr * Kw + k0 + c] : 0;
        }
        for (int e = tid; e < bn * (BK / 4); e += nthr) {
            int r = e / (BK / 4), c = e % (BK / 4);
            int gr = col0 + r;
            Bs[c * bn + r] = (gr < N && k0 + c < Kw) ? B[(size_t)gr * Kw + k0 + c] : 0;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK / 4; ++kk) {
            int a[TM], b[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i) a[i] = As[kk * bm + ty * TM + i];
#pragma unroll
            for (int j = 0; j < TN; ++j) b[j] = Bs[kk * bn + tx * TN + j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = __dp4a(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            int r = row0 + ty * TM + i, c = col0 + tx * TN + j;
            if (r < M && c < N) C[(size_t)r * ldc + c] = acc[i][j];
        }
}

extern "C" __global__ void igemm_dp4a_8x8(const int* __restrict__ A, const int* __restrict__ B, int* __restrict__ C,
                                          int M, int N, int Kw)
{
    __shared__ int As[BK / 4 * BM];
    __shared__ int Bs[BK / 4 * BN];
    igemm_tile<8, 8>(A, B, C, M, N, Kw, N, As, Bs, BM, BN);
}

extern "C" __global__ void __launch_bounds__(256, 4)
igemm_dp4a_8x8_lb(const int* __restrict__ A, const int* __restrict__ B, int* __restrict__ C, int M, int N, int Kw)
{
    __shared__ int As[BK / 4 * BM];
    __shared__ int Bs[BK / 4 * BN];
    igemm_tile<8, 8>(A, B, C, M, N, Kw, N, As, Bs, BM, BN);
}

extern "C" __global__ void igemm_dp4a_4x4(const int* __restrict__ A, const int* __restrict__ B, int* __restrict__ C,
                                          int M, int N, int Kw)
{
    __shared__ int As[BK / 4 * 64];
    __shared__ int Bs[BK / 4 * 64];
    igemm_tile<4, 4>(A, B, C, M, N, Kw, N, As, Bs, 64, 64);
}

extern "C" __global__ void requant_int8(const int* __restrict__ acc, const float* __restrict__ scale,
                                        const int* __restrict__ bias, int zeroPoint, int M, int N, int8_t* __restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M * N) return;
    int c = i % N;
    float v = (float)(acc[i] + bias[c]) * scale[c];
    int q = __float2int_rn(v) + zeroPoint;
    out[i] = (int8_t)max(-128, min(127, q));
}
