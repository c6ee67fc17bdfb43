// Register-blocked single-precision GEMM (row-major, C = alpha*A*B + beta*C):
// a 128x128 tile with 8x8 outputs per thread and double-buffered shared
// memory, the same kernel forced under a 64-register cap, and a smaller
// 64x64 / 4x4 variant.
#include <cuda_runtime.h>

#define BM 128
#define BN 128
#define BK 8

template <int MINB>
__device__ __forceinline__ void sgemm_8x8_body(const float* __restrict__ A, const float* __restrict__ B,
                                               float* __restrict__ C, int M, int N, int K,
                                               float alpha, float beta)
{
    __shared__ __align__(16) float As[2][BK][BM];
    __shared__ __align__(16) float Bs[2][BK][BN];
    int tid = threadIdx.x;
    int tx = tid & 15, ty = tid >> 4;
    int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    // loaders: A tile 128x8 -> each thread one float4 along K; B tile 8x128 -> one float4 along N
    int a_row = tid >> 1, a_col = (tid & 1) * 4;
    int b_row = tid >> 5, b_col = (tid & 31) * 4;
    const float* Ap = A + (size_t)min(m0 + a_row, M - 1) * K + a_col;
    const float* Bp = B + (size_t)b_row * N + min(n0 + b_col, N - 4);

    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;

    float4 av = *reinterpret_cast<const float4*>(Ap);
    float4 bv = *reinterpret_cast<const float4*>(Bp);
    As[0][a_col + 0][a_row] = av.x; As[0][a_col + 1][a_row] = av.y;
    As[0][a_col + 2][a_row] = av.z; As[0][a_col + 3][a_row] = av.w;
    *reinterpret_cast<float4*>(&Bs[0][b_row][b_col]) = bv;
    __syncthreads();

    int buf = 0;
    for (int k0 = 0; k0 < K; k0 += BK) {
        bool more = k0 + BK < K;
        if (more) {
            av = *reinterpret_cast<const float4*>(Ap + k0 + BK);
            bv = *reinterpret_cast<const float4*>(Bp + (size_t)(k0 + BK) * N);
        }
#pragma unroll
        for (int kk = 0; kk < BK; ++kk) {
            float4 a0 = *reinterpret_cast<const float4*>(&As[buf][kk][ty * 4]);
            float4 a1 = *reinterpret_cast<const float4*>(&As[buf][kk][ty * 4 + 64]);
            float4 b0 = *reinterpret_cast<const float4*>(&Bs[buf][kk][tx * 4]);
            float4 b1 = *reinterpret_cast<const float4*>(&Bs[buf][kk][tx * 4 + 64]);
            float ar[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
            float br[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(ar[i], br[j], acc[i][j]);
        }
        if (more) {
            int nb = buf ^ 1;
            As[nb][a_col + 0][a_row] = av.x; As[nb][a_col + 1][a_row] = av.y;
            As[nb][a_col + 2][a_row] = av.z; As[nb][a_col + 3][a_row] = av.w;
            *reinterpret_cast<float4*>(&Bs[nb][b_row][b_col]) = bv;
            __syncthreads();
            buf = nb;
        }
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        int m = m0 + ty * 4 + (i & 3) + (i >> 2) * 64;
        if (m >= M) continue;
#pragma unroll
        for (int jh = 0; jh < 2; ++jh) {
            int n = n0 + tx * 4 + jh * 64;
            if (n + 3 >= N) continue;
            float4* cp = reinterpret_cast<float4*>(C + (size_t)m * N + n);
            float4 old = (beta != 0.f) ? *cp : make_float4(0.f, 0.f, 0.f, 0.f);
            float4 r;
            r.x = alpha * acc[i][jh * 4 + 0] + beta * old.x;
            r.y = alpha * acc[i][jh * 4 + 1] + beta * old.y;
            r.z = alpha * acc[i][jh * 4 + 2] + beta * old.z;
            r.w = alpha * acc[i][jh * 4 + 3] + beta * old.w;
            *cp = r;
        }
    }
}

extern "C" __global__ void __launch_bounds__(256)
sgemm_128x128_8x8(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                  int M, int N, int K, float alpha, float beta)
{
    sgemm_8x8_body<1>(A, B, C, M, N, K, alpha, beta);
}

// Same tile forced to 4 blocks/SM -> at most 64 registers per thread.
extern "C" __global__ void __launch_bounds__(256, 4)
sgemm_128x128_8x8_occ4(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                       int M, int N, int K, float alpha, float beta)
{
    sgemm_8x8_body<4>(A, B, C, M, N, K, alpha, beta);
}

// 64x64 tile, 256 threads, 4x4 per thread, single-buffered.
extern "C" __global__ void sgemm_64x64_4x4(const float* __restrict__ A, const float* __restrict__ B,
                                           float* __restrict__ C, int M, int N, int K)
{
    __shared__ float As[16][64 + 1];
    __shared__ float Bs[16][64];
    int tx = threadIdx.x & 15, ty = threadIdx.x >> 4;
    int m0 = blockIdx.y * 64, n0 = blockIdx.x * 64;
    float acc[4][4] = {};
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int e = threadIdx.x; e < 64 * 16; e += 256) {
            int r = e >> 4, c = e & 15;
            As[c][r] = (m0 + r < M && k0 + c < K) ? A[(size_t)(m0 + r) * K + k0 + c] : 0.f;
            int br = e >> 6, bc = e & 63;
            Bs[br][bc] = (k0 + br < K && n0 + bc < N) ? B[(size_t)(k0 + br) * N + n0 + bc] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < 16; ++kk) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = As[kk][ty + 16 * i];
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = Bs[kk][tx + 16 * j];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int m = m0 + ty + 16 * i, n = n0 + tx + 16 * j;
            if (m < M && n < N) C[(size_t)m * N + n] = acc[i][j];
        }
}
