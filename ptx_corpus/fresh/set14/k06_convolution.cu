// Domain: image/signal convolution (SDK convolutionSeparable / 2D convolution style)
// conv_rows_sep     - separable row pass, radius 8 filter in __constant__, shared row tile with halo
// conv_cols_sep     - separable column pass, 16 rows per thread-column tile, unrolled taps
// conv2d_5x5_tile   - general 2D 5x5 convolution, shared tile with 2-pixel halo, nested unrolled taps
// conv1d_runtime_k  - 1D convolution with runtime filter length from global memory, no shared memory

#define KR 8
#define KW (2 * KR + 1)
__constant__ float c_kernel[KW];
__constant__ float c_k5[25];

#define ROW_BX 16
#define ROW_BY 4
#define ROW_STEPS 8
#define ROW_HALO 1

extern "C" __global__ void conv_rows_sep(float *__restrict__ dst, const float *__restrict__ src,
                                         int w, int h, int pitch)
{
    __shared__ float s[ROW_BY][(ROW_STEPS + 2 * ROW_HALO) * ROW_BX];
    int bx = (blockIdx.x * ROW_STEPS - ROW_HALO) * ROW_BX + threadIdx.x;
    int by = blockIdx.y * ROW_BY + threadIdx.y;
    src += by * pitch + bx;
    dst += by * pitch + bx;
#pragma unroll
    for (int i = ROW_HALO; i < ROW_HALO + ROW_STEPS; ++i)
        s[threadIdx.y][threadIdx.x + i * ROW_BX] = src[i * ROW_BX];
#pragma unroll
    for (int i = 0; i < ROW_HALO; ++i)
        s[threadIdx.y][threadIdx.x + i * ROW_BX] = (bx >= -i * ROW_BX) ? src[i * ROW_BX] : 0.f;
#pragma unroll
    for (int i = ROW_HALO + ROW_STEPS; i < ROW_HALO + ROW_STEPS + ROW_HALO; ++i)
        s[threadIdx.y][threadIdx.x + i * ROW_BX] = (w - bx > i * ROW_BX) ? src[i * ROW_BX] : 0.f;
    __syncthreads();
#pragma unroll
    for (int i = ROW_HALO; i < ROW_HALO + ROW_STEPS; ++i) {
        float sum = 0.f;
#pragma unroll
        for (int j = -KR; j <= KR; ++j)
            sum += c_kernel[KR - j] * s[threadIdx.y][threadIdx.x + i * ROW_BX + j];
        dst[i * ROW_BX] = sum;
    }
}

#define COL_BX 16
#define COL_BY 8
#define COL_STEPS 8
#define COL_HALO 1

extern "C" __global__ void conv_cols_sep(float *__restrict__ dst, const float *__restrict__ src,
                                         int w, int h, int pitch)
{
    __shared__ float s[COL_BX][(COL_STEPS + 2 * COL_HALO) * COL_BY + 1];
    int bx = blockIdx.x * COL_BX + threadIdx.x;
    int by = (blockIdx.y * COL_STEPS - COL_HALO) * COL_BY + threadIdx.y;
    src += by * pitch + bx;
    dst += by * pitch + bx;
#pragma unroll
    for (int i = COL_HALO; i < COL_HALO + COL_STEPS; ++i)
        s[threadIdx.x][threadIdx.y + i * COL_BY] = src[i * COL_BY * pitch];
#pragma unroll
    for (int i = 0; i < COL_HALO; ++i)
        s[threadIdx.x][threadIdx.y + i * COL_BY] = (by >= -i * COL_BY) ? src[i * COL_BY * pitch] : 0.f;
#pragma unroll
    for (int i = COL_HALO + COL_STEPS; i < COL_HALO + COL_STEPS + COL_HALO; ++i)
        s[threadIdx.x][threadIdx.y + i * COL_BY] = (h - by > i * COL_BY) ? src[i * COL_BY * pitch] : 0.f;
    __syncthreads();
#pragma unroll
    for (int i = COL_HALO; i < COL_HALO + COL_STEPS; ++i) {
        float sum = 0.f;
#pragma unroll
        for (int j = -KR; j <= KR; ++j)
            sum += c_kernel[KR - j] * s[threadIdx.x][threadIdx.y + i * COL_BY + j];
        dst[i * COL_BY * pitch] = sum;
    }
}

extern "C" __global__ void conv2d_5x5_tile(const float *in, float *out, int w, int h)
{
    __shared__ float s[16 + 4][16 + 4];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x0 = blockIdx.x * 16 - 2, y0 = blockIdx.y * 16 - 2;
    for (int yy = ty; yy < 20; yy += 16)
        for (int xx = tx; xx < 20; xx += 16) {
            int gx = x0 + xx, gy = y0 + yy;
            s[yy][xx] = (gx >= 0 && gx < w && gy >= 0 && gy < h) ? in[gy * w + gx] : 0.f;
        }
    __syncthreads();
    int gx = blockIdx.x * 16 + tx, gy = blockIdx.y * 16 + ty;
    if (gx >= w || gy >= h) return;
    float acc = 0.f;
#pragma unroll
    for (int i = 0; i < 5; ++i)
#pragma unroll
        for (int j = 0; j < 5; ++j)
            acc += c_k5[i * 5 + j] * s[ty + i][tx + j];
    out[gy * w + gx] = acc;
}

extern "C" __global__ void conv1d_runtime_k(const float *x, const float *filt, float *y, int n, int klen)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int half = klen / 2;
    float acc = 0.f;
    for (int k = 0; k < klen; ++k) {
        int j = i + k - half;
        if (j >= 0 && j < n) acc += filt[k] * x[j];
    }
    y[i] = acc;
}
