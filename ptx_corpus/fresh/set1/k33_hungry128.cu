// Very register-hungry: 16x8 = 128 float accumulators per thread
template <int TM, int TN>
__device__ __forceinline__ void big_tile(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                                         int M, int N, int K)
{
    int r0 = (blockIdx.y * blockDim.y + threadIdx.y) * TM;
    int c0 = (blockIdx.x * blockDim.x + threadIdx.x) * TN;
    if (r0 >= M || c0 >= N) return;
    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;
    for (int k = 0; k < K; ++k) {
        float a[TM], b[TN];
#pragma unroll
        for (int i = 0; i < TM; ++i) a[i] = __ldg(A + (size_t)k * M + r0 + i);
#pragma unroll
        for (int j = 0; j < TN; ++j) b[j] = __ldg(B + (size_t)k * N + c0 + j);
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) C[(size_t)(r0 + i) * N + c0 + j] = acc[i][j];
}
extern "C" __global__ void gemm_tn_16x8(const float* A, const float* B, float* C, int M, int N, int K)
{ big_tile<16, 8>(A, B, C, M, N, K); }
extern "C" __global__ void __launch_bounds__(256, 2) gemm_tn_16x8_lb256_2(const float* A, const float* B, float* C, int M, int N, int K)
{ big_tile<16, 8>(A, B, C, M, N, K); }
extern "C" __global__ void __launch_bounds__(128, 8) gemm_tn_16x8_lb128_8(const float* A, const float* B, float* C, int M, int N, int K)
{ big_tile<16, 8>(A, B, C, M, N, K); }
