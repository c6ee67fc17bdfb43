// Integer register tiling: int8-ish dot products accumulated in int32
#include <stdint.h>
template <int TM, int TN>
__device__ void imatmul_tile(const int8_t* __restrict__ A, const int8_t* __restrict__ B, int32_t* __restrict__ C,
                             int M, int N, int K)
{
    int r0 = (blockIdx.y * blockDim.y + threadIdx.y) * TM;
    int c0 = (blockIdx.x * blockDim.x + threadIdx.x) * TN;
    if (r0 + TM > M || c0 + TN > N) return;
    int acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0;
    for (int k = 0; k < K; k += 4) {
        int a[TM], b[TN];
#pragma unroll
        for (int i = 0; i < TM; ++i) a[i] = *reinterpret_cast<const int*>(A + (size_t)(r0 + i) * K + k);
#pragma unroll
        for (int j = 0; j < TN; ++j) b[j] = *reinterpret_cast<const int*>(B + (size_t)(c0 + j) * K + k);
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int j = 0; j < TN; ++j) acc[i][j] = __dp4a(a[i], b[j], acc[i][j]);
    }
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) C[(size_t)(r0 + i) * N + c0 + j] = acc[i][j];
}
extern "C" __global__ void imm_dp4a_4x4(const int8_t* A, const int8_t* B, int32_t* C, int M, int N, int K)
{ imatmul_tile<4, 4>(A, B, C, M, N, K); }
extern "C" __global__ void __launch_bounds__(128, 4) imm_dp4a_8x4(const int8_t* A, const int8_t* B, int32_t* C, int M, int N, int K)
{ imatmul_tile<8, 4>(A, B, C, M, N, K); }
extern "C" __global__ void imm_dp4a_2x8(const int8_t* A, const int8_t* B, int32_t* C, int M, int N, int K)
{ imatmul_tile<2, 8>(A, B, C, M, N, K); }
