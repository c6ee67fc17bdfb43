// Separable convolution, row pass (after CUDA SDK convolutionRowsKernel), with the
// block barrier replaced by __syncwarp(): with a 16x4 block, warp w holds tile rows
// 2w and 2w+1, so a warp barrier is enough as long as every thread loads its own row.
// Launch (both kernels): blockDim = (16, 4) = 2 warps,
// gridDim = (W/(ROWS_RESULT_STEPS*16), H/4) = (8, 256), W = H = pitch = 1024.
#define KERNEL_RADIUS 8
#define ROWS_BLOCKDIM_X 16
#define ROWS_BLOCKDIM_Y 4
#define ROWS_RESULT_STEPS 8
#define ROWS_HALO_STEPS 1
#define ROW_LEN ((ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X)   // 160

__constant__ float c_Kernel[2 * KERNEL_RADIUS + 1];

// Variant: "coalesced" cooperative load by linear thread index over the whole 4x160 tile.
extern "C" __global__ void conv_rows_race(float* d_Dst, const float* d_Src, int imageW, int imageH, int pitch)
{
    __shared__ float s_Data[ROWS_BLOCKDIM_Y][ROW_LEN];
    const int tid = threadIdx.y * ROWS_BLOCKDIM_X + threadIdx.x;
    const int tileX0 = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X;
    const int tileY0 = blockIdx.y * ROWS_BLOCKDIM_Y;

    for (int e = tid; e < ROWS_BLOCKDIM_Y * ROW_LEN; e += ROWS_BLOCKDIM_X * ROWS_BLOCKDIM_Y) {
        int r = e / ROW_LEN, c = e % ROW_LEN;
        int gx = tileX0 + c;
        s_Data[r][c] = (gx >= 0 && gx < imageW) ? d_Src[(tileY0 + r) * pitch + gx] : 0.0f;
    }
    __syncwarp();

    const int baseX = tileX0 + threadIdx.x;
    const int baseY = tileY0 + threadIdx.y;
#pragma unroll
    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
        float sum = 0;
#pragma unroll
        for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
            sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X + j];
        d_Dst[baseY * pitch + baseX + i * ROWS_BLOCKDIM_X] = sum;
    }
}

// Variant: every thread loads elements of its own row only (SDK load pattern).
extern "C" __global__ void conv_rows_ok(float* d_Dst, const float* d_Src, int imageW, int imageH, int pitch)
{
    __shared__ float s_Data[ROWS_BLOCKDIM_Y][ROW_LEN];
    const int tileX0 = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X;
    const int tileY0 = blockIdx.y * ROWS_BLOCKDIM_Y;
    const int baseX = tileX0 + threadIdx.x;
    const int baseY = tileY0 + threadIdx.y;
    const float* src = d_Src + baseY * pitch + baseX;

#pragma unroll
    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++)
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = src[i * ROWS_BLOCKDIM_X];
#pragma unroll
    for (int i = 0; i < ROWS_HALO_STEPS; i++)
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] =
            (baseX >= -i * ROWS_BLOCKDIM_X) ? src[i * ROWS_BLOCKDIM_X] : 0;
#pragma unroll
    for (int i = ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS + ROWS_HALO_STEPS; i++)
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] =
            (imageW - baseX > i * ROWS_BLOCKDIM_X) ? src[i * ROWS_BLOCKDIM_X] : 0;
    __syncwarp();     // row threadIdx.y is written and read only by the warp that owns it

#pragma unroll
    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
        float sum = 0;
#pragma unroll
        for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
            sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X + j];
        d_Dst[baseY * pitch + baseX + i * ROWS_BLOCKDIM_X] = sum;
    }
}
