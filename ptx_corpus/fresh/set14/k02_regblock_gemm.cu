// Domain: dense linear algebra (register-blocked SGEMM/DGEMM micro-tiles)
// gemm_rb2x2      - 16x16 threads, each computes a 2x2 micro-tile from 32x32 shared tiles
// gemm_rb4x4      - 64x64 block tile, 16x16 threads, 4x4 register micro-tile, float4 stores
// gemm_rb8x8      - 128x128 block tile, 256 threads, 8x8 register micro-tile (many live floats)
// gemm_rb8x8_lb   - same 8x8 micro-tile but __launch_bounds__(256,4) caps registers at 64
// dgemm_rb4x4     - double precision 4x4 micro-tile, 32x32 block tile, 8x8 threads

extern "C" __global__ void gemm_rb2x2(const float *__restrict__ A, const float *__restrict__ B,
                                      float *__restrict__ C, int M, int N, int K)
{
    __shared__ float As[32][17];
    __shared__ float Bs[16][33];
    int tx = threadIdx.x, ty = threadIdx.y;
    int tid = ty * 16 + tx;
    int bm = blockIdx.y * 32, bn = blockIdx.x * 32;
    float c00 = 0.f, c01 = 0.f, c10 = 0.f, c11 = 0.f;
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int i = tid; i < 32 * 16; i += 256) {
            int r = i / 16, c = i % 16;
            As[r][c] = (bm + r < M && k0 + c < K) ? A[(bm + r) * K + k0 + c] : 0.f;
            int rb = i / 32, cb = i % 32;
            Bs[rb][cb] = (k0 + rb < K && bn + cb < N) ? B[(k0 + rb) * N + bn + cb] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 16; ++k) {
            float a0 = As[ty * 2][k], a1 = As[ty * 2 + 1][k];
            float b0 = Bs[k][tx * 2], b1 = Bs[k][tx * 2 + 1];
            c00 += a0 * b0; c01 += a0 * b1;
            c10 += a1 * b0; c11 += a1 * b1;
        }
        __syncthreads();
    }
    int r = bm + ty * 2, c = bn + tx * 2;
    if (r < M && c < N) C[r * N + c] = c00;
    if (r < M && c + 1 < N) C[r * N + c + 1] = c01;
    if (r + 1 < M && c < N) C[(r + 1) * N + c] = c10;
    if (r + 1 < M && c + 1 < N) C[(r + 1) * N + c + 1] = c11;
}

extern "C" __global__ void gemm_rb4x4(const float *__restrict__ A, const float *__restrict__ B,
                                      float *__restrict__ C, int M, int N, int K)
{
    // assumes M, N multiples of 64 and K multiple of 16
    __shared__ float As[16][64];
    __shared__ float Bs[16][64];
    int tx = threadIdx.x, ty = threadIdx.y;
    int tid = ty * 16 + tx;
    int bm = blockIdx.y * 64, bn = blockIdx.x * 64;
    float acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += 16) {
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int i = tid + l * 256;
            int ar = i / 16, ac = i % 16;
            As[ac][ar] = A[(bm + ar) * K + k0 + ac];
            int br = i / 64, bc = i % 64;
            Bs[br][bc] = B[(k0 + br) * N + bn + bc];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 16; ++k) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = As[k][ty * 4 + i];
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = Bs[k][tx * 4 + j];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        float4 v = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
        *reinterpret_cast<float4 *>(&C[(bm + ty * 4 + i) * N + bn + tx * 4]) = v;
    }
}

#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8

__device__ __forceinline__ void rb8x8_body(const float *__restrict__ A, const float *__restrict__ B,
                                           float *__restrict__ C, int M, int N, int K,
                                           float alpha, float beta)
{
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    int tid = threadIdx.x;
    int trow = tid / (BN / TN);
    int tcol = tid % (BN / TN);
    const float *Ab = A + blockIdx.y * BM * K;
    const float *Bb = B + blockIdx.x * BN;
    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0.f;
    float ra[TM], rb[TN];
    int arow = tid / BK, acol = tid % BK;
    int brow = tid / BN, bcol = tid % BN;
    for (int k0 = 0; k0 < K; k0 += BK) {
        As[acol][arow] = Ab[arow * K + k0 + acol];
        As[acol][arow + 32] = Ab[(arow + 32) * K + k0 + acol];
        As[acol][arow + 64] = Ab[(arow + 64) * K + k0 + acol];
        As[acol][arow + 96] = Ab[(arow + 96) * K + k0 + acol];
        Bs[brow][bcol] = Bb[(k0 + brow) * N + bcol];
        Bs[brow + 2][bcol] = Bb[(k0 + brow + 2) * N + bcol];
        Bs[brow + 4][bcol] = Bb[(k0 + brow + 4) * N + bcol];
        Bs[brow + 6][bcol] = Bb[(k0 + brow + 6) * N + bcol];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
#pragma unroll
            for (int i = 0; i < TM; ++i) ra[i] = As[k][trow * TM + i];
#pragma unroll
            for (int j = 0; j < TN; ++j) rb[j] = Bs[k][tcol * TN + j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] += ra[i] * rb[j];
        }
        __syncthreads();
    }
    float *Cb = C + (blockIdx.y * BM + trow * TM) * N + blockIdx.x * BN + tcol * TN;
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
            Cb[i * N + j] = alpha * acc[i][j] + beta * Cb[i * N + j];
}

extern "C" __global__ void gemm_rb8x8(const float *__restrict__ A, const float *__restrict__ B,
                                      float *__restrict__ C, int M, int N, int K,
                                      float alpha, float beta)
{
    rb8x8_body(A, B, C, M, N, K, alpha, beta);
}

extern "C" __global__ void __launch_bounds__(256, 4)
gemm_rb8x8_lb(const float *__restrict__ A, const float *__restrict__ B,
              float *__restrict__ C, int M, int N, int K, float alpha, float beta)
{
    rb8x8_body(A, B, C, M, N, K, alpha, beta);
}

extern "C" __global__ void dgemm_rb4x4(const double *__restrict__ A, const double *__restrict__ B,
                                       double *__restrict__ C, int M, int N, int K)
{
    __shared__ double As[32][17];
    __shared__ double Bs[16][33];
    int tx = threadIdx.x, ty = threadIdx.y; // 8 x 8
    int tid = ty * 8 + tx;
    int bm = blockIdx.y * 32, bn = blockIdx.x * 32;
    double c[4][4] = {};
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int i = tid; i < 512; i += 64) {
            int r = i >> 4, cc = i & 15;
            As[r][cc] = (bm + r < M && k0 + cc < K) ? A[(size_t)(bm + r) * K + k0 + cc] : 0.0;
            int rb = i >> 5, cb = i & 31;
            Bs[rb][cb] = (k0 + rb < K && bn + cb < N) ? B[(size_t)(k0 + rb) * N + bn + cb] : 0.0;
        }
        __syncthreads();
        for (int k = 0; k < 16; ++k) {
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                double a = As[ty + 8 * i][k];
#pragma unroll
                for (int j = 0; j < 4; ++j) c[i][j] += a * Bs[k][tx + 8 * j];
            }
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int r = bm + ty + 8 * i, cc = bn + tx + 8 * j;
            if (r < M && cc < N) C[(size_t)r * N + cc] = c[i][j];
        }
}
