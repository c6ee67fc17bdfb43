// Register-blocked SGEMM: each thread computes a TM x TN micro-tile.
#include <cuda_runtime.h>

template <int BM, int BN, int BK, int TM, int TN>
__device__ __forceinline__ void sgemm_regblock(int M, int N, int K, float alpha,
                                               const float *__restrict__ A, const float *__restrict__ B,
                                               float beta, float *__restrict__ C)
{
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    const int threadsN = BN / TN;
    const int numThreads = (BM / TM) * (BN / TN);
    int tid = threadIdx.x;
    int tRow = tid / threadsN;
    int tCol = tid % threadsN;
    int blockRow = blockIdx.y * BM;
    int blockCol = blockIdx.x * BN;

    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; i++)
#pragma unroll
        for (int j = 0; j < TN; j++) acc[i][j] = 0.f;

    float regA[TM], regB[TN];
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int i = tid; i < BM * BK; i += numThreads) {
            int r = i / BK, c = i % BK;
            int gr = blockRow + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < K) ? A[(size_t)gr * K + gc] : 0.f;
        }
        for (int i = tid; i < BK * BN; i += numThreads) {
            int r = i / BN, c = i % BN;
            int gr = k0 + r, gc = blockCol + c;
            Bs[r][c] = (gr < K && gc < N) ? B[(size_t)gr * N + gc] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; k++) {
#pragma unroll
            for (int i = 0; i < TM; i++) regA[i] = As[k][tRow * TM + i];
#pragma unroll
            for (int j = 0; j < TN; j++) regB[j] = Bs[k][tCol * TN + j];
#pragma unroll
            for (int i = 0; i < TM; i++)
#pragma unroll
                for (int j = 0; j < TN; j++) acc[i][j] = fmaf(regA[i], regB[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; i++) {
        int gr = blockRow + tRow * TM + i;
#pragma unroll
        for (int j = 0; j < TN; j++) {
            int gc = blockCol + tCol * TN + j;
            if (gr < M && gc < N) {
                size_t idx = (size_t)gr * N + gc;
                C[idx] = alpha * acc[i][j] + beta * C[idx];
            }
        }
    }
}

extern "C" __global__ void __launch_bounds__(256)
sgemm_rb_2x2(int M, int N, int K, float alpha, const float *A, const float *B, float beta, float *C)
{
    sgemm_regblock<32, 32, 16, 2, 2>(M, N, K, alpha, A, B, beta, C);
}

extern "C" __global__ void
sgemm_rb_4x4(int M, int N, int K, float alpha, const float *A, const float *B, float beta, float *C)
{
    sgemm_regblock<64, 64, 8, 4, 4>(M, N, K, alpha, A, B, beta, C);
}

extern "C" __global__ void __launch_bounds__(256, 2)
sgemm_rb_8x8(int M, int N, int K, float alpha, const float *A, const float *B, float beta, float *C)
{
    sgemm_regblock<128, 128, 8, 8, 8>(M, N, K, alpha, A, B, beta, C);
}

extern "C" __global__ void
sgemm_rb_8x4_nolb(int M, int N, int K, float alpha, const float *A, const float *B, float beta, float *C)
{
    sgemm_regblock<128, 64, 16, 8, 4>(M, N, K, alpha, A, B, beta, C);
}
