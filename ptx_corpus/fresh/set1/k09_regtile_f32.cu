// Register tiled SGEMM-like, templated TM x TN micro tiles
template <int TM, int TN>
__device__ __forceinline__ void regtile_gemm(const float* __restrict__ A, const float* __restrict__ B,
                                             float* __restrict__ C, int M, int N, int K, float alpha, float beta)
{
    int row0 = (blockIdx.y * blockDim.y + threadIdx.y) * TM;
    int col0 = (blockIdx.x * blockDim.x + threadIdx.x) * TN;
    if (row0 >= M || col0 >= N) return;
    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;
    for (int k = 0; k < K; ++k) {
        float a[TM], b[TN];
#pragma unroll
        for (int i = 0; i < TM; ++i) a[i] = A[(size_t)(row0 + i) * K + k];
#pragma unroll
        for (int j = 0; j < TN; ++j) b[j] = B[(size_t)k * N + col0 + j];
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            size_t idx = (size_t)(row0 + i) * N + col0 + j;
            C[idx] = alpha * acc[i][j] + beta * C[idx];
        }
}
extern "C" __global__ void sgemm_rt_2x4(const float* A, const float* B, float* C, int M, int N, int K, float al, float be)
{ regtile_gemm<2, 4>(A, B, C, M, N, K, al, be); }
extern "C" __global__ void sgemm_rt_4x8(const float* A, const float* B, float* C, int M, int N, int K, float al, float be)
{ regtile_gemm<4, 8>(A, B, C, M, N, K, al, be); }
extern "C" __global__ void sgemm_rt_8x8(const float* A, const float* B, float* C, int M, int N, int K, float al, float be)
{ regtile_gemm<8, 8>(A, B, C, M, N, K, al, be); }
