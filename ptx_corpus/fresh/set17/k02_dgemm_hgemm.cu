// Domain: dense linear algebra - double precision and half/bf16 GEMM / GEMV
#include <cuda_fp16.h>
#include <cuda_bf16.h>

// DGEMM, 64x64 block tile, 4x4 micro tile of doubles, 256 threads, BK=16
extern "C" __global__ void __launch_bounds__(256)
dgemm_regblock_4x4(const double* __restrict__ A, const double* __restrict__ B,
                   double* __restrict__ C, int M, int N, int K, double alpha, double beta)
{
    __shared__ double As[16][64 + 1];
    __shared__ double Bs[16][64 + 1];
    int tid = threadIdx.x;
    int tx = tid % 16, ty = tid / 16;
    double acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = 0.0;
    for (int k0 = 0; k0 < K; k0 += 16) {
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int idx = tid + 256 * l;
            int r = idx / 16, c = idx % 16;
            As[c][r] = A[(blockIdx.y * 64 + r) * K + k0 + c];
            int rb = idx / 64, cb = idx % 64;
            Bs[rb][cb] = B[(k0 + rb) * N + blockIdx.x * 64 + cb];
        }
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < 16; ++k) {
            double a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) { a[i] = As[k][ty + 16 * i]; b[i] = Bs[k][tx + 16 * i]; }
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fma(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int r = blockIdx.y * 64 + ty + 16 * i, c = blockIdx.x * 64 + tx + 16 * j;
            if (r < M && c < N) C[r * N + c] = alpha * acc[i][j] + beta * C[r * N + c];
        }
}

// Heavy DGEMM: 8x8 double micro tile (128 32-bit registers of accumulators alone) plus a
// global->register prefetch of the next A/B tiles (12 doubles) while the current tile is consumed
extern "C" __global__ void __launch_bounds__(128)
dgemm_regblock_8x8(const double* __restrict__ A, const double* __restrict__ B,
                   double* __restrict__ C, int N, int K)
{
    __shared__ double As[8][128];
    __shared__ double Bs[8][64];
    int tid = threadIdx.x;            // 128 threads: 16 x 8 grid of 8x8 tiles -> 128 x 64 block
    int tr = tid / 8, tc = tid % 8;
    double acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.0;
    double pa[8], pb[4];
#pragma unroll
    for (int l = 0; l < 8; ++l) {
        int idx = tid + 128 * l;
        pa[l] = A[(blockIdx.y * 128 + idx / 8) * K + idx % 8];
    }
#pragma unroll
    for (int l = 0; l < 4; ++l) {
        int idx = tid + 128 * l;
        pb[l] = B[(idx / 64) * N + blockIdx.x * 64 + idx % 64];
    }
    for (int k0 = 0; k0 < K; k0 += 8) {
#pragma unroll
        for (int l = 0; l < 8; ++l) {
            int idx = tid + 128 * l;
            As[idx % 8][idx / 8] = pa[l];
        }
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int idx = tid + 128 * l;
            Bs[idx / 64][idx % 64] = pb[l];
        }
        __syncthreads();
        if (k0 + 8 < K) {
#pragma unroll
            for (int l = 0; l < 8; ++l) {
                int idx = tid + 128 * l;
                pa[l] = A[(blockIdx.y * 128 + idx / 8) * K + k0 + 8 + idx % 8];
            }
#pragma unroll
            for (int l = 0; l < 4; ++l) {
                int idx = tid + 128 * l;
                pb[l] = B[(k0 + 8 + idx / 64) * N + blockIdx.x * 64 + idx % 64];
            }
        }
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            double a[8], b[8];
#pragma unroll
            for (int i = 0; i < 8; ++i) a[i] = As[k][tr * 8 + i];
#pragma unroll
            for (int j = 0; j < 8; ++j) b[j] = Bs[k][tc * 8 + j];
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fma(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
            C[(blockIdx.y * 128 + tr * 8 + i) * N + blockIdx.x * 64 + tc * 8 + j] = acc[i][j];
}

// HGEMM with half2 arithmetic: each thread computes a 4x8 tile (16 half2 accumulators), fp32 final
extern "C" __global__ void hgemm_half2_4x8(const __half* __restrict__ A, const __half* __restrict__ B,
                                           __half* __restrict__ C, int M, int N, int K)
{
    __shared__ __half As[32][64 + 8];
    __shared__ __half2 Bs[32][64];   // 128 columns as half2
    int tid = threadIdx.x;           // 256 threads: 16 x 16 -> 64 rows x 128 cols
    int tr = tid / 16, tc = tid % 16;
    __half2 acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = __float2half2_rn(0.f);
    const __half2* B2 = reinterpret_cast<const __half2*>(B);
    for (int k0 = 0; k0 < K; k0 += 32) {
#pragma unroll
        for (int l = 0; l < 8; ++l) {
            int idx = tid + 256 * l;
            As[idx % 32][idx / 32] = A[(blockIdx.y * 64 + idx / 32) * K + k0 + idx % 32];
            Bs[idx / 64][idx % 64] = B2[(k0 + idx / 64) * (N / 2) + blockIdx.x * 64 + idx % 64];
        }
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < 32; ++k) {
            __half2 a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = __half2half2(As[k][tr * 4 + i]);
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = Bs[k][tc * 4 + j];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = __hfma2(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
    __half2* C2 = reinterpret_cast<__half2*>(C);
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
            C2[(blockIdx.y * 64 + tr * 4 + i) * (N / 2) + blockIdx.x * 64 + tc * 4 + j] = acc[i][j];
}

// bf16 GEMV y = A x with warp-per-row, fp32 accumulate, 8-wide vector loads (uint4)
extern "C" __global__ void gemv_bf16_warp(const __nv_bfloat16* __restrict__ A,
                                          const __nv_bfloat16* __restrict__ x,
                                          float* __restrict__ y, int M, int K)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= M) return;
    const uint4* Arow = reinterpret_cast<const uint4*>(A + (size_t)warp * K);
    const uint4* xv = reinterpret_cast<const uint4*>(x);
    float s = 0.f;
    for (int i = lane; i < K / 8; i += 32) {
        uint4 a = Arow[i], b = xv[i];
        const __nv_bfloat162* a2 = reinterpret_cast<const __nv_bfloat162*>(&a);
        const __nv_bfloat162* b2 = reinterpret_cast<const __nv_bfloat162*>(&b);
#pragma unroll
        for (int q = 0; q < 4; ++q) {
            float2 fa = __bfloat1622float2(a2[q]);
            float2 fb = __bfloat1622float2(b2[q]);
            s = fmaf(fa.x, fb.x, s);
            s = fmaf(fa.y, fb.y, s);
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    if (lane == 0) y[warp] = s;
}

