// k14_fp16_gemm.cu
// ML: half-precision GEMM micro-kernels using half2 arithmetic (no tensor cores) and
// fp16 layer utilities.
//  - hgemm_half2_8x4:    64x64 tile, each thread 8 rows x 4 half2 columns (8 cols), fp32 accumulation
//  - hgemm_half2_acc16:  accumulates in half2 directly (fewer registers), 4x4 tile
//  - layernorm_fp16:     row layer norm with warp shuffles over half2 vectors
//  - gelu_bias_fp16:     fused bias + tanh-GELU on half2 (small)
#include <cuda_fp16.h>

extern "C" __global__ void hgemm_half2_8x4(const __half* __restrict__ A, const __half* __restrict__ B,
                                           __half* __restrict__ C, int M, int N, int K, float alpha)
{
    __shared__ __half As[16][64 + 8];
    __shared__ __half2 Bs[16][32];
    int tid = threadIdx.x;              // 64 threads: 8 x 8
    int tx = tid & 7, ty = tid >> 3;
    int row0 = blockIdx.y * 64, col0 = blockIdx.x * 64;
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int e = tid; e < 64 * 16; e += 64) {
            int r = e / 16, c = e % 16;
            As[c][r] = (row0 + r < M && k0 + c < K) ? A[(size_t)(row0 + r) * K + k0 + c] : __float2half(0.f);
        }
        for (int e = tid; e < 16 * 32; e += 64) {
            int r = e / 32, c = e % 32;
            int gc = col0 + 2 * c;
            __half2 v = __floats2half2_rn(0.f, 0.f);
            if (k0 + r < K && gc + 1 < N) v = *reinterpret_cast<const __half2*>(B + (size_t)(k0 + r) * N + gc);
            Bs[r][c] = v;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < 16; ++kk) {
            float a[8];
            float2 b[4];
#pragma unroll
            for (int i = 0; i < 8; ++i) a[i] = __half2float(As[kk][ty * 8 + i]);
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = __half22float2(Bs[kk][tx * 4 + j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) {
                    acc[i][2 * j] = fmaf(a[i], b[j].x, acc[i][2 * j]);
                    acc[i][2 * j + 1] = fmaf(a[i], b[j].y, acc[i][2 * j + 1]);
                }
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        int r = row0 + ty * 8 + i;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int c = col0 + tx * 8 + 2 * j;
            if (c + 1 < N)
                *reinterpret_cast<__half2*>(C + (size_t)r * N + c) = __floats2half2_rn(alpha * acc[i][2 * j], alpha * acc[i][2 * j + 1]);
        }
    }
}

extern "C" __global__ void hgemm_half2_acc16(const __half2* __restrict__ A2 /* M x K/2 */, const __half2* __restrict__ BT2 /* N x K/2 */,
                                             __half* __restrict__ C, int M, int N, int K2)
{
    int tx = threadIdx.x, ty = threadIdx.y;   // 16 x 16
    int r0 = (blockIdx.y * 16 + ty) * 4, c0 = (blockIdx.x * 16 + tx) * 4;
    __half2 acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = __float2half2_rn(0.f);
    if (r0 + 3 >= M || c0 + 3 >= N) return;
    for (int k = 0; k < K2; ++k) {
        __half2 a[4], b[4];
#pragma unroll
        for (int i = 0; i < 4; ++i) { a[i] = A2[(size_t)(r0 + i) * K2 + k]; b[i] = BT2[(size_t)(c0 + i) * K2 + k]; }
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) acc[i][j] = __hfma2(a[i], b[j], acc[i][j]);
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) C[(size_t)(r0 + i) * N + c0 + j] = __hadd(__low2half(acc[i][j]), __high2half(acc[i][j]));
}

extern "C" __global__ void layernorm_fp16(const __half2* __restrict__ x, const __half2* __restrict__ gamma,
                                          const __half2* __restrict__ beta, __half2* __restrict__ y, int rows, int cols2, float eps)
{
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const __half2* xr = x + (size_t)row * cols2;
    float s = 0.f, ss = 0.f;
    for (int c = lane; c < cols2; c += 32) {
        float2 v = __half22float2(xr[c]);
        s += v.x + v.y; ss += v.x * v.x + v.y * v.y;
    }
#pragma unroll
    for (int o = 16; o; o >>= 1) { s += __shfl_xor_sync(0xffffffffu, s, o); ss += __shfl_xor_sync(0xffffffffu, ss, o); }
    float mean = s / (2 * cols2), var = ss / (2 * cols2) - mean * mean;
    float inv = rsqrtf(var + eps);
    for (int c = lane; c < cols2; c += 32) {
        float2 v = __half22float2(xr[c]), g = __half22float2(gamma[c]), b = __half22float2(beta[c]);
        y[(size_t)row * cols2 + c] = __floats2half2_rn((v.x - mean) * inv * g.x + b.x, (v.y - mean) * inv * g.y + b.y);
    }
}

extern "C" __global__ void gelu_bias_fp16(__half2* __restrict__ x, const __half2* __restrict__ bias, int cols2, int n2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n2) return;
    float2 v = __half22float2(__hadd2(x[i], bias[i % cols2]));
    float a = 0.5f * v.x * (1.f + tanhf(0.7978845608f * (v.x + 0.044715f * v.x * v.x * v.x)));
    float b = 0.5f * v.y * (1.f + tanhf(0.7978845608f * (v.y + 0.044715f * v.y * v.y * v.y)));
    x[i] = __floats2half2_rn(a, b);
}
