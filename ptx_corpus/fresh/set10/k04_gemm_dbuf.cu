// Double-buffered GEMM with float4 global loads and register prefetch.
#include <cuda_runtime.h>

#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8

extern "C" __global__ void __launch_bounds__(256)
sgemm_double_buffer_128x128(int M, int N, int K, const float *__restrict__ A,
                            const float *__restrict__ B, float *__restrict__ C)
{
    __shared__ float As[2][BK][BM];
    __shared__ float Bs[2][BK][BN];
    int tid = threadIdx.x;
    int ty = tid / 16, tx = tid % 16;
    const float *Ab = A + (size_t)blockIdx.y * BM * K;
    const float *Bb = B + blockIdx.x * BN;

    // each thread loads one float4 of A (128x8 -> 256 float4) and one of B (8x128)
    int aRow = tid / 2, aCol = (tid % 2) * 4;
    int bRow = tid / 32, bCol = (tid % 32) * 4;

    float acc[TM][TN] = {{0.f}};
    float4 ldA = *reinterpret_cast<const float4 *>(&Ab[(size_t)aRow * K + aCol]);
    float4 ldB = *reinterpret_cast<const float4 *>(&Bb[(size_t)bRow * N + bCol]);
    As[0][aCol + 0][aRow] = ldA.x; As[0][aCol + 1][aRow] = ldA.y;
    As[0][aCol + 2][aRow] = ldA.z; As[0][aCol + 3][aRow] = ldA.w;
    *reinterpret_cast<float4 *>(&Bs[0][bRow][bCol]) = ldB;
    __syncthreads();

    int write = 1;
    for (int k0 = BK; k0 <= K; k0 += BK) {
        if (k0 < K) {
            ldA = *reinterpret_cast<const float4 *>(&Ab[(size_t)aRow * K + k0 + aCol]);
            ldB = *reinterpret_cast<const float4 *>(&Bb[(size_t)(k0 + bRow) * N + bCol]);
        }
        int read = write ^ 1;
#pragma unroll
        for (int k = 0; k < BK; k++) {
            float a[TM], b[TN];
            float4 a0 = *reinterpret_cast<float4 *>(&As[read][k][ty * 4]);
            float4 a1 = *reinterpret_cast<float4 *>(&As[read][k][ty * 4 + 64]);
            float4 b0 = *reinterpret_cast<float4 *>(&Bs[read][k][tx * 4]);
            float4 b1 = *reinterpret_cast<float4 *>(&Bs[read][k][tx * 4 + 64]);
            a[0] = a0.x; a[1] = a0.y; a[2] = a0.z; a[3] = a0.w;
            a[4] = a1.x; a[5] = a1.y; a[6] = a1.z; a[7] = a1.w;
            b[0] = b0.x; b[1] = b0.y; b[2] = b0.z; b[3] = b0.w;
            b[4] = b1.x; b[5] = b1.y; b[6] = b1.z; b[7] = b1.w;
#pragma unroll
            for (int i = 0; i < TM; i++)
#pragma unroll
                for (int j = 0; j < TN; j++) acc[i][j] += a[i] * b[j];
        }
        if (k0 < K) {
            As[write][aCol + 0][aRow] = ldA.x; As[write][aCol + 1][aRow] = ldA.y;
            As[write][aCol + 2][aRow] = ldA.z; As[write][aCol + 3][aRow] = ldA.w;
            *reinterpret_cast<float4 *>(&Bs[write][bRow][bCol]) = ldB;
        }
        __syncthreads();
        write ^= 1;
    }
    float *Cb = C + (size_t)blockIdx.y * BM * N + blockIdx.x * BN;
#pragma unroll
    for (int i = 0; i < TM; i++) {
        int r = (i < 4) ? ty * 4 + i : ty * 4 + 64 + (i - 4);
        float4 v0 = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
        float4 v1 = make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
        *reinterpret_cast<float4 *>(&Cb[(size_t)r * N + tx * 4]) = v0;
        *reinterpret_cast<float4 *>(&Cb[(size_t)r * N + tx * 4 + 64]) = v1;
    }
}

// Double-precision double-buffered 64x64 tile, 4x4 micro tile per thread.
extern "C" __global__ void
dgemm_double_buffer_64x64(int M, int N, int K, const double *__restrict__ A,
                          const double *__restrict__ B, double *__restrict__ C)
{
    __shared__ double As[2][8][64];
    __shared__ double Bs[2][8][64];
    int tid = threadIdx.x;            // 256 threads
    int ty = tid / 16, tx = tid % 16;
    int aRow = tid / 4, aCol = (tid % 4) * 2;
    int bRow = tid / 32, bCol = (tid % 32) * 2;
    const double *Ab = A + (size_t)blockIdx.y * 64 * K;
    const double *Bb = B + blockIdx.x * 64;
    double acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) acc[i][j] = 0.0;

    double2 la = *reinterpret_cast<const double2 *>(&Ab[(size_t)aRow * K + aCol]);
    double2 lb = *reinterpret_cast<const double2 *>(&Bb[(size_t)bRow * N + bCol]);
    As[0][aCol][aRow] = la.x; As[0][aCol + 1][aRow] = la.y;
    Bs[0][bRow][bCol] = lb.x; Bs[0][bRow][bCol + 1] = lb.y;
    __syncthreads();
    int buf = 0;
    for (int k0 = 8; k0 <= K; k0 += 8) {
        bool more = k0 < K;
        if (more) {
            la = *reinterpret_cast<const double2 *>(&Ab[(size_t)aRow * K + k0 + aCol]);
            lb = *reinterpret_cast<const double2 *>(&Bb[(size_t)(k0 + bRow) * N + bCol]);
        }
#pragma unroll
        for (int k = 0; k < 8; k++) {
            double a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; i++) a[i] = As[buf][k][ty + 16 * i];
#pragma unroll
            for (int j = 0; j < 4; j++) b[j] = Bs[buf][k][tx + 16 * j];
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++) acc[i][j] = fma(a[i], b[j], acc[i][j]);
        }
        if (more) {
            As[buf ^ 1][aCol][aRow] = la.x; As[buf ^ 1][aCol + 1][aRow] = la.y;
            Bs[buf ^ 1][bRow][bCol] = lb.x; Bs[buf ^ 1][bRow][bCol + 1] = lb.y;
        }
        __syncthreads();
        buf ^= 1;
    }
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) {
            int r = blockIdx.y * 64 + ty + 16 * i;
            int c = blockIdx.x * 64 + tx + 16 * j;
            if (r < M && c < N) C[(size_t)r * N + c] = acc[i][j];
        }
}

// Half-precision inputs, float accumulation, 2x2 register block.
#include <cuda_fp16.h>
extern "C" __global__ void __launch_bounds__(256)
hgemm_f32acc_2x2(int M, int N, int K, const __half *__restrict__ A, const __half *__restrict__ B,
                 __half *__restrict__ C)
{
    __shared__ __half As[2][16][32];
    __shared__ __half Bs[2][16][32];
    int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
    int row0 = blockIdx.y * 32, col0 = blockIdx.x * 32;
    float acc[2][2] = {{0.f, 0.f}, {0.f, 0.f}};
    int buf = 0;
    auto load = [&](int b, int k0) {
        for (int i = threadIdx.x; i < 16 * 32; i += 256) {
            int kk = i / 32, mm = i % 32;
            int ar = row0 + mm, ak = k0 + kk;
            As[b][kk][mm] = (ar < M && ak < K) ? A[(size_t)ar * K + ak] : __float2half(0.f);
            int bk = k0 + kk, bc = col0 + mm;
            Bs[b][kk][mm] = (bk < K && bc < N) ? B[(size_t)bk * N + bc] : __float2half(0.f);
        }
    };
    load(0, 0);
    __syncthreads();
    for (int k0 = 0; k0 < K; k0 += 16) {
        if (k0 + 16 < K) load(buf ^ 1, k0 + 16);
#pragma unroll
        for (int k = 0; k < 16; k++) {
            float a0 = __half2float(As[buf][k][ty * 2]);
            float a1 = __half2float(As[buf][k][ty * 2 + 1]);
            float b0 = __half2float(Bs[buf][k][tx * 2]);
            float b1 = __half2float(Bs[buf][k][tx * 2 + 1]);
            acc[0][0] += a0 * b0; acc[0][1] += a0 * b1;
            acc[1][0] += a1 * b0; acc[1][1] += a1 * b1;
        }
        __syncthreads();
        buf ^= 1;
    }
#pragma unroll
    for (int i = 0; i < 2; i++)
#pragma unroll
        for (int j = 0; j < 2; j++) {
            int r = row0 + ty * 2 + i, c = col0 + tx * 2 + j;
            if (r < M && c < N) C[(size_t)r * N + c] = __float2half(acc[i][j]);
        }
}
