// r01: tiled SGEMM whose C tile is staged through shared memory (reusing As) so that the
// column-major store of C is coalesced.
// C (column-major, ld = M) = A (MxK, row-major) * B (KxN, row-major).
// Launch: blockDim = (256,1,1) (a 16x16 tile mapped on a 1-D block), grid = (ceil(N/16), ceil(M/16)).
#define TILE 16

extern "C" __global__ void __launch_bounds__(256)
matmul_colmajor_race(const float* __restrict__ A, const float* __restrict__ B,
                     float* __restrict__ C, int M, int N, int K)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    const int tx = threadIdx.x % TILE;
    const int ty = threadIdx.x / TILE;
    const int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;
    const int row = row0 + ty, col = col0 + tx;
    float acc = 0.f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.f;
        Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] : 0.f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        // "no need to wait after the last tile" -- but the epilogue reuses As
        if (k0 + TILE < K)
            __syncthreads();
    }
    // epilogue: transpose the C tile through As for a coalesced column-major store
    As[tx][ty] = acc;
    __syncthreads();
    const int r = row0 + tx, c = col0 + ty;
    if (r < M && c < N)
        C[(size_t)c * M + r] = As[ty][tx];
}

extern "C" __global__ void __launch_bounds__(256)
matmul_colmajor_ok(const float* __restrict__ A, const float* __restrict__ B,
                   float* __restrict__ C, int M, int N, int K)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    const int tx = threadIdx.x % TILE;
    const int ty = threadIdx.x / TILE;
    const int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;
    const int row = row0 + ty, col = col0 + tx;
    float acc = 0.f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.f;
        Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] : 0.f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();          // always: the epilogue below reuses As
    }
    As[tx][ty] = acc;
    __syncthreads();
    const int r = row0 + tx, c = col0 + ty;
    if (r < M && c < N)
        C[(size_t)c * M + r] = As[ty][tx];
}
