// r05_dense_gemm_pingpong.cu
//
// Fully-connected layer forward pass C = relu(A * B + bias) (ML), tiled
// SGEMM in the style of the SDK matrixMul sample but with double-buffered
// (ping-pong) shared tiles: while the block multiplies the current 16x16
// tiles, each thread prefetches its element of the next A and B tiles into
// registers and stores it into the other buffer, so only one __syncthreads()
// is needed per k-tile.
//
// Launch configuration:
//   blockDim = (16,16,1)  (8 warps; warp = threadIdx.y / 2)
//   gridDim  = (N/16, M/16, 1), M = N = K = 2048 (multiples of 16)
//   A: MxK row-major, B: KxN row-major, static shared memory only.

#define TILE 16

extern "C" __global__ void __launch_bounds__(TILE * TILE)
dense_gemm_pingpong_race(const float* __restrict__ A, const float* __restrict__ B,
                         const float* __restrict__ bias, float* __restrict__ C,
                         int M, int N, int K)
{
    __shared__ float As[2][TILE][TILE];
    __shared__ float Bs[2][TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    const int nt = K / TILE;

    int buf = 0;
    As[0][ty][tx] = A[(size_t)row * K + tx];
    Bs[0][ty][tx] = B[(size_t)ty * N + col];
    __syncthreads();

    float acc = 0.f;
    for (int t = 0; t < nt; ++t) {
        const bool more = (t + 1) < nt;
        float a_n = 0.f, b_n = 0.f;
        if (more) {
            a_n = A[(size_t)row * K + (t + 1) * TILE + tx];
            b_n = B[(size_t)((t + 1) * TILE + ty) * N + col];
        }
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += As[buf][ty][k] * Bs[buf][k][tx];
        buf ^= 1;
        if (more) {
            As[buf ^ 1][ty][tx] = a_n;
            Bs[buf ^ 1][ty][tx] = b_n;
        }
        __syncthreads();
    }
    C[(size_t)row * N + col] = fmaxf(acc + bias[col], 0.f);
}

extern "C" __global__ void __launch_bounds__(TILE * TILE)
dense_gemm_pingpong_ok(const float* __restrict__ A, const float* __restrict__ B,
                       const float* __restrict__ bias, float* __restrict__ C,
                       int M, int N, int K)
{
    __shared__ float As[2][TILE][TILE];
    __shared__ float Bs[2][TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    const int nt = K / TILE;

    int buf = 0;
    As[0][ty][tx] = A[(size_t)row * K + tx];
    Bs[0][ty][tx] = B[(size_t)ty * N + col];
    __syncthreads();

    float acc = 0.f;
    for (int t = 0; t < nt; ++t) {
        const bool more = (t + 1) < nt;
        float a_n = 0.f, b_n = 0.f;
        if (more) {
            a_n = A[(size_t)row * K + (t + 1) * TILE + tx];
            b_n = B[(size_t)((t + 1) * TILE + ty) * N + col];
        }
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += As[buf][ty][k] * Bs[buf][k][tx];
        buf ^= 1;
        if (more) {
            As[buf][ty][tx] = a_n;
            Bs[buf][ty][tx] = b_n;
        }
        __syncthreads();
    }
    C[(size_t)row * N + col] = fmaxf(acc + bias[col], 0.f);
}
