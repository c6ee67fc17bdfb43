// r08_sgemm_epilogue.cu
// SGEMM C = alpha*A*B + beta*C, 64x64x16 block tile, 4x4 register blocking per
// thread, single-buffered shared tiles.  The epilogue stages C through shared
// memory in four 16-row slabs for coalesced stores, reusing the A tile
// (16 x 64 floats) as the staging buffer, CUTLASS-style.
//
// Launch (both kernels): blockDim = (16, 16) = 256 threads; gridDim = (N/64, M/64);
//   M, N multiples of 64, K a multiple of 16; all matrices row-major.
#define BM 64
#define BN 64
#define BK 16
#define TM 4
#define TN 4
#define NTHREADS 256

extern "C" __global__ void __launch_bounds__(NTHREADS)
sgemm_epilogue_race(int M, int N, int K, float alpha, const float* __restrict__ A,
                    const float* __restrict__ B, float beta, float* __restrict__ C)
{
    __shared__ float As[BK][BM];     // k-major A tile
    __shared__ float Bs[BK][BN];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    float acc[TM][TN];
    #pragma unroll
    for (int i = 0; i < TM; ++i)
        #pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;

    for (int k0 = 0; k0 < K; k0 += BK) {
        __syncthreads();                       // previous tile fully consumed
        #pragma unroll
        for (int q = 0; q < 4; ++q) {
            const int idx = tid + q * NTHREADS;
            const int r = idx / BK, c = idx % BK;
            As[c][r] = A[(size_t)(m0 + r) * K + k0 + c];
            const int rb = idx / BN, cb = idx % BN;
            Bs[rb][cb] = B[(size_t)(k0 + rb) * N + n0 + cb];
        }
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[TM], b[TN];
            #pragma unroll
            for (int i = 0; i < TM; ++i) a[i] = As[k][ty * TM + i];
            #pragma unroll
            for (int j = 0; j < TN; ++j) b[j] = Bs[k][tx * TN + j];
            #pragma unroll
            for (int i = 0; i < TM; ++i)
                #pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
    }

    float* Cs = &As[0][0];                     // 16 x 64 staging slab
    for (int s = 0; s < BM / 16; ++s) {
        if (s > 0) __syncthreads();            // "the main loop already synchronised"
        if ((ty * TM) / 16 == s) {
            #pragma unroll
            for (int i = 0; i < TM; ++i)
                #pragma unroll
                for (int j = 0; j < TN; ++j)
                    Cs[(ty * TM + i - 16 * s) * BN + tx * TN + j] = acc[i][j];
        }
        __syncthreads();
        #pragma unroll
        for (int q = 0; q < 4; ++q) {
            const int idx = tid + q * NTHREADS;
            const int r = idx / BN, c = idx % BN;
            const size_t g = (size_t)(m0 + 16 * s + r) * N + n0 + c;
            C[g] = alpha * Cs[idx] + beta * C[g];
        }
    }
}

extern "C" __global__ void __launch_bounds__(NTHREADS)
sgemm_epilogue_ok(int M, int N, int K, float alpha, const float* __restrict__ A,
                  const float* __restrict__ B, float beta, float* __restrict__ C)
{
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    float acc[TM][TN];
    #pragma unroll
    for (int i = 0; i < TM; ++i)
        #pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;

    for (int k0 = 0; k0 < K; k0 += BK) {
        __syncthreads();
        #pragma unroll
        for (int q = 0; q < 4; ++q) {
            const int idx = tid + q * NTHREADS;
            const int r = idx / BK, c = idx % BK;
            As[c][r] = A[(size_t)(m0 + r) * K + k0 + c];
            const int rb = idx / BN, cb = idx % BN;
            Bs[rb][cb] = B[(size_t)(k0 + rb) * N + n0 + cb];
        }
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[TM], b[TN];
            #pragma unroll
            for (int i = 0; i < TM; ++i) a[i] = As[k][ty * TM + i];
            #pragma unroll
            for (int j = 0; j < TN; ++j) b[j] = Bs[k][tx * TN + j];
            #pragma unroll
            for (int i = 0; i < TM; ++i)
                #pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
    }

    float* Cs = &As[0][0];
    for (int s = 0; s < BM / 16; ++s) {
        __syncthreads();                       // s == 0: last k-tile's reads of As are done
        if ((ty * TM) / 16 == s) {
            #pragma unroll
            for (int i = 0; i < TM; ++i)
                #pragma unroll
                for (int j = 0; j < TN; ++j)
                    Cs[(ty * TM + i - 16 * s) * BN + tx * TN + j] = acc[i][j];
        }
        __syncthreads();
        #pragma unroll
        for (int q = 0; q < 4; ++q) {
            const int idx = tid + q * NTHREADS;
            const int r = idx / BN, c = idx % BN;
            const size_t g = (size_t)(m0 + 16 * s + r) * N + n0 + c;
            C[g] = alpha * Cs[idx] + beta * C[g];
        }
    }
}
