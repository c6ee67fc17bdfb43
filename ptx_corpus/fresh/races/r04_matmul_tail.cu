// Shared-memory tiled SGEMM C = A*B, 16x16 thread block.
#define TS 16

// RACE: missing __syncthreads() at the end of the k-loop: a fast thread overwrites As/Bs for the next tile while slower threads still read the current one (WAR).
extern "C" __global__ void __launch_bounds__(TS * TS) sgemm_tiled_race(const float* A, const float* B, float* C, int M, int N, int K)
{
    __shared__ float As[TS][TS];
    __shared__ float Bs[TS][TS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TS + ty;
    int col = blockIdx.x * TS + tx;
    float acc = 0.f;
    for (int t = 0; t < (K + TS - 1) / TS; ++t) {
        int ak = t * TS + tx;
        int bk = t * TS + ty;
        As[ty][tx] = (row < M && ak < K) ? A[row * K + ak] : 0.f;
        Bs[ty][tx] = (bk < K && col < N) ? B[bk * N + col] : 0.f;
        __syncthreads();
        for (int k = 0; k < TS; ++k)
            acc += As[ty][k] * Bs[k][tx];
    }
    if (row < M && col < N) C[row * N + col] = acc;
}

// OK: second __syncthreads() at the end of each iteration so nobody refills the tiles until all reads are done.
extern "C" __global__ void __launch_bounds__(TS * TS) sgemm_tiled_ok(const float* A, const float* B, float* C, int M, int N, int K)
{
    __shared__ float As[TS][TS];
    __shared__ float Bs[TS][TS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TS + ty;
    int col = blockIdx.x * TS + tx;
    float acc = 0.f;
    for (int t = 0; t < (K + TS - 1) / TS; ++t) {
        int ak = t * TS + tx;
        int bk = t * TS + ty;
        As[ty][tx] = (row < M && ak < K) ? A[row * K + ak] : 0.f;
        Bs[ty][tx] = (bk < K && col < N) ? B[bk * N + col] : 0.f;
        __syncthreads();
        for (int k = 0; k < TS; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc;
}
