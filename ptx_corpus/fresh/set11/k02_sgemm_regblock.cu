// Register-blocked SGEMM: each thread computes a 2x2, 4x4 or 8x8 block of C from shared-memory tiles.
#include <cuda_runtime.h>

// ---------------- 2x2 per thread, 16x16 threads -> 32x32 block tile ----------------
#define RB2_BM 32
#define RB2_BN 32
#define RB2_BK 16

extern "C" __global__ void __launch_bounds__(256)
sgemm_rb2x2(const float* __restrict__ A, const float* __restrict__ B,
            float* __restrict__ C, int M, int N, int K)
{
    __shared__ float As[RB2_BK][RB2_BM];
    __shared__ float Bs[RB2_BK][RB2_BN];

    const int tx = threadIdx.x;           // 0..15
    const int ty = threadIdx.y;           // 0..15
    const int tid = ty * 16 + tx;
    const int rowBase = blockIdx.y * RB2_BM;
    const int colBase = blockIdx.x * RB2_BN;

    float c[2][2] = {{0.f, 0.f}, {0.f, 0.f}};

    for (int k0 = 0; k0 < K; k0 += RB2_BK) {
        // 32x16 elements of A, 16x32 of B, 256 threads -> 2 each
#pragma unroll
        for (int i = 0; i < 2; ++i) {
            int e = tid + i * 256;
            int ar = e / RB2_BK, ak = e % RB2_BK;
            int gr = rowBase + ar, gk = k0 + ak;
            As[ak][ar] = (gr < M && gk < K) ? A[(size_t)gr * K + gk] : 0.f;
            int bk = e / RB2_BN, bc = e % RB2_BN;
            int gk2 = k0 + bk, gc = colBase + bc;
            Bs[bk][bc] = (gk2 < K && gc < N) ? B[(size_t)gk2 * N + gc] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < RB2_BK; ++k) {
            float a0 = As[k][ty * 2 + 0], a1 = As[k][ty * 2 + 1];
            float b0 = Bs[k][tx * 2 + 0], b1 = Bs[k][tx * 2 + 1];
            c[0][0] += a0 * b0; c[0][1] += a0 * b1;
            c[1][0] += a1 * b0; c[1][1] += a1 * b1;
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 2; ++i) {
        int r = rowBase + ty * 2 + i;
#pragma unroll
        for (int j = 0; j < 2; ++j) {
            int cc = colBase + tx * 2 + j;
            if (r < M && cc < N) C[(size_t)r * N + cc] = c[i][j];
        }
    }
}

// ---------------- 4x4 per thread, 16x16 threads -> 64x64 block tile ----------------
#define RB4_BM 64
#define RB4_BN 64
#define RB4_BK 16

extern "C" __global__ void __launch_bounds__(256)
sgemm_rb4x4(const float* __restrict__ A, const float* __restrict__ B,
            float* __restrict__ C, int M, int N, int K, float alpha, float beta)
{
    __shared__ float As[RB4_BK][RB4_BM];
    __shared__ float Bs[RB4_BK][RB4_BN];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    const int rowBase = blockIdx.y * RB4_BM;
    const int colBase = blockIdx.x * RB4_BN;

    float c[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) c[i][j] = 0.f;

    float a[4], b[4];
    for (int k0 = 0; k0 < K; k0 += RB4_BK) {
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            int e = tid + i * 256;
            int ar = e / RB4_BK, ak = e % RB4_BK;
            int gr = rowBase + ar, gk = k0 + ak;
            As[ak][ar] = (gr < M && gk < K) ? A[(size_t)gr * K + gk] : 0.f;
            int bk = e / RB4_BN, bc = e % RB4_BN;
            int gk2 = k0 + bk, gc = colBase + bc;
            Bs[bk][bc] = (gk2 < K && gc < N) ? B[(size_t)gk2 * N + gc] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < RB4_BK; ++k) {
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = As[k][ty + i * 16];
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = Bs[k][tx + j * 16];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    c[i][j] = fmaf(a[i], b[j], c[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        int r = rowBase + ty + i * 16;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int cc = colBase + tx + j * 16;
            if (cc < N) {
                size_t idx = (size_t)r * N + cc;
                C[idx] = alpha * c[i][j] + beta * C[idx];
            }
        }
    }
}

// ---------------- 8x8 per thread, 256 threads -> 128x128 block tile, float4 loads ----------------
#define RB8_BM 128
#define RB8_BN 128
#define RB8_BK 8
#define RB8_TM 8
#define RB8_TN 8

extern "C" __global__ void __launch_bounds__(256)
sgemm_rb8x8(const float* __restrict__ A, const float* __restrict__ B,
            float* __restrict__ C, int M, int N, int K, float alpha, float beta)
{
    __shared__ __align__(16) float As[RB8_BK][RB8_BM];
    __shared__ __align__(16) float Bs[RB8_BK][RB8_BN];

    const int tid = threadIdx.x;
    const int tRow = tid / (RB8_BN / RB8_TN);   // 0..15
    const int tCol = tid % (RB8_BN / RB8_TN);   // 0..15
    const int rowBase = blockIdx.y * RB8_BM;
    const int colBase = blockIdx.x * RB8_BN;

    // A tile: 128 rows x 8 k -> each thread loads 4 consecutive k of one row
    const int aRow = tid / 2, aK = (tid % 2) * 4;
    // B tile: 8 k x 128 cols -> each thread loads 4 consecutive cols
    const int bK = tid / 32, bCol = (tid % 32) * 4;

    float acc[RB8_TM][RB8_TN];
#pragma unroll
    for (int i = 0; i < RB8_TM; ++i)
#pragma unroll
        for (int j = 0; j < RB8_TN; ++j) acc[i][j] = 0.f;

    float regA[RB8_TM], regB[RB8_TN];

    for (int k0 = 0; k0 < K; k0 += RB8_BK) {
        int gr = rowBase + aRow;
#pragma unroll
        for (int q = 0; q < 4; ++q) {
            int gk = k0 + aK + q;
            As[aK + q][aRow] = (gr < M && gk < K) ? A[(size_t)gr * K + gk] : 0.f;
        }
        int gk = k0 + bK;
        int gc = colBase + bCol;
        if (gk < K && gc + 3 < N && (N & 3) == 0) {
            float4 v = *reinterpret_cast<const float4*>(&B[(size_t)gk * N + gc]);
            *reinterpret_cast<float4*>(&Bs[bK][bCol]) = v;
        } else {
#pragma unroll
            for (int q = 0; q < 4; ++q)
                Bs[bK][bCol + q] = (gk < K && gc + q < N) ? B[(size_t)gk * N + gc + q] : 0.f;
        }
        __syncthreads();

#pragma unroll
        for (int k = 0; k < RB8_BK; ++k) {
#pragma unroll
            for (int i = 0; i < RB8_TM; ++i) regA[i] = As[k][tRow * RB8_TM + i];
#pragma unroll
            for (int j = 0; j < RB8_TN; ++j) regB[j] = Bs[k][tCol * RB8_TN + j];
#pragma unroll
            for (int i = 0; i < RB8_TM; ++i)
#pragma unroll
                for (int j = 0; j < RB8_TN; ++j)
                    acc[i][j] = fmaf(regA[i], regB[j], acc[i][j]);
        }
        __syncthreads();
    }

#pragma unroll
    for (int i = 0; i < RB8_TM; ++i) {
        int r = rowBase + tRow * RB8_TM + i;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < RB8_TN; ++j) {
            int cc = colBase + tCol * RB8_TN + j;
            if (cc < N) {
                size_t idx = (size_t)r * N + cc;
                C[idx] = alpha * acc[i][j] + beta * C[idx];
            }
        }
    }
}
