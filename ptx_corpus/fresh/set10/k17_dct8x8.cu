// 8x8 DCT (SDK dct8x8 style): shared-memory block DCT, per-thread row/column butterflies,
// and quantization.
#include <cuda_runtime.h>

#define BLOCK_SIZE 8
#define BLOCK_SIZE2 64
#define KERS_BLOCK_X 32
#define KERS_BLOCK_Y 16
#define KERS_SMEMBLOCK_STRIDE (KERS_BLOCK_X + 2)

#define C_a 1.387039845322148f
#define C_b 1.306562964876377f
#define C_c 1.175875602419359f
#define C_d 0.785694958387102f
#define C_e 0.541196100146197f
#define C_f 0.275899379282943f
#define C_norm 0.3535533905932737f

__constant__ float DCTv8matrix[BLOCK_SIZE2];

__device__ void InplaceDCTvector(float *Vect0, int Step)
{
    float *Vect1 = Vect0 + Step, *Vect2 = Vect1 + Step, *Vect3 = Vect2 + Step;
    float *Vect4 = Vect3 + Step, *Vect5 = Vect4 + Step, *Vect6 = Vect5 + Step, *Vect7 = Vect6 + Step;
    float X07P = (*Vect0) + (*Vect7);
    float X16P = (*Vect1) + (*Vect6);
    float X25P = (*Vect2) + (*Vect5);
    float X34P = (*Vect3) + (*Vect4);
    float X07M = (*Vect0) - (*Vect7);
    float X61M = (*Vect6) - (*Vect1);
    float X25M = (*Vect2) - (*Vect5);
    float X43M = (*Vect4) - (*Vect3);
    float X07P34PP = X07P + X34P;
    float X07P34PM = X07P - X34P;
    float X16P25PP = X16P + X25P;
    float X16P25PM = X16P - X25P;
    (*Vect0) = C_norm * (X07P34PP + X16P25PP);
    (*Vect2) = C_norm * (C_b * X07P34PM + C_e * X16P25PM);
    (*Vect4) = C_norm * (X07P34PP - X16P25PP);
    (*Vect6) = C_norm * (C_e * X07P34PM - C_b * X16P25PM);
    (*Vect1) = C_norm * (C_a * X07M - C_c * X61M + C_d * X25M - C_f * X43M);
    (*Vect3) = C_norm * (C_c * X07M + C_f * X61M - C_a * X25M + C_d * X43M);
    (*Vect5) = C_norm * (C_d * X07M + C_a * X61M + C_f * X25M - C_c * X43M);
    (*Vect7) = C_norm * (C_f * X07M + C_d * X61M + C_c * X25M + C_a * X43M);
}

extern "C" __global__ void CUDAkernel2DCT(float *dst, const float *src, int ImgStride)
{
    __shared__ float block[KERS_BLOCK_Y * KERS_SMEMBLOCK_STRIDE];
    int OffsThreadInRow = threadIdx.y * BLOCK_SIZE + threadIdx.x;
    int OffsThreadInCol = threadIdx.z * BLOCK_SIZE;
    src += ((blockIdx.y * KERS_BLOCK_Y) + OffsThreadInCol) * ImgStride + blockIdx.x * KERS_BLOCK_X + OffsThreadInRow;
    dst += ((blockIdx.y * KERS_BLOCK_Y) + OffsThreadInCol) * ImgStride + blockIdx.x * KERS_BLOCK_X + OffsThreadInRow;
    float *bl_ptr = block + OffsThreadInCol * KERS_SMEMBLOCK_STRIDE + OffsThreadInRow;
#pragma unroll
    for (unsigned int i = 0; i < BLOCK_SIZE; i++) bl_ptr[i * KERS_SMEMBLOCK_STRIDE] = src[i * ImgStride];
    __syncthreads();
    InplaceDCTvector(block + (OffsThreadInCol + threadIdx.x) * KERS_SMEMBLOCK_STRIDE + OffsThreadInRow - threadIdx.x, 1);
    __syncthreads();
    InplaceDCTvector(bl_ptr, KERS_SMEMBLOCK_STRIDE);
    __syncthreads();
    for (unsigned int i = 0; i < BLOCK_SIZE; i++) dst[i * ImgStride] = bl_ptr[i * KERS_SMEMBLOCK_STRIDE];
}

// Matrix-form DCT: each 8x8 thread block computes C * X * C^T using constant-memory basis.
extern "C" __global__ void CUDAkernel1DCT(float *Dst, int ImgWidth, int OffsetXBlocks, int OffsetYBlocks, const float *Src)
{
    int bx = blockIdx.x + OffsetXBlocks, by = blockIdx.y + OffsetYBlocks;
    int tx = threadIdx.x, ty = threadIdx.y;
    __shared__ float CurBlockLocal1[BLOCK_SIZE2];
    __shared__ float CurBlockLocal2[BLOCK_SIZE2];
    CurBlockLocal1[(ty << 3) + tx] = Src[(by * 8 + ty) * ImgWidth + bx * 8 + tx];
    __syncthreads();
    float curelem = 0;
    int DCTv8matrixIndex = 0 * BLOCK_SIZE + ty;
    int CurBlockLocal1Index = 0 * BLOCK_SIZE + tx;
#pragma unroll
    for (int i = 0; i < BLOCK_SIZE; i++) {
        curelem += DCTv8matrix[DCTv8matrixIndex] * CurBlockLocal1[CurBlockLocal1Index];
        DCTv8matrixIndex += BLOCK_SIZE;
        CurBlockLocal1Index += BLOCK_SIZE;
    }
    CurBlockLocal2[(ty << 3) + tx] = curelem;
    __syncthreads();
    curelem = 0;
    int CurBlockLocal2Index = (ty << 3) + 0;
    DCTv8matrixIndex = 0 * BLOCK_SIZE + tx;
#pragma unroll
    for (int i = 0; i < BLOCK_SIZE; i++) {
        curelem += CurBlockLocal2[CurBlockLocal2Index] * DCTv8matrix[DCTv8matrixIndex];
        CurBlockLocal2Index += 1;
        DCTv8matrixIndex += BLOCK_SIZE;
    }
    Dst[(by * 8 + ty) * ImgWidth + bx * 8 + tx] = curelem;
}

// Per-thread full 8x8 DCT + quantization kept in registers (one 8x8 block per thread).
__constant__ short Q[BLOCK_SIZE2];

extern "C" __global__ void dct8x8_quantize_perthread(short *coeffs, const unsigned char *img, int width, int blocksX, int nblocks)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    int bx = b % blocksX, by = b / blocksX;
    float m[8][8];
#pragma unroll
    for (int y = 0; y < 8; y++)
#pragma unroll
        for (int x = 0; x < 8; x++)
            m[y][x] = (float)img[(by * 8 + y) * width + bx * 8 + x] - 128.f;
#pragma unroll
    for (int y = 0; y < 8; y++) InplaceDCTvector(&m[y][0], 1);
#pragma unroll
    for (int x = 0; x < 8; x++) InplaceDCTvector(&m[0][x], 8);
    short *out = coeffs + (size_t)b * 64;
#pragma unroll
    for (int i = 0; i < 64; i++) {
        float q = (float)Q[i];
        out[i] = (short)__float2int_rn(m[i / 8][i % 8] / q);
    }
}
