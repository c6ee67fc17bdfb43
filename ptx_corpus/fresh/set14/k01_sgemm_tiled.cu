// Domain: dense linear algebra (textbook tiled SGEMM, shared-memory tiles)
// sgemm_tile8      - C = alpha*A*B + beta*C with 8x8 shared tiles, one output per thread
// sgemm_tile16     - 16x16 shared tiles, #pragma unroll inner product, row-major
// sgemm_tile32_tn  - 32x32 tiles with A transposed on load, padded shared arrays
// sgemm_tile16_2x  - 16x16 tiles, each thread computes two outputs (rows ty and ty+16)

#define T8 8
#define T16 16
#define T32 32

extern "C" __global__ void sgemm_tile8(const float *A, const float *B, float *C,
                                       int M, int N, int K, float alpha, float beta)
{
    __shared__ float As[T8][T8];
    __shared__ float Bs[T8][T8];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T8 + ty;
    int col = blockIdx.x * T8 + tx;
    float acc = 0.0f;
    for (int t = 0; t < (K + T8 - 1) / T8; ++t) {
        int ak = t * T8 + tx;
        int bk = t * T8 + ty;
        As[ty][tx] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
        Bs[ty][tx] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < T8; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = alpha * acc + beta * C[row * N + col];
}

extern "C" __global__ void sgemm_tile16(const float *__restrict__ A, const float *__restrict__ B,
                                        float *__restrict__ C, int M, int N, int K)
{
    __shared__ float As[T16][T16];
    __shared__ float Bs[T16][T16];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T16 + ty;
    int col = blockIdx.x * T16 + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += T16) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0.0f;
        Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(k0 + ty) * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < T16; ++k)
            acc = fmaf(As[ty][k], Bs[k][tx], acc);
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}

extern "C" __global__ void sgemm_tile32_tn(const float *__restrict__ A, const float *__restrict__ B,
                                           float *__restrict__ C, int M, int N, int K,
                                           float alpha)
{
    // A is stored K x M (column-major view of the op(A) = A^T)
    __shared__ float As[T32][T32 + 1];
    __shared__ float Bs[T32][T32 + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T32 + ty;
    int col = blockIdx.x * T32 + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += T32) {
        int am = blockIdx.y * T32 + tx;
        int ak = k0 + ty;
        As[tx][ty] = (am < M && ak < K) ? __ldg(&A[ak * M + am]) : 0.0f;
        Bs[ty][tx] = (ak < K && col < N) ? __ldg(&B[ak * N + col]) : 0.0f;
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < T32; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = alpha * acc;
}

extern "C" __global__ void sgemm_tile16_2x(const float *A, const float *B, float *C,
                                           int M, int N, int K)
{
    __shared__ float As[2 * T16][T16];
    __shared__ float Bs[T16][T16];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row0 = blockIdx.y * 2 * T16 + ty;
    int row1 = row0 + T16;
    int col = blockIdx.x * T16 + tx;
    float c0 = 0.0f, c1 = 0.0f;
    for (int k0 = 0; k0 < K; k0 += T16) {
        int ka = k0 + tx;
        As[ty][tx] = (row0 < M && ka < K) ? A[row0 * K + ka] : 0.0f;
        As[ty + T16][tx] = (row1 < M && ka < K) ? A[row1 * K + ka] : 0.0f;
        Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(k0 + ty) * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < T16; ++k) {
            float b = Bs[k][tx];
            c0 += As[ty][k] * b;
            c1 += As[ty + T16][k] * b;
        }
        __syncthreads();
    }
    if (col < N) {
        if (row0 < M) C[row0 * N + col] = c0;
        if (row1 < M) C[row1 * N + col] = c1;
    }
}
