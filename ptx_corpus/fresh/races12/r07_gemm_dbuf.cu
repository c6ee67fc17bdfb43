// Tiled SGEMM C = A * B with double-buffered 16x16 shared tiles and register prefetch of the next tile.
// A is M x K, B is K x N, C is M x N, all row-major.
// Launch: blockDim = (16,16,1), gridDim = (N/16, M/16, 1), no dynamic shared memory;
// M, N, K multiples of 16, K >= 16 (the race needs K >= 48, i.e. >= 3 k-tiles).
#define TS 16

extern "C" __global__ void __launch_bounds__(TS * TS)
sgemm_dbuf_race(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                int M, int N, int K)
{
    __shared__ float As[2][TS][TS];
    __shared__ float Bs[2][TS][TS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TS + ty, col = blockIdx.x * TS + tx;
    const int nt = K / TS;

    As[0][ty][tx] = A[row * K + tx];
    Bs[0][ty][tx] = B[ty * N + col];
    __syncthreads();

    float acc = 0.f;
    int cur = 0, nxt = 1;
    for (int kt = 0; kt < nt; ++kt) {
        const bool more = kt + 1 < nt;
        float a_r = 0.f, b_r = 0.f;
        if (more) {
            a_r = A[row * K + (kt + 1) * TS + tx];
            b_r = B[((kt + 1) * TS + ty) * N + col];
        }
#pragma unroll
        for (int k = 0; k < TS; ++k) acc += As[cur][ty][k] * Bs[cur][k][tx];
        if (more) {
            As[nxt][ty][tx] = a_r;
            Bs[nxt][ty][tx] = b_r;
        }
        __syncthreads();
        cur ^= 1;
    }
    C[row * N + col] = acc;
}

extern "C" __global__ void __launch_bounds__(TS * TS)
sgemm_dbuf_ok(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
              int M, int N, int K)
{
    __shared__ float As[2][TS][TS];
    __shared__ float Bs[2][TS][TS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TS + ty, col = blockIdx.x * TS + tx;
    const int nt = K / TS;

    As[0][ty][tx] = A[row * K + tx];
    Bs[0][ty][tx] = B[ty * N + col];
    __syncthreads();

    float acc = 0.f;
    int cur = 0, nxt = 1;
    for (int kt = 0; kt < nt; ++kt) {
        const bool more = kt + 1 < nt;
        float a_r = 0.f, b_r = 0.f;
        if (more) {
            a_r = A[row * K + (kt + 1) * TS + tx];
            b_r = B[((kt + 1) * TS + ty) * N + col];
        }
#pragma unroll
        for (int k = 0; k < TS; ++k) acc += As[cur][ty][k] * Bs[cur][k][tx];
        if (more) {
            As[nxt][ty][tx] = a_r;
            Bs[nxt][ty][tx] = b_r;
        }
        __syncthreads();
        cur ^= 1;
        nxt ^= 1;
    }
    C[row * N + col] = acc;
}
