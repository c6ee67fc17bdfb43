// Shared-memory tiled SGEMM (SDK matrixMul style) with block size as template parameter,
// plus a naive reference kernel and a double-precision tiled variant.
template <int BLOCK_SIZE>
__device__ __forceinline__ void matrixMulCUDA(float *C, const float *A, const float *B, int wA, int wB)
{
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int aBegin = wA * BLOCK_SIZE * by;
    int aEnd = aBegin + wA - 1;
    int aStep = BLOCK_SIZE;
    int bBegin = BLOCK_SIZE * bx;
    int bStep = BLOCK_SIZE * wB;
    float Csub = 0;
    for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
        __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
        __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
        As[ty][tx] = A[a + wA * ty + tx];
        Bs[ty][tx] = B[b + wB * ty + tx];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BLOCK_SIZE; ++k)
            Csub += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
    C[c + wB * ty + tx] = Csub;
}

extern "C" __global__ void matrixMul_bs16(float *C, const float *A, const float *B, int wA, int wB)
{
    matrixMulCUDA<16>(C, A, B, wA, wB);
}

extern "C" __global__ void matrixMul_bs32(float *C, const float *A, const float *B, int wA, int wB)
{
    matrixMulCUDA<32>(C, A, B, wA, wB);
}

extern "C" __global__ void matmul_naive(const float *A, const float *B, float *C, int M, int N, int K)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < K; ++k) acc += A[row * K + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}

// DGEMM C = alpha*A*B + beta*C with 16x16 tiles, bounds-checked for arbitrary sizes.
extern "C" __global__ void dgemm_tiled16(int M, int N, int K, double alpha, const double *A, int lda,
                                         const double *B, int ldb, double beta, double *C, int ldc)
{
    const int T = 16;
    __shared__ double As[T][T + 1];
    __shared__ double Bs[T][T + 1];
    int row = blockIdx.y * T + threadIdx.y;
    int col = blockIdx.x * T + threadIdx.x;
    double acc = 0.0;
    for (int k0 = 0; k0 < K; k0 += T) {
        As[threadIdx.y][threadIdx.x] = (row < M && k0 + threadIdx.x < K) ? A[row * lda + k0 + threadIdx.x] : 0.0;
        Bs[threadIdx.y][threadIdx.x] = (col < N && k0 + threadIdx.y < K) ? B[(k0 + threadIdx.y) * ldb + col] : 0.0;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < T; ++k) acc = fma(As[threadIdx.y][k], Bs[k][threadIdx.x], acc);
        __syncthreads();
    }
    if (row < M && col < N) C[row * ldc + col] = alpha * acc + beta * C[row * ldc + col];
}
