// Domain: dense linear algebra - tiled and register-blocked SGEMM (row-major, C = alpha*A*B + beta*C)
// sgemm_tiled16: classic 16x16 shared-memory tiled SGEMM, one output element per thread.
// sgemm_reg4x4: 64x64 block tile, 16x16 threads, each thread computes a 4x4 micro-tile.
// sgemm_reg8x8_db: 128x128 block tile, double-buffered shared tiles with register prefetch, 8x8 micro-tile.
// sgemm_reg8x8_lb: the same 8x8 double-buffered kernel compiled under __launch_bounds__(256,4).
// sgemm_reg8x4_lb: 128x64 block tile, 8x4 micro-tile, BK=16, under __launch_bounds__(256,6).

#define TS 16

extern "C" __global__ void sgemm_tiled16(int M, int N, int K, float alpha,
                                         const float* __restrict__ A, const float* __restrict__ B,
                                         float beta, float* __restrict__ C)
{
    __shared__ float As[TS][TS];
    __shared__ float Bs[TS][TS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TS + ty, col = blockIdx.x * TS + tx;
    float acc = 0.f;
    for (int k0 = 0; k0 < K; k0 += TS) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.f;
        Bs[ty][tx] = (col < N && k0 + ty < K) ? B[(size_t)(k0 + ty) * N + col] : 0.f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TS; k++) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[(size_t)row * N + col] = alpha * acc + beta * C[(size_t)row * N + col];
}

extern "C" __global__ void sgemm_reg4x4(int M, int N, int K, float alpha,
                                        const float* __restrict__ A, const float* __restrict__ B,
                                        float beta, float* __restrict__ C)
{
    const int BM = 64, BN = 64, BK = 16;
    __shared__ float As[BK][BM + 4];
    __shared__ float Bs[BK][BN];
    int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    float acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) acc[i][j] = 0.f;

    for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
        for (int i = 0; i < 4; i++) {
            int idx = tid + i * 256;
            int r = idx / BK, c = idx % BK;
            int gr = bm + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < K) ? A[(size_t)gr * K + gc] : 0.f;
            int rb = idx / BN, cb = idx % BN;
            int gbr = k0 + rb, gbc = bn + cb;
            Bs[rb][cb] = (gbr < K && gbc < N) ? B[(size_t)gbr * N + gbc] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; k++) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; i++) { a[i] = As[k][ty * 4 + i]; b[i] = Bs[k][tx * 4 + i]; }
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++) acc[i][j] += a[i] * b[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; i++) {
        int r = bm + ty * 4 + i;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            int c = bn + tx * 4 + j;
            if (c < N) C[(size_t)r * N + c] = alpha * acc[i][j] + beta * C[(size_t)r * N + c];
        }
    }
}

// Shared body of the 128x128x8 double-buffered kernel; 256 threads as 16x16.
__device__ __forceinline__ void sgemm_8x8_db_body(int M, int N, int K, float alpha,
                                                  const float* __restrict__ A, const float* __restrict__ B,
                                                  float beta, float* __restrict__ C)
{
    const int BM = 128, BN = 128, BK = 8;
    __shared__ float As[2][BK][BM];
    __shared__ float Bs[2][BK][BN];
    int tid = threadIdx.x;
    int tx = tid & 15, ty = tid >> 4;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    int ar = tid >> 1, ac = (tid & 1) * 4;    // A tile: 128 rows x 8 cols
    int br = tid >> 5, bc = (tid & 31) * 4;   // B tile: 8 rows x 128 cols
    float ra[4], rb[4];
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; i++)
#pragma unroll
        for (int j = 0; j < 8; j++) acc[i][j] = 0.f;

#define LOAD_TILE(k0)                                                             \
    {                                                                             \
        _Pragma("unroll") for (int i = 0; i < 4; i++) {                           \
            int gr = bm + ar, gc = (k0) + ac + i;                                 \
            ra[i] = (gr < M && gc < K) ? A[(size_t)gr * K + gc] : 0.f;            \
            int hr = (k0) + br, hc = bn + bc + i;                                 \
            rb[i] = (hr < K && hc < N) ? B[(size_t)hr * N + hc] : 0.f;            \
        }                                                                         \
    }
#define STORE_TILE(buf)                                                           \
    {                                                                             \
        _Pragma("unroll") for (int i = 0; i < 4; i++) {                           \
            As[buf][ac + i][ar] = ra[i];                                          \
            Bs[buf][br][bc + i] = rb[i];                                          \
        }                                                                         \
    }

    LOAD_TILE(0);
    STORE_TILE(0);
    __syncthreads();
    int buf = 0;
    for (int k0 = 0; k0 < K; k0 += BK) {
        bool more = (k0 + BK) < K;
        if (more) LOAD_TILE(k0 + BK);
#pragma unroll
        for (int k = 0; k < BK; k++) {
            float a[8], b[8];
#pragma unroll
            for (int i = 0; i < 4; i++) {
                a[i] = As[buf][k][ty * 4 + i];
                a[i + 4] = As[buf][k][ty * 4 + 64 + i];
                b[i] = Bs[buf][k][tx * 4 + i];
                b[i + 4] = Bs[buf][k][tx * 4 + 64 + i];
            }
#pragma unroll
            for (int i = 0; i < 8; i++)
#pragma unroll
                for (int j = 0; j < 8; j++) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        if (more) STORE_TILE(buf ^ 1);
        __syncthreads();
        buf ^= 1;
    }
#undef LOAD_TILE
#undef STORE_TILE
#pragma unroll
    for (int i = 0; i < 8; i++) {
        int r = bm + ty * 4 + (i & 3) + (i >> 2) * 64;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 8; j++) {
            int c = bn + tx * 4 + (j & 3) + (j >> 2) * 64;
            if (c < N) {
                size_t o = (size_t)r * N + c;
                C[o] = alpha * acc[i][j] + (beta != 0.f ? beta * C[o] : 0.f);
            }
        }
    }
}

extern "C" __global__ void sgemm_reg8x8_db(int M, int N, int K, float alpha,
                                           const float* __restrict__ A, const float* __restrict__ B,
                                           float beta, float* __restrict__ C)
{
    sgemm_8x8_db_body(M, N, K, alpha, A, B, beta, C);
}

extern "C" __global__ void __launch_bounds__(256, 4)
sgemm_reg8x8_lb(int M, int N, int K, float alpha,
                const float* __restrict__ A, const float* __restrict__ B,
                float beta, float* __restrict__ C)
{
    sgemm_8x8_db_body(M, N, K, alpha, A, B, beta, C);
}

extern "C" __global__ void __launch_bounds__(256, 6)
sgemm_reg8x4_lb(int M, int N, int K, float alpha,
                const float* __restrict__ A, const float* __restrict__ B,
                float beta, float* __restrict__ C)
{
    const int BM = 128, BN = 64, BK = 16;
    __shared__ float As[BK][BM + 1];
    __shared__ float Bs[BK][BN];
    int tid = threadIdx.x;
    int tx = tid & 15, ty = tid >> 4;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    float acc[8][4];
#pragma unroll
    for (int i = 0; i < 8; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) acc[i][j] = 0.f;

    for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
        for (int i = 0; i < 8; i++) {
            int idx = tid + i * 256;       // 2048 A elements
            int r = idx >> 4, c = idx & 15;
            int gr = bm + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < K) ? __ldg(&A[(size_t)gr * K + gc]) : 0.f;
        }
#pragma unroll
        for (int i = 0; i < 4; i++) {
            int idx = tid + i * 256;       // 1024 B elements
            int r = idx >> 6, c = idx & 63;
            int gr = k0 + r, gc = bn + c;
            Bs[r][c] = (gr < K && gc < N) ? __ldg(&B[(size_t)gr * N + gc]) : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; k++) {
            float a[8], b[4];
#pragma unroll
            for (int i = 0; i < 8; i++) a[i] = As[k][ty * 8 + i];
#pragma unroll
            for (int j = 0; j < 4; j++) b[j] = Bs[k][tx * 4 + j];
#pragma unroll
            for (int i = 0; i < 8; i++)
#pragma unroll
                for (int j = 0; j < 4; j++) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; i++) {
        int r = bm + ty * 8 + i;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 4; j++) {
            int c = bn + tx * 4 + j;
            if (c < N) C[(size_t)r * N + c] = alpha * acc[i][j] + beta * C[(size_t)r * N + c];
        }
    }
}
