// r03_sgemm_tiled.cu
// Classic shared-memory tiled SGEMM, C = alpha * A * B + beta * C (row-major,
// A is M x K, B is K x N), one output element per thread, 16x16 tiles of A and B.
// Launch: blockDim = (16,16,1), gridDim = (N/16, M/16, 1); M, N, K multiples of 16 and
//         K >= 32 (at least two k-tiles); no dynamic shared memory.
#define TILE 16

extern "C" __global__ void __launch_bounds__(TILE * TILE)
sgemm_tiled_race(int M, int N, int K, float alpha, const float* __restrict__ A,
                 const float* __restrict__ B, float beta, float* __restrict__ C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float acc = 0.f;
    for (int t = 0; t < K; t += TILE) {
        As[ty][tx] = A[(size_t)row * K + t + tx];
        Bs[ty][tx] = B[(size_t)(t + ty) * N + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
    }
    C[(size_t)row * N + col] = alpha * acc + beta * C[(size_t)row * N + col];
}

extern "C" __global__ void __launch_bounds__(TILE * TILE)
sgemm_tiled_ok(int M, int N, int K, float alpha, const float* __restrict__ A,
               const float* __restrict__ B, float beta, float* __restrict__ C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float acc = 0.f;
    for (int t = 0; t < K; t += TILE) {
        __syncthreads();                 // everybody is done with the previous tile
        As[ty][tx] = A[(size_t)row * K + t + tx];
        Bs[ty][tx] = B[(size_t)(t + ty) * N + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
    }
    C[(size_t)row * N + col] = alpha * acc + beta * C[(size_t)row * N + col];
}
