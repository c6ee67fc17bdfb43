// Tiled SGEMM: C = alpha*A*B + beta*C, row-major, A is MxK, B is KxN.
// Assumed launch: blockDim = (16,16), grid = (ceil(N/16), ceil(M/16)); any M, N, K.

#define SG_TS 16

extern "C" __global__ void __launch_bounds__(SG_TS * SG_TS)
sgemm_tiled_race(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                 int M, int N, int K, float alpha, float beta)
{
    if (blockDim.x != SG_TS || blockDim.y != SG_TS) return;
    __shared__ float As[SG_TS][SG_TS];
    __shared__ float Bs[SG_TS][SG_TS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * SG_TS + ty;
    const int col = blockIdx.x * SG_TS + tx;

    float acc = 0.f;
    for (int k0 = 0; k0 < K; k0 += SG_TS) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.f;
        Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] : 0.f;
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < SG_TS; ++kk) acc += As[ty][kk] * Bs[kk][tx];
    }
    if (row < M && col < N) {
        const size_t o = (size_t)row * N + col;
        C[o] = alpha * acc + beta * C[o];
    }
}

extern "C" __global__ void __launch_bounds__(SG_TS * SG_TS)
sgemm_tiled_ok(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int M, int N, int K, float alpha, float beta)
{
    if (blockDim.x != SG_TS || blockDim.y != SG_TS) return;
    __shared__ float As[SG_TS][SG_TS];
    __shared__ float Bs[SG_TS][SG_TS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * SG_TS + ty;
    const int col = blockIdx.x * SG_TS + tx;

    float acc = 0.f;
    for (int k0 = 0; k0 < K; k0 += SG_TS) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.f;
        Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] : 0.f;
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < SG_TS; ++kk) acc += As[ty][kk] * Bs[kk][tx];
        __syncthreads();
    }
    if (row < M && col < N) {
        const size_t o = (size_t)row * N + col;
        C[o] = alpha * acc + beta * C[o];
    }
}
