// arch: sm_80
// r20_matmul_dbuf.cu
// Tiled SGEMM C = A * B (square N x N, row-major) with 16x16 shared tiles
// (CUDA SDK matrixMul style), one barrier per k-tile.
//
// Launch (both kernels): blockDim = (16,16,1), gridDim = (N/16, N/16, 1),
//   N = 2048 (so every block iterates over 128 k-tiles).
//   No dynamic shared memory.

#define R20_T 16

extern "C" __global__ void __launch_bounds__(256)
sgemm_tile_race(const float* __restrict__ A, const float* __restrict__ B,
                float* __restrict__ C, int N)
{
    __shared__ float As[R20_T][R20_T];
    __shared__ float Bs[R20_T][R20_T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * R20_T + ty;
    const int col = blockIdx.x * R20_T + tx;

    float acc = 0.0f;
    for (int t = 0; t < N / R20_T; ++t) {
        As[ty][tx] = A[(size_t)row * N + t * R20_T + tx];
        Bs[ty][tx] = B[(size_t)(t * R20_T + ty) * N + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < R20_T; ++k)
            acc += As[ty][k] * Bs[k][tx];
    }
    C[(size_t)row * N + col] = acc;
}

extern "C" __global__ void __launch_bounds__(256)
sgemm_tile_ok(const float* __restrict__ A, const float* __restrict__ B,
              float* __restrict__ C, int N)
{
    __shared__ float As[2][R20_T][R20_T];
    __shared__ float Bs[2][R20_T][R20_T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * R20_T + ty;
    const int col = blockIdx.x * R20_T + tx;
    const int ntile = N / R20_T;

    As[0][ty][tx] = A[(size_t)row * N + tx];
    Bs[0][ty][tx] = B[(size_t)ty * N + col];
    __syncthreads();

    float acc = 0.0f;
    for (int t = 0; t < ntile; ++t) {
        const int cur = t & 1, nxt = cur ^ 1;
        if (t + 1 < ntile) {
            As[nxt][ty][tx] = A[(size_t)row * N + (t + 1) * R20_T + tx];
            Bs[nxt][ty][tx] = B[(size_t)((t + 1) * R20_T + ty) * N + col];
        }
#pragma unroll
        for (int k = 0; k < R20_T; ++k)
            acc += As[cur][ty][k] * Bs[cur][k][tx];
        __syncthreads();
    }
    C[(size_t)row * N + col] = acc;
}
