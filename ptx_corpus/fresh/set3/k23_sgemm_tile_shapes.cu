// Single-precision GEMM variants: rectangular register tiles, vectorized loads, NT layout.
#include <cuda_runtime.h>

// Row-major C[M][N] = A[M][K] * B[K][N]; tile 128x128x8, 8x8 per thread, float4 shared loads.
extern "C" __global__ void __launch_bounds__(256)
sgemm_nn_128x128_t8x8(int M, int N, int K, const float* __restrict__ A, const float* __restrict__ B,
                      float* __restrict__ C)
{
    __shared__ __align__(16) float As[8][128];
    __shared__ __align__(16) float Bs[8][128];
    int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
    int m0 = blockIdx.y * 128, n0 = blockIdx.x * 128;
    float acc[8][8] = {};
    for (int k0 = 0; k0 < K; k0 += 8) {
        {
            int r = tid >> 1, c = (tid & 1) * 4;
            float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
            if (m0 + r < M && k0 + c + 3 < K) v = *reinterpret_cast<const float4*>(A + (size_t)(m0 + r) * K + k0 + c);
            As[c][r] = v.x; As[c + 1][r] = v.y; As[c + 2][r] = v.z; As[c + 3][r] = v.w;
            int br = tid >> 5, bc = (tid & 31) * 4;
            float4 w = make_float4(0.f, 0.f, 0.f, 0.f);
            if (k0 + br < K && n0 + bc + 3 < N) w = *reinterpret_cast<const float4*>(B + (size_t)(k0 + br) * N + n0 + bc);
            *reinterpret_cast<float4*>(&Bs[br][bc]) = w;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < 8; ++kk) {
            float4 a0 = *reinterpret_cast<const float4*>(&As[kk][ty * 4]);
            float4 a1 = *reinterpret_cast<const float4*>(&As[kk][64 + ty * 4]);
            float4 b0 = *reinterpret_cast<const float4*>(&Bs[kk][tx * 4]);
            float4 b1 = *reinterpret_cast<const float4*>(&Bs[kk][64 + tx * 4]);
            float a[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
            float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        int m = m0 + (i < 4 ? ty * 4 + i : 64 + ty * 4 + i - 4);
        if (m >= M) continue;
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            int n = n0 + h * 64 + tx * 4;
            if (n + 3 < N)
                *reinterpret_cast<float4*>(C + (size_t)m * N + n) =
                    make_float4(acc[i][h * 4], acc[i][h * 4 + 1], acc[i][h * 4 + 2], acc[i][h * 4 + 3]);
        }
    }
}

// Transposed-A variant: 64x32 block tile, 8x8 threads each owning an 8x4 sub-tile; no launch bounds.
extern "C" __global__ void sgemm_tn_64x32_t8x4(int M, int N, int K, const float* __restrict__ At,
                                               const float* __restrict__ B, float* __restrict__ C, float alpha)
{
    __shared__ float As[16][64], Bs[16][33];
    int tx = threadIdx.x & 7, ty = threadIdx.x >> 3; // 8 x 8 threads
    int m0 = blockIdx.y * 64, n0 = blockIdx.x * 32;
    float acc[8][4] = {};
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int e = threadIdx.x; e < 1024; e += 64) {
            int kk = e >> 6, mm = e & 63;
            As[kk][mm] = (k0 + kk < K && m0 + mm < M) ? At[(size_t)(k0 + kk) * M + m0 + mm] : 0.f;
        }
        for (int e = threadIdx.x; e < 512; e += 64) {
            int kk = e >> 5, nn = e & 31;
            Bs[kk][nn] = (k0 + kk < K && n0 + nn < N) ? B[(size_t)(k0 + kk) * N + n0 + nn] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < 16; ++kk) {
            float a[8], b[4];
#pragma unroll
            for (int i = 0; i < 8; ++i) a[i] = As[kk][tx * 8 + i];
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = Bs[kk][ty * 4 + j];
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int m = m0 + tx * 8 + i, n = n0 + ty * 4 + j;
            if (m < M && n < N) C[(size_t)m * N + n] = alpha * acc[i][j];
        }
}

// 16x8 per-thread tile (128 accumulators) under a 2-blocks-per-SM bound of 256 threads.
extern "C" __global__ void __launch_bounds__(256, 2)
sgemm_nn_256x128_t16x8(int M, int N, int K, const float* __restrict__ A, const float* __restrict__ B,
                       float* __restrict__ C)
{
    __shared__ float As[8][256];
    __shared__ float Bs[8][128];
    int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
    int m0 = blockIdx.y * 256, n0 = blockIdx.x * 128;
    float acc[16][8];
#pragma unroll
    for (int i = 0; i < 16; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += 8) {
        for (int e = tid; e < 2048; e += 256) {
            int r = e >> 3, c = e & 7;
            As[c][r] = (m0 + r < M && k0 + c < K) ? A[(size_t)(m0 + r) * K + k0 + c] : 0.f;
        }
        for (int e = tid; e < 1024; e += 256) {
            int r = e >> 7, c = e & 127;
            Bs[r][c] = (k0 + r < K && n0 + c < N) ? B[(size_t)(k0 + r) * N + n0 + c] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < 8; ++kk) {
            float a[16], b[8];
#pragma unroll
            for (int i = 0; i < 16; ++i) a[i] = As[kk][ty + i * 16];
#pragma unroll
            for (int j = 0; j < 8; ++j) b[j] = Bs[kk][tx + j * 16];
#pragma unroll
            for (int i = 0; i < 16; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 16; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) {
            int m = m0 + ty + i * 16, n = n0 + tx + j * 16;
            if (m < M && n < N) C[(size_t)m * N + n] = acc[i][j];
        }
}
