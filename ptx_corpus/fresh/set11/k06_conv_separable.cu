// Separable convolution (row and column passes) with the filter in constant memory and apron tiles in shared memory, after the SDK convolutionSeparable sample.
#include <cuda_runtime.h>

#define KERNEL_RADIUS 8
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)

__constant__ float c_Kernel[KERNEL_LENGTH];
__constant__ double c_KernelD[KERNEL_LENGTH];

#define ROWS_BLOCKDIM_X 16
#define ROWS_BLOCKDIM_Y 4
#define ROWS_RESULT_STEPS 8
#define ROWS_HALO_STEPS 1

extern "C" __global__ void convolutionRows(float* __restrict__ d_Dst, const float* __restrict__ d_Src,
                                           int imageW, int imageH, int pitch)
{
    __shared__ float s_Data[ROWS_BLOCKDIM_Y][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X];

    const int baseX = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X + threadIdx.x;
    const int baseY = blockIdx.y * ROWS_BLOCKDIM_Y + threadIdx.y;
    const bool rowOk = baseY < imageH;

    d_Src += baseY * pitch + baseX;
    d_Dst += baseY * pitch + baseX;

#pragma unroll
    for (int i = 0; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS + ROWS_HALO_STEPS; ++i) {
        int x = baseX + i * ROWS_BLOCKDIM_X;
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] =
            (rowOk && x >= 0 && x < imageW) ? d_Src[i * ROWS_BLOCKDIM_X] : 0.f;
    }
    __syncthreads();

#pragma unroll
    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; ++i) {
        float sum = 0.f;
#pragma unroll
        for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; ++j)
            sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X + j];
        if (rowOk && baseX + i * ROWS_BLOCKDIM_X < imageW)
            d_Dst[i * ROWS_BLOCKDIM_X] = sum;
    }
}

#define COLUMNS_BLOCKDIM_X 16
#define COLUMNS_BLOCKDIM_Y 8
#define COLUMNS_RESULT_STEPS 8
#define COLUMNS_HALO_STEPS 1

extern "C" __global__ void convolutionColumns(float* __restrict__ d_Dst, const float* __restrict__ d_Src,
                                              int imageW, int imageH, int pitch)
{
    __shared__ float s_Data[COLUMNS_BLOCKDIM_X][(COLUMNS_RESULT_STEPS + 2 * COLUMNS_HALO_STEPS) * COLUMNS_BLOCKDIM_Y + 1];

    const int baseX = blockIdx.x * COLUMNS_BLOCKDIM_X + threadIdx.x;
    const int baseY = (blockIdx.y * COLUMNS_RESULT_STEPS - COLUMNS_HALO_STEPS) * COLUMNS_BLOCKDIM_Y + threadIdx.y;
    const bool colOk = baseX < imageW;

#pragma unroll
    for (int i = 0; i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS + COLUMNS_HALO_STEPS; ++i) {
        int y = baseY + i * COLUMNS_BLOCKDIM_Y;
        s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] =
            (colOk && y >= 0 && y < imageH) ? d_Src[y * pitch + baseX] : 0.f;
    }
    __syncthreads();

#pragma unroll
    for (int i = COLUMNS_HALO_STEPS; i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS; ++i) {
        float sum = 0.f;
#pragma unroll
        for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; ++j)
            sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y + j];
        int y = baseY + i * COLUMNS_BLOCKDIM_Y;
        if (colOk && y < imageH)
            d_Dst[y * pitch + baseX] = sum;
    }
}

// Double-precision row pass, one output per thread, halo loaded cooperatively.
extern "C" __global__ void convolutionRowsDouble(double* __restrict__ dst, const double* __restrict__ src,
                                                 int w, int h)
{
    __shared__ double tile[8][32 + 2 * KERNEL_RADIUS];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 8 + threadIdx.y;
    int yy = min(y, h - 1);
    const double* row = src + (size_t)yy * w;

    for (int i = threadIdx.x; i < 32 + 2 * KERNEL_RADIUS; i += 32) {
        int gx = blockIdx.x * 32 + i - KERNEL_RADIUS;
        gx = max(0, min(gx, w - 1));     // clamp-to-edge
        tile[threadIdx.y][i] = row[gx];
    }
    __syncthreads();
    if (x >= w || y >= h) return;
    double s = 0.0;
#pragma unroll
    for (int j = 0; j < KERNEL_LENGTH; ++j)
        s = fma(c_KernelD[j], tile[threadIdx.y][threadIdx.x + j], s);
    dst[(size_t)y * w + x] = s;
}
