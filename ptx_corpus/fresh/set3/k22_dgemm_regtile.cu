// Double-precision GEMM with shared-memory staging and per-thread register tiles of several shapes.
#include <cuda_runtime.h>

// C = alpha*A*B + beta*C, column-major, tile BM x BN x BK, each thread owns TM x TN results.
template <int BM, int BN, int BK, int TM, int TN>
__device__ __forceinline__ void dgemm_tile(int M, int N, int K, double alpha, const double* __restrict__ A, int lda,
                                           const double* __restrict__ B, int ldb, double beta,
                                           double* __restrict__ C, int ldc)
{
    __shared__ double As[BK][BM + 1];
    __shared__ double Bs[BK][BN + 1];
    const int TX = BM / TM, TY = BN / TN, NT = TX * TY;
    int tid = threadIdx.x;
    int tx = tid % TX, ty = tid / TX;
    int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
    double acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0.0;
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int e = tid; e < BM * BK; e += NT) {
            int mm = e % BM, kk = e / BM;
            As[kk][mm] = (m0 + mm < M && k0 + kk < K) ? A[(size_t)(k0 + kk) * lda + m0 + mm] : 0.0;
        }
        for (int e = tid; e < BN * BK; e += NT) {
            int kk = e % BK, nn = e / BK;
            Bs[kk][nn] = (n0 + nn < N && k0 + kk < K) ? B[(size_t)(n0 + nn) * ldb + k0 + kk] : 0.0;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; ++kk) {
            double a[TM], b[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i) a[i] = As[kk][tx + i * TX];
#pragma unroll
            for (int j = 0; j < TN; ++j) b[j] = Bs[kk][ty + j * TY];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = fma(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            int m = m0 + tx + i * TX, n = n0 + ty + j * TY;
            if (m < M && n < N) {
                double* c = C + (size_t)n * ldc + m;
                *c = alpha * acc[i][j] + (beta != 0.0 ? beta * *c : 0.0);
            }
        }
}

extern "C" __global__ void __launch_bounds__(256)
dgemm_64x64_t4x4(int M, int N, int K, double alpha, const double* __restrict__ A, int lda,
                 const double* __restrict__ B, int ldb, double beta, double* __restrict__ C, int ldc)
{
    dgemm_tile<64, 64, 8, 4, 4>(M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
}

extern "C" __global__ void __launch_bounds__(128)
dgemm_64x32_t4x4(int M, int N, int K, double alpha, const double* __restrict__ A, int lda,
                 const double* __restrict__ B, int ldb, double beta, double* __restrict__ C, int ldc)
{
    dgemm_tile<64, 32, 16, 4, 4>(M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
}

extern "C" __global__ void __launch_bounds__(256, 2)
dgemm_128x64_t8x4(int M, int N, int K, double alpha, const double* __restrict__ A, int lda,
                  const double* __restrict__ B, int ldb, double beta, double* __restrict__ C, int ldc)
{
    dgemm_tile<128, 64, 8, 8, 4>(M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
}

// 8x8 per-thread tile with a 4-blocks-per-SM occupancy target.
extern "C" __global__ void __launch_bounds__(256, 4)
dgemm_128x128_t8x8_occ4(int M, int N, int K, double alpha, const double* __restrict__ A, int lda,
                        const double* __restrict__ B, int ldb, double beta, double* __restrict__ C, int ldc)
{
    dgemm_tile<128, 128, 8, 8, 8>(M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
}
