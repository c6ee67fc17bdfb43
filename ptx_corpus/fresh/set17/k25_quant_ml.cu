// Domain: quantised neural-network inference (int8 dp4a GEMM, 4-bit weight GEMV, dynamic quantisation)
#include <cuda_fp16.h>

// int8 x int8 -> int32 GEMM using __dp4a, 128x64 block tile, each thread an 8x4 tile of int32
// accumulators, K packed 4-wide (char4 as int); requantised to int8 with per-channel scales
extern "C" __global__ void __launch_bounds__(256)
int8_gemm_dp4a_8x4(const int* __restrict__ A /*M x K/4*/, const int* __restrict__ B /*N x K/4 (col-major packs)*/,
                    const float* __restrict__ scaleA, const float* __restrict__ scaleB, signed char* __restrict__ C,
                    int M, int N, int K4, float outScale)
{
    __shared__ int As[16][128 + 1];
    __shared__ int Bs[16][64 + 1];
    int tid = threadIdx.x;
    int tr = tid / 16, tc = tid % 16;      // 16 x 16 threads -> rows tr*8.., cols tc*4..
    int acc[8][4];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = 0;
    for (int k0 = 0; k0 < K4; k0 += 16) {
#pragma unroll
        for (int l = 0; l < 8; ++l) {
            int idx = tid + 256 * l;
            As[idx % 16][idx / 16] = A[(blockIdx.y * 128 + idx / 16) * K4 + k0 + idx % 16];
        }
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int idx = tid + 256 * l;
            Bs[idx % 16][idx / 16] = B[(blockIdx.x * 64 + idx / 16) * K4 + k0 + idx % 16];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 16; ++k) {
            int a[8], b[4];
#pragma unroll
            for (int i = 0; i < 8; ++i) a[i] = As[k][tr * 8 + i];
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = Bs[k][tc * 4 + j];
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = __dp4a(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        int r = blockIdx.y * 128 + tr * 8 + i;
        float sa = scaleA[r];
        char4 o;
        float v[4];
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int c = blockIdx.x * 64 + tc * 4 + j;
            v[j] = fminf(fmaxf(rintf(acc[i][j] * sa * scaleB[c] * outScale), -128.f), 127.f);
        }
        o.x = (signed char)v[0]; o.y = (signed char)v[1]; o.z = (signed char)v[2]; o.w = (signed char)v[3];
        *reinterpret_cast<char4*>(&C[(size_t)r * N + blockIdx.x * 64 + tc * 4]) = o;
    }
}

// W4A16 GEMV: 4-bit group-quantised weights (group 128, fp16 scale + zero), half activations,
// warp per output row, 8 nibbles per 32-bit word. Bounded at (256,6) = 40 registers, which the
// unrolled dequantisation just fits under without spilling.
extern "C" __global__ void __launch_bounds__(256, 6)
w4a16_gemv_grouped(const uint4* __restrict__ Wq /*row: K/32 uint4*/, const __half* __restrict__ scales,
                   const __half* __restrict__ zeros, const __half* __restrict__ x, __half* __restrict__ y,
                   int N, int K)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= N) return;
    const uint4* wr = Wq + (size_t)row * (K / 32);
    const uint4* x4 = reinterpret_cast<const uint4*>(x);
    float acc = 0.f;
    for (int blk = lane; blk < K / 32; blk += 32) {
        uint4 w = wr[blk];
        int g = (blk * 32) / 128;
        float s = __half2float(scales[(size_t)row * (K / 128) + g]);
        float z = __half2float(zeros[(size_t)row * (K / 128) + g]);
        unsigned ww[4] = {w.x, w.y, w.z, w.w};
#pragma unroll
        for (int q = 0; q < 4; ++q) {
            uint4 xv = x4[blk * 4 + q];
            const __half2* xh = reinterpret_cast<const __half2*>(&xv);
#pragma unroll
            for (int p = 0; p < 4; ++p) {
                float2 xf = __half22float2(xh[p]);
                float w0 = ((ww[q] >> (8 * p)) & 15u) - z;
                float w1 = ((ww[q] >> (8 * p + 4)) & 15u) - z;
                acc = fmaf(w0 * s, xf.x, acc);
                acc = fmaf(w1 * s, xf.y, acc);
            }
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (lane == 0) y[row] = __float2half(acc);
}

// Dynamic per-token symmetric int8 quantisation of fp16 activations (absmax via warp shuffles)
extern "C" __global__ void quantize_rowwise_int8(const __half2* __restrict__ x, char2* __restrict__ q,
                                                 float* __restrict__ scale, int cols2)
{
    int row = blockIdx.x;
    __shared__ float red[32];
    const __half2* xr = x + (size_t)row * cols2;
    float m = 0.f;
    for (int c = threadIdx.x; c < cols2; c += blockDim.x) {
        float2 f = __half22float2(xr[c]);
        m = fmaxf(m, fmaxf(fabsf(f.x), fabsf(f.y)));
    }
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = m;
    __syncthreads();
    if (threadIdx.x == 0) {
        float mm = 0.f;
        for (int w = 0; w < (blockDim.x >> 5); ++w) mm = fmaxf(mm, red[w]);
        red[0] = mm > 0.f ? mm / 127.f : 1.f;
        scale[row] = red[0];
    }
    __syncthreads();
    float inv = 1.f / red[0];
    for (int c = threadIdx.x; c < cols2; c += blockDim.x) {
        float2 f = __half22float2(xr[c]);
        q[(size_t)row * cols2 + c] = make_char2((signed char)__float2int_rn(f.x * inv), (signed char)__float2int_rn(f.y * inv));
    }
}
