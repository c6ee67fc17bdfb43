// Domain: dense linear algebra - single precision GEMM (tiled and register-blocked)

#define TILE16 16

// Classic shared-memory tiled SGEMM, one output per thread (CUDA SDK matrixMul style)
extern "C" __global__ void sgemm_tiled16(const float* __restrict__ A, const float* __restrict__ B,
                                         float* __restrict__ C, int M, int N, int K,
                                         float alpha, float beta)
{
    __shared__ float As[TILE16][TILE16];
    __shared__ float Bs[TILE16][TILE16 + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE16 + ty;
    int col = blockIdx.x * TILE16 + tx;
    float acc = 0.f;
    for (int k0 = 0; k0 < K; k0 += TILE16) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0.f;
        Bs[ty][tx] = (col < N && k0 + ty < K) ? B[(k0 + ty) * N + col] : 0.f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE16; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = alpha * acc + beta * C[row * N + col];
}

// Register-blocked SGEMM: 128x128 block tile, 8x8 micro tile per thread, BK=8, 256 threads,
// global->register prefetch of the next A/B tiles overlapping the FMA loop (double buffering)
#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8
extern "C" __global__ void __launch_bounds__(256)
sgemm_regblock_8x8(const float* __restrict__ A, const float* __restrict__ B,
                   float* __restrict__ C, int M, int N, int K, float alpha, float beta)
{
    __shared__ float As[2][BK][BM + 4];
    __shared__ float Bs[2][BK][BN + 4];
    int tid = threadIdx.x;
    int tRow = tid / (BN / TN);
    int tCol = tid % (BN / TN);
    const float* Ab = A + blockIdx.y * BM * K;
    const float* Bb = B + blockIdx.x * BN;
    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;
    float pa[4], pb[4];
#pragma unroll
    for (int l = 0; l < 4; ++l) {
        int idx = tid + l * 256;
        pa[l] = Ab[(idx / BK) * K + idx % BK];
        pb[l] = Bb[(idx / BN) * N + idx % BN];
    }
    int buf = 0;
    for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int idx = tid + l * 256;
            As[buf][idx % BK][idx / BK] = pa[l];
            Bs[buf][idx / BN][idx % BN] = pb[l];
        }
        __syncthreads();
        if (k0 + BK < K) {
#pragma unroll
            for (int l = 0; l < 4; ++l) {
                int idx = tid + l * 256;
                pa[l] = Ab[(idx / BK) * K + k0 + BK + idx % BK];
                pb[l] = Bb[(k0 + BK + idx / BN) * N + idx % BN];
            }
        }
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float ra[TM], rb[TN];
#pragma unroll
            for (int i = 0; i < TM; i += 4) {
                float4 v = *reinterpret_cast<const float4*>(&As[buf][k][tRow * TM + i]);
                ra[i] = v.x; ra[i + 1] = v.y; ra[i + 2] = v.z; ra[i + 3] = v.w;
            }
#pragma unroll
            for (int j = 0; j < TN; j += 4) {
                float4 v = *reinterpret_cast<const float4*>(&Bs[buf][k][tCol * TN + j]);
                rb[j] = v.x; rb[j + 1] = v.y; rb[j + 2] = v.z; rb[j + 3] = v.w;
            }
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(ra[i], rb[j], acc[i][j]);
        }
        buf ^= 1;
    }
    float* Cb = C + (blockIdx.y * BM + tRow * TM) * N + blockIdx.x * BN + tCol * TN;
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
            Cb[i * N + j] = alpha * acc[i][j] + beta * Cb[i * N + j];
}

// 4x4 micro tile with float4 vector loads / stores, 64x64 tile, 256 threads
extern "C" __global__ void sgemm_float4_4x4(const float4* __restrict__ A4, const float4* __restrict__ B4,
                                            float4* __restrict__ C4, int M, int N, int K)
{
    __shared__ float As[16][64];
    __shared__ float Bs[16][64];
    int tid = threadIdx.x;
    int tx = tid % 16, ty = tid / 16;
    int N4 = N / 4, K4 = K / 4;
    float acc[4][4] = {};
    for (int k0 = 0; k0 < K; k0 += 16) {
        // A: 64 rows x 16 cols = 256 float4
        {
            int r = tid / 4, c4 = tid % 4;
            float4 v = A4[(blockIdx.y * 64 + r) * K4 + k0 / 4 + c4];
            As[c4 * 4 + 0][r] = v.x; As[c4 * 4 + 1][r] = v.y;
            As[c4 * 4 + 2][r] = v.z; As[c4 * 4 + 3][r] = v.w;
        }
        {
            int r = tid / 16, c4 = tid % 16;
            float4 v = B4[(k0 + r) * N4 + blockIdx.x * 16 + c4];
            *reinterpret_cast<float4*>(&Bs[r][c4 * 4]) = v;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 16; ++k) {
            float4 a = *reinterpret_cast<float4*>(&As[k][ty * 4]);
            float4 b = *reinterpret_cast<float4*>(&Bs[k][tx * 4]);
            float av[4] = {a.x, a.y, a.z, a.w};
            float bv[4] = {b.x, b.y, b.z, b.w};
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] += av[i] * bv[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        int row = blockIdx.y * 64 + ty * 4 + i;
        C4[row * N4 + blockIdx.x * 16 + tx] = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    }
}

// Same 8x8 register tile under __launch_bounds__(256,4) => at most 64 registers:
// the 64 accumulators + 16 operands do not fit and spill to local memory.
extern "C" __global__ void __launch_bounds__(256, 4)
sgemm_regblock_8x8_capped(const float* __restrict__ A, const float* __restrict__ B,
                          float* __restrict__ C, int M, int N, int K)
{
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    int tid = threadIdx.x;
    int tRow = tid / 16, tCol = tid % 16;
    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int idx = tid + l * 256;
            As[idx % BK][idx / BK] = A[(blockIdx.y * BM + idx / BK) * K + k0 + idx % BK];
            Bs[idx / BN][idx % BN] = B[(k0 + idx / BN) * N + blockIdx.x * BN + idx % BN];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float ra[TM], rb[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i) ra[i] = As[k][tRow + 16 * i];
#pragma unroll
            for (int j = 0; j < TN; ++j) rb[j] = Bs[k][tCol + 16 * j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(ra[i], rb[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
            C[(blockIdx.y * BM + tRow + 16 * i) * N + blockIdx.x * BN + tCol + 16 * j] = acc[i][j];
}

