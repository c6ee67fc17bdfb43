// Domain: dense linear algebra - DGEMM and HGEMM variants (row-major)
// dgemm_reg4x4: 64x64 tile, BK=8, 256 threads, each computes a 4x4 double micro-tile.
// dgemm_reg8x4_lb: 128x64 tile, 8x4 double micro-tile per thread under __launch_bounds__(256,4).
// hgemm_half2_8x8: half-precision GEMM, 8x8 micro-tile kept as half2 accumulators (fp16 math).
// hgemm_f32acc_4x8: half inputs, fp32 accumulation, 4x8 micro-tile, half2 loads from shared.

#include <cuda_fp16.h>

extern "C" __global__ void dgemm_reg4x4(int M, int N, int K, double alpha,
                                        const double* __restrict__ A, const double* __restrict__ B,
                                        double beta, double* __restrict__ C)
{
    const int BM = 64, BN = 64, BK = 8;
    __shared__ double As[BK][BM + 1];
    __shared__ double Bs[BK][BN];
    int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    double acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) acc[i][j] = 0.0;
    for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
        for (int i = 0; i < 2; i++) {
            int idx = tid + i * 256;
            int r = idx >> 3, c = idx & 7;
            int gr = bm + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < K) ? A[(size_t)gr * K + gc] : 0.0;
            int rb = idx >> 6, cb = idx & 63;
            int hr = k0 + rb, hc = bn + cb;
            Bs[rb][cb] = (hr < K && hc < N) ? B[(size_t)hr * N + hc] : 0.0;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; k++) {
            double a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; i++) { a[i] = As[k][ty + 16 * i]; b[i] = Bs[k][tx + 16 * i]; }
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++) acc[i][j] = fma(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; i++) {
        int r = bm + ty + 16 * i;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            int c = bn + tx + 16 * j;
            if (c < N) C[(size_t)r * N + c] = alpha * acc[i][j] + beta * C[(size_t)r * N + c];
        }
    }
}

extern "C" __global__ void __launch_bounds__(256, 4)
dgemm_reg8x4_lb(int M, int N, int K, double alpha,
                const double* __restrict__ A, const double* __restrict__ B,
                double beta, double* __restrict__ C)
{
    const int BM = 128, BN = 64, BK = 8;
    __shared__ double As[BK][BM];
    __shared__ double Bs[BK][BN];
    int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    double acc[8][4];
#pragma unroll
    for (int i = 0; i < 8; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) acc[i][j] = 0.0;
    for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
        for (int i = 0; i < 4; i++) {
            int idx = tid + i * 256;
            int r = idx >> 3, c = idx & 7;
            int gr = bm + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < K) ? A[(size_t)gr * K + gc] : 0.0;
        }
#pragma unroll
        for (int i = 0; i < 2; i++) {
            int idx = tid + i * 256;
            int r = idx >> 6, c = idx & 63;
            int gr = k0 + r, gc = bn + c;
            Bs[r][c] = (gr < K && gc < N) ? B[(size_t)gr * N + gc] : 0.0;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; k++) {
            double a[8], b[4];
#pragma unroll
            for (int i = 0; i < 8; i++) a[i] = As[k][ty + 16 * i];
#pragma unroll
            for (int j = 0; j < 4; j++) b[j] = Bs[k][tx + 16 * j];
#pragma unroll
            for (int i = 0; i < 8; i++)
#pragma unroll
                for (int j = 0; j < 4; j++) acc[i][j] = fma(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; i++) {
        int r = bm + ty + 16 * i;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            int c = bn + tx + 16 * j;
            if (c < N) C[(size_t)r * N + c] = alpha * acc[i][j] + beta * C[(size_t)r * N + c];
        }
    }
}

extern "C" __global__ void hgemm_half2_8x8(int M, int N, int K,
                                           const __half* __restrict__ A, const __half* __restrict__ B,
                                           __half* __restrict__ C)
{
    // 128x128 tile, BK=16, 256 threads; thread computes rows ty*8..+7, cols tx*8..+7
    const int BM = 128, BN = 128, BK = 16;
    __shared__ __half As[BK][BM];
    __shared__ __align__(16) __half Bs[BK][BN];
    int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    __half2 acc[8][4];
#pragma unroll
    for (int i = 0; i < 8; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) acc[i][j] = __float2half2_rn(0.f);
    for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
        for (int i = 0; i < 8; i++) {
            int idx = tid + i * 256;
            int r = idx >> 4, c = idx & 15;
            int gr = bm + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < K) ? A[(size_t)gr * K + gc] : __float2half(0.f);
            int rb = idx >> 7, cb = idx & 127;
            int hr = k0 + rb, hc = bn + cb;
            Bs[rb][cb] = (hr < K && hc < N) ? B[(size_t)hr * N + hc] : __float2half(0.f);
        }
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < BK; k++) {
            __half2 b[4];
            const __half2* brow = reinterpret_cast<const __half2*>(&Bs[k][tx * 8]);
#pragma unroll
            for (int j = 0; j < 4; j++) b[j] = brow[j];
#pragma unroll
            for (int i = 0; i < 8; i++) {
                __half2 a = __half2half2(As[k][ty * 8 + i]);
#pragma unroll
                for (int j = 0; j < 4; j++) acc[i][j] = __hfma2(a, b[j], acc[i][j]);
            }
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; i++) {
        int r = bm + ty * 8 + i;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            int c = bn + tx * 8 + 2 * j;
            if (c + 1 < N) {
                *reinterpret_cast<__half2*>(&C[(size_t)r * N + c]) = acc[i][j];
            } else if (c < N) {
                C[(size_t)r * N + c] = __low2half(acc[i][j]);
            }
        }
    }
}

extern "C" __global__ void hgemm_f32acc_4x8(int M, int N, int K, float alpha,
                                            const __half* __restrict__ A, const __half* __restrict__ B,
                                            __half* __restrict__ C)
{
    // 64x128 tile, BK=32, 256 threads: 16 row-groups of 4, 16 col-groups of 8
    const int BM = 64, BN = 128, BK = 32;
    __shared__ __half As[BK][BM + 2];
    __shared__ __align__(16) __half Bs[BK][BN];
    int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    float acc[4][8];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 8; j++) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
        for (int i = 0; i < 8; i++) {
            int idx = tid + i * 256;
            int r = idx >> 5, c = idx & 31;
            int gr = bm + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < K) ? A[(size_t)gr * K + gc] : __float2half(0.f);
        }
#pragma unroll
        for (int i = 0; i < 16; i++) {
            int idx = tid + i * 256;
            int r = idx >> 7, c = idx & 127;
            int gr = k0 + r, gc = bn + c;
            Bs[r][c] = (gr < K && gc < N) ? B[(size_t)gr * N + gc] : __float2half(0.f);
        }
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < BK; k++) {
            float a[4], b[8];
#pragma unroll
            for (int i = 0; i < 4; i++) a[i] = __half2float(As[k][ty * 4 + i]);
            const __half2* brow = reinterpret_cast<const __half2*>(&Bs[k][tx * 8]);
#pragma unroll
            for (int j = 0; j < 4; j++) {
                float2 f = __half22float2(brow[j]);
                b[2 * j] = f.x; b[2 * j + 1] = f.y;
            }
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 8; j++) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; i++) {
        int r = bm + ty * 4 + i;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 8; j++) {
            int c = bn + tx * 8 + j;
            if (c < N) C[(size_t)r * N + c] = __float2half_rn(alpha * acc[i][j]);
        }
    }
}
