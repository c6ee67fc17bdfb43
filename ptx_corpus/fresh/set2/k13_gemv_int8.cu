#include <cuda_fp16.h>
#include <cstdint>
extern "C" __global__ void __launch_bounds__(256) gemv_w8a16_warp_per_row(const int8_t* __restrict__ W,
    const __half* __restrict__ scales, const __half* __restrict__ x, __half* __restrict__ y,
    const __half* __restrict__ bias, int rows, int cols, int groupSize)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (warp >= rows) return;
    const int4* wrow = reinterpret_cast<const int4*>(W + (size_t)warp * cols);
    float acc = 0.f;
    int nvec = cols / 16;
    for (int v = lane; v < nvec; v += 32) {
        int4 pk = __ldg(&wrow[v]);
        int col0 = v * 16;
        float s = __half2float(scales[(size_t)warp * (cols / groupSize) + col0 / groupSize]);
        const int8_t* b = reinterpret_cast<const int8_t*>(&pk);
        const __half2* xv = reinterpret_cast<const __half2*>(x + col0);
        float part = 0.f;
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            float2 xf = __half22float2(xv[k]);
            part += (float)b[2 * k] * xf.x + (float)b[2 * k + 1] * xf.y;
        }
        acc += part * s;
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (lane == 0) y[warp] = __float2half(acc + (bias ? __half2float(bias[warp]) : 0.f));
}

extern "C" __global__ void gemv_int8_dp4a(const int8_t* __restrict__ W, const int8_t* __restrict__ xq,
    const float* __restrict__ wscale, float xscale, float* __restrict__ y, int rows, int cols)
{
    int row = blockIdx.x * blockDim.y + threadIdx.y;
    if (row >= rows) return;
    const int* w4 = reinterpret_cast<const int*>(W + (size_t)row * cols);
    const int* x4 = reinterpret_cast<const int*>(xq);
    int acc = 0;
#pragma unroll 8
    for (int k = threadIdx.x; k < cols / 4; k += blockDim.x)
        acc = __dp4a(__ldg(&w4[k]), __ldg(&x4[k]), acc);
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
    if (threadIdx.x == 0) y[row] = acc * wscale[row] * xscale;
}

// small-batch GEMM (batch 4) with int8 weights: each warp computes 4 rows x 4 tokens
extern "C" __global__ void gemm_w8_batch4_rows4(const int8_t* __restrict__ W, const float* __restrict__ wscale,
    const float* __restrict__ X, float* __restrict__ Y, int rows, int cols)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    int r0 = warp * 4;
    if (r0 >= rows) return;
    float acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int b = 0; b < 4; ++b) acc[i][b] = 0.f;
    for (int c = lane * 4; c < cols; c += 128) {
        float xb[4][4];
#pragma unroll
        for (int b = 0; b < 4; ++b) {
            float4 v = *reinterpret_cast<const float4*>(X + (size_t)b * cols + c);
            xb[b][0] = v.x; xb[b][1] = v.y; xb[b][2] = v.z; xb[b][3] = v.w;
        }
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            char4 wv = __ldg(reinterpret_cast<const char4*>(W + (size_t)(r0 + i) * cols + c));
            float w0 = wv.x, w1 = wv.y, w2 = wv.z, w3 = wv.w;
#pragma unroll
            for (int b = 0; b < 4; ++b) acc[i][b] += w0 * xb[b][0] + w1 * xb[b][1] + w2 * xb[b][2] + w3 * xb[b][3];
        }
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int b = 0; b < 4; ++b) {
            float v = acc[i][b];
#pragma unroll
            for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
            acc[i][b] = v;
        }
    if (lane < 16) {
        int i = lane >> 2, b = lane & 3;
        float v = 0.f;
#pragma unroll
        for (int ii = 0; ii < 4; ++ii)
#pragma unroll
            for (int bb = 0; bb < 4; ++bb) if (ii == i && bb == b) v = acc[ii][bb];
        if (r0 + i < rows) Y[(size_t)b * rows + r0 + i] = v * wscale[r0 + i];
    }
}
