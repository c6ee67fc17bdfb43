// Tiled matrix multiply (CUDA programming guide / SDK matrixMul style).
// C[M][N] = A[M][K] * B[K][N], row-major.

#define TS 16

// Launch: blockDim = (16, 16), gridDim = (ceil(N/16), ceil(M/16)); any M, N, K >= 1
extern "C" __global__ void __launch_bounds__(256)
matmul_tiled(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
             int M, int N, int K)
{
    __shared__ float As[TS][TS];
    __shared__ float Bs[TS][TS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TS + ty;
    int col = blockIdx.x * TS + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TS) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.0f;
        Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] : 0.0f;
        __syncthreads();
        int kmax = min(TS, K - k0);
        for (int k = 0; k < kmax; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[(size_t)row * N + col] = acc;
}

// C = alpha * A * B + bias[col]
// Launch: blockDim = (16, 16), gridDim = (ceil(N/16), ceil(M/16)); K >= 32
extern "C" __global__ void __launch_bounds__(256)
matmul_tiled_bias(const float* __restrict__ A, const float* __restrict__ B, const float* __restrict__ bias,
                  float* __restrict__ C, int M, int N, int K, float alpha)
{
    __shared__ float As[TS][TS];
    __shared__ float Bs[TS][TS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TS + ty;
    int col = blockIdx.x * TS + tx;
    float acc = 0.0f;
    int ntiles = (K + TS - 1) / TS;
    for (int t = 0; t < ntiles; ++t) {
        int ka = t * TS + tx, kb = t * TS + ty;
        As[ty][tx] = (row < M && ka < K) ? A[(size_t)row * K + ka] : 0.0f;
        Bs[ty][tx] = (kb < K && col < N) ? B[(size_t)kb * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TS; ++k) acc += As[ty][k] * Bs[k][tx];
    }
    if (row < M && col < N) C[(size_t)row * N + col] = alpha * acc + bias[col];
}
