// 8x8 DCT-II / DCT-III for JPEG-style codecs: shared-memory block transforms, a fully register-resident butterfly version, and quantization.
#include <cuda_runtime.h>

#define BLOCK_SIZE 8
#define C_a 1.387039845322148f   // sqrt(2) * cos(1*pi/16)
#define C_b 1.306562964876377f   // sqrt(2) * cos(2*pi/16)
#define C_c 1.175875602419359f
#define C_d 0.785694958387102f
#define C_e 0.541196100146197f
#define C_f 0.275899379282943f
#define C_norm 0.3535533905932737f   // 1/sqrt(8)

__constant__ float c_DCTmatrix[64];      // row k: C(k) cos((2n+1)k pi / 16)
__constant__ unsigned short c_Q[64];     // quantization table

// Each 8x8 thread block transforms one 8x8 image block: out = D * X * D^T.
extern "C" __global__ void dct8x8_forward_matrix(const float* __restrict__ src, float* __restrict__ dst, int stride)
{
    __shared__ float blk[BLOCK_SIZE][BLOCK_SIZE + 1];
    __shared__ float tmp[BLOCK_SIZE][BLOCK_SIZE + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * BLOCK_SIZE + tx;
    int y = blockIdx.y * BLOCK_SIZE + ty;

    blk[ty][tx] = src[y * stride + x] - 128.f;
    __syncthreads();

    float s = 0.f;
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) s += c_DCTmatrix[ty * 8 + k] * blk[k][tx];
    tmp[ty][tx] = s;
    __syncthreads();

    s = 0.f;
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) s += tmp[ty][k] * c_DCTmatrix[tx * 8 + k];
    dst[y * stride + x] = s;
}

// In-register 1-D scaled DCT of 8 values (AAN-like butterfly as in the SDK dct8x8 "short" path).
__device__ __forceinline__ void dct8_vector(float* v)
{
    float X07P = v[0] + v[7], X16P = v[1] + v[6], X25P = v[2] + v[5], X34P = v[3] + v[4];
    float X07M = v[0] - v[7], X61M = v[6] - v[1], X25M = v[2] - v[5], X43M = v[4] - v[3];
    float X07P34PP = X07P + X34P, X07P34PM = X07P - X34P;
    float X16P25PP = X16P + X25P, X16P25PM = X16P - X25P;
    v[0] = C_norm * (X07P34PP + X16P25PP);
    v[2] = C_norm * (C_b * X07P34PM + C_e * X16P25PM);
    v[4] = C_norm * (X07P34PP - X16P25PP);
    v[6] = C_norm * (C_e * X07P34PM - C_b * X16P25PM);
    v[1] = C_norm * (C_a * X07M - C_c * X61M + C_d * X25M - C_f * X43M);
    v[3] = C_norm * (C_c * X07M + C_f * X61M - C_a * X25M + C_d * X43M);
    v[5] = C_norm * (C_d * X07M + C_a * X61M + C_f * X25M - C_c * X43M);
    v[7] = C_norm * (C_f * X07M + C_d * X61M + C_c * X25M + C_a * X43M);
}

__device__ __forceinline__ void idct8_vector(float* v)
{
    float Y04P = v[0] + v[4], Y2b6eP = C_b * v[2] + C_e * v[6];
    float Y04P2b6ePP = Y04P + Y2b6eP, Y04P2b6ePM = Y04P - Y2b6eP;
    float Y7f1aP3c5dPP = C_f * v[7] + C_a * v[1] + C_c * v[3] + C_d * v[5];
    float Y7a1fM3d5cMP = C_a * v[7] - C_f * v[1] + C_d * v[3] - C_c * v[5];
    float Y04M = v[0] - v[4], Y2e6bM = C_e * v[2] - C_b * v[6];
    float Y04M2e6bMP = Y04M + Y2e6bM, Y04M2e6bMM = Y04M - Y2e6bM;
    float Y1c7dM3f5aPM = C_c * v[1] - C_d * v[7] - C_f * v[3] - C_a * v[5];
    float Y1d7cP3a5fMM = C_d * v[1] + C_c * v[7] - C_a * v[3] + C_f * v[5];
    v[0] = C_norm * (Y04P2b6ePP + Y7f1aP3c5dPP);
    v[7] = C_norm * (Y04P2b6ePP - Y7f1aP3c5dPP);
    v[4] = C_norm * (Y04P2b6ePM + Y7a1fM3d5cMP);
    v[3] = C_norm * (Y04P2b6ePM - Y7a1fM3d5cMP);
    v[1] = C_norm * (Y04M2e6bMP + Y1c7dM3f5aPM);
    v[5] = C_norm * (Y04M2e6bMM - Y1d7cP3a5fMM);
    v[2] = C_norm * (Y04M2e6bMM + Y1d7cP3a5fMM);
    v[6] = C_norm * (Y04M2e6bMP - Y1c7dM3f5aPM);
}

// 8 threads per 8x8 block: each thread does one row pass then one column pass in registers.
// blockDim = (8, 16): 16 image blocks per CUDA block.
extern "C" __global__ void dct8x8_rows_cols_regs(const float* __restrict__ src, float* __restrict__ dst,
                                                 int width, int height, int inverse)
{
    __shared__ float tile[16][8][9];
    int lane = threadIdx.x;            // row / column within the 8x8 block
    int b = threadIdx.y;
    int blocksPerRow = width / 8;
    int gb = blockIdx.x * 16 + b;
    int bx = (gb % blocksPerRow) * 8, by = (gb / blocksPerRow) * 8;
    bool ok = by < height;

    float v[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) v[i] = ok ? src[(by + lane) * width + bx + i] : 0.f;
    if (inverse) idct8_vector(v); else dct8_vector(v);
#pragma unroll
    for (int i = 0; i < 8; ++i) tile[b][lane][i] = v[i];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 8; ++i) v[i] = tile[b][i][lane];
    if (inverse) idct8_vector(v); else dct8_vector(v);
    if (ok) {
#pragma unroll
        for (int i = 0; i < 8; ++i) dst[(by + i) * width + bx + lane] = v[i];
    }
}

// Quantize / dequantize DCT coefficients in place with rounding, one coefficient per thread.
extern "C" __global__ void quantize8x8(float* __restrict__ coeffs, int width, int height, float quality_scale)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    int q = c_Q[(y & 7) * 8 + (x & 7)];
    float step = fmaxf(1.f, (float)q * quality_scale);
    float c = coeffs[y * width + x];
    coeffs[y * width + x] = rintf(c / step) * step;
}
