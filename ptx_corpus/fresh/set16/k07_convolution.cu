// Domain: image convolution (SDK convolutionSeparable rows/columns, 2-D constant-memory filters)
#define KR 8
__constant__ float c_Kernel[2 * KR + 1];
__constant__ float c_Kernel2D[7 * 7];

// conv_rows_separable: row pass, 16x4 threads, 8 result steps per thread + halo steps in shared memory
#define ROWS_BX 16
#define ROWS_BY 4
#define ROWS_RESULT_STEPS 8
#define ROWS_HALO_STEPS 1
extern "C" __global__ void conv_rows_separable(float* __restrict__ d_Dst, const float* __restrict__ d_Src, int imageW, int imageH, int pitch)
{
    __shared__ float s_Data[ROWS_BY][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BX];
    const int baseX = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BX + threadIdx.x;
    const int baseY = blockIdx.y * ROWS_BY + threadIdx.y;
    d_Src += baseY * pitch + baseX;
    d_Dst += baseY * pitch + baseX;
#pragma unroll
    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++)
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BX] = d_Src[i * ROWS_BX];
#pragma unroll
    for (int i = 0; i < ROWS_HALO_STEPS; i++)
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BX] = (baseX >= -i * ROWS_BX) ? d_Src[i * ROWS_BX] : 0;
#pragma unroll
    for (int i = ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS + ROWS_HALO_STEPS; i++)
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BX] = (imageW - baseX > i * ROWS_BX) ? d_Src[i * ROWS_BX] : 0;
    __syncthreads();
#pragma unroll
    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
        float sum = 0;
#pragma unroll
        for (int j = -KR; j <= KR; j++) sum += c_Kernel[KR - j] * s_Data[threadIdx.y][threadIdx.x + i * ROWS_BX + j];
        d_Dst[i * ROWS_BX] = sum;
    }
}

// conv_cols_separable: column pass, 16x8 threads, 8 result steps per thread + halo in shared memory
#define COLS_BX 16
#define COLS_BY 8
#define COLS_RESULT_STEPS 8
#define COLS_HALO_STEPS 1
extern "C" __global__ void conv_cols_separable(float* __restrict__ d_Dst, const float* __restrict__ d_Src, int imageW, int imageH, int pitch)
{
    __shared__ float s_Data[COLS_BX][(COLS_RESULT_STEPS + 2 * COLS_HALO_STEPS) * COLS_BY + 1];
    const int baseX = blockIdx.x * COLS_BX + threadIdx.x;
    const int baseY = (blockIdx.y * COLS_RESULT_STEPS - COLS_HALO_STEPS) * COLS_BY + threadIdx.y;
    d_Src += baseY * pitch + baseX;
    d_Dst += baseY * pitch + baseX;
#pragma unroll
    for (int i = COLS_HALO_STEPS; i < COLS_HALO_STEPS + COLS_RESULT_STEPS; i++)
        s_Data[threadIdx.x][threadIdx.y + i * COLS_BY] = d_Src[i * COLS_BY * pitch];
#pragma unroll
    for (int i = 0; i < COLS_HALO_STEPS; i++)
        s_Data[threadIdx.x][threadIdx.y + i * COLS_BY] = (baseY >= -i * COLS_BY) ? d_Src[i * COLS_BY * pitch] : 0;
#pragma unroll
    for (int i = COLS_HALO_STEPS + COLS_RESULT_STEPS; i < COLS_HALO_STEPS + COLS_RESULT_STEPS + COLS_HALO_STEPS; i++)
        s_Data[threadIdx.x][threadIdx.y + i * COLS_BY] = (imageH - baseY > i * COLS_BY) ? d_Src[i * COLS_BY * pitch] : 0;
    __syncthreads();
#pragma unroll
    for (int i = COLS_HALO_STEPS; i < COLS_HALO_STEPS + COLS_RESULT_STEPS; i++) {
        float sum = 0;
#pragma unroll
        for (int j = -KR; j <= KR; j++) sum += c_Kernel[KR - j] * s_Data[threadIdx.x][threadIdx.y + i * COLS_BY + j];
        d_Dst[i * COLS_BY * pitch] = sum;
    }
}

// conv2d_7x7_const_clamp: direct 2-D 7x7 convolution from global memory with clamp-to-edge and constant-memory taps
extern "C" __global__ void conv2d_7x7_const_clamp(const float* __restrict__ src, float* __restrict__ dst, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float acc = 0.f;
#pragma unroll
    for (int dy = -3; dy <= 3; ++dy) {
        int yy = min(max(y + dy, 0), h - 1);
#pragma unroll
        for (int dx = -3; dx <= 3; ++dx) {
            int xx = min(max(x + dx, 0), w - 1);
            acc += c_Kernel2D[(dy + 3) * 7 + dx + 3] * __ldg(&src[yy * w + xx]);
        }
    }
    dst[y * w + x] = acc;
}

// conv2d_5x5_rgba_regwindow: 5x5 RGBA (float4) convolution; each thread produces 4 vertically adjacent pixels from an 8x5 register window
extern "C" __global__ void conv2d_5x5_rgba_regwindow(const float4* __restrict__ src, float4* __restrict__ dst,
                                                     const float* __restrict__ taps, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * 4;
    if (x >= w || y0 >= h) return;
    float t[25];
#pragma unroll
    for (int k = 0; k < 25; ++k) t[k] = taps[k];
    float4 acc[4];
#pragma unroll
    for (int o = 0; o < 4; ++o) acc[o] = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int r = 0; r < 8; ++r) {
        int yy = min(max(y0 + r - 2, 0), h - 1);
        float4 row[5];
#pragma unroll
        for (int dx = 0; dx < 5; ++dx) row[dx] = src[yy * w + min(max(x + dx - 2, 0), w - 1)];
#pragma unroll
        for (int o = 0; o < 4; ++o) {
            int ky = r - o;
            if (ky >= 0 && ky < 5) {
#pragma unroll
                for (int dx = 0; dx < 5; ++dx) {
                    float c = t[ky * 5 + dx];
                    acc[o].x += c * row[dx].x; acc[o].y += c * row[dx].y;
                    acc[o].z += c * row[dx].z; acc[o].w += c * row[dx].w;
                }
            }
        }
    }
#pragma unroll
    for (int o = 0; o < 4; ++o) if (y0 + o < h) dst[(y0 + o) * w + x] = acc[o];
}
