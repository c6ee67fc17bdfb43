// arch: sm_80
// Launch: blockDim = (256,1,1), gridDim = (N/64, M/64, 1), M % 64 == 0, N % 64 == 0,
//         K % 16 == 0, K >= 16. C = alpha*A*B + beta*C, all row-major.
//         CUTLASS-style shared storage: the main-loop operand tiles and the epilogue
//         staging tile share one union (the epilogue tile overlays A/B tiles).
//         The epilogue stages the 4x4 per-thread accumulators through shared memory
//         so that C is read/written with coalesced rows.

#define EU_BM 64
#define EU_BN 64
#define EU_BK 16

union __align__(16) EuSharedStorage {
    struct {
        float A[EU_BK][EU_BM];     // k-major copy of the A tile
        float B[EU_BK][EU_BN];
    } mainloop;
    float epi[EU_BM][EU_BN + 1];
};

__device__ __forceinline__ void eu_mainloop(EuSharedStorage& ss, const float* __restrict__ A,
                                            const float* __restrict__ B, int N, int K,
                                            int m0, int n0, int tid, int tx, int ty,
                                            float acc[4][4])
{
    const int KT = K / EU_BK;
    for (int kt = 0; kt < KT; ++kt) {
        const int k0 = kt * EU_BK;
        for (int i = tid; i < EU_BM * EU_BK; i += 256) {
            const int m = i / EU_BK, k = i % EU_BK;
            ss.mainloop.A[k][m] = A[(size_t)(m0 + m) * K + k0 + k];
        }
        for (int i = tid; i < EU_BK * EU_BN; i += 256) {
            const int k = i / EU_BN, n = i % EU_BN;
            ss.mainloop.B[k][n] = B[(size_t)(k0 + k) * N + n0 + n];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < EU_BK; ++k) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = ss.mainloop.A[k][ty * 4 + i];
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = ss.mainloop.B[k][tx * 4 + j];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] += a[i] * b[j];
        }
        if (kt + 1 < KT) __syncthreads();   // the last tile is not overwritten by the main loop
    }
}

extern "C" __global__ void
sgemm_epilogue_union_race(const float* __restrict__ A, const float* __restrict__ B,
                          float* __restrict__ C, int M, int N, int K, float alpha, float beta)
{
    __shared__ EuSharedStorage ss;
    const int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
    const int m0 = blockIdx.y * EU_BM, n0 = blockIdx.x * EU_BN;

    float acc[4][4] = {};
    eu_mainloop(ss, A, B, N, K, m0, n0, tid, tx, ty, acc);

#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) ss.epi[ty * 4 + i][tx * 4 + j] = acc[i][j];
    __syncthreads();

    for (int idx = tid; idx < EU_BM * EU_BN; idx += 256) {
        const int r = idx / EU_BN, c = idx % EU_BN;
        float* cp = C + (size_t)(m0 + r) * N + n0 + c;
        *cp = alpha * ss.epi[r][c] + beta * *cp;
    }
}

extern "C" __global__ void __launch_bounds__(256)
sgemm_epilogue_union_ok(const float* __restrict__ A, const float* __restrict__ B,
                        float* __restrict__ C, int M, int N, int K, float alpha, float beta)
{
    __shared__ EuSharedStorage ss;
    const int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
    const int m0 = blockIdx.y * EU_BM, n0 = blockIdx.x * EU_BN;

    float acc[4][4] = {};
    eu_mainloop(ss, A, B, N, K, m0, n0, tid, tx, ty, acc);
    __syncthreads();                        // operand tiles dead before the epilogue overlay

#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) ss.epi[ty * 4 + i][tx * 4 + j] = acc[i][j];
    __syncthreads();

    for (int idx = tid; idx < EU_BM * EU_BN; idx += 256) {
        const int r = idx / EU_BN, c = idx % EU_BN;
        float* cp = C + (size_t)(m0 + r) * N + n0 + c;
        *cp = alpha * ss.epi[r][c] + beta * *cp;
    }
}
