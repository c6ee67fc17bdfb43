// 2D convolution with constant-memory filter and shared-memory halo tiles.
#include <cuda_runtime.h>

#define MAX_MASK 9
__constant__ float c_mask[MAX_MASK * MAX_MASK];

#define TILE_W 16
#define MASK_R 2
#define MASK_W (2 * MASK_R + 1)
#define SH_W (TILE_W + 2 * MASK_R)

// Each thread produces one output; block loads (TILE+2R)^2 input region.
extern "C" __global__ void conv2d_const5x5(float *out, const float *in, int width, int height)
{
    __shared__ float tile[SH_W][SH_W];
    int tx = threadIdx.x, ty = threadIdx.y;
    int ox = blockIdx.x * TILE_W + tx;
    int oy = blockIdx.y * TILE_W + ty;
    for (int i = ty; i < SH_W; i += TILE_W)
        for (int j = tx; j < SH_W; j += TILE_W) {
            int ix = blockIdx.x * TILE_W + j - MASK_R;
            int iy = blockIdx.y * TILE_W + i - MASK_R;
            tile[i][j] = (ix >= 0 && ix < width && iy >= 0 && iy < height) ? in[iy * width + ix] : 0.f;
        }
    __syncthreads();
    if (ox < width && oy < height) {
        float sum = 0.f;
#pragma unroll
        for (int i = 0; i < MASK_W; i++)
#pragma unroll
            for (int j = 0; j < MASK_W; j++)
                sum += c_mask[i * MASK_W + j] * tile[ty + i][tx + j];
        out[oy * width + ox] = sum;
    }
}

// Multi-channel RGBA (uchar4) convolution with runtime mask radius from constant memory.
extern "C" __global__ void conv2d_rgba_runtime(uchar4 *out, const uchar4 *in, int width, int height, int radius)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    int mw = 2 * radius + 1;
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int dy = -radius; dy <= radius; dy++) {
        int yy = min(max(y + dy, 0), height - 1);
        for (int dx = -radius; dx <= radius; dx++) {
            int xx = min(max(x + dx, 0), width - 1);
            uchar4 p = in[yy * width + xx];
            float w = c_mask[(dy + radius) * mw + (dx + radius)];
            acc.x += w * p.x; acc.y += w * p.y; acc.z += w * p.z; acc.w += w * p.w;
        }
    }
    out[y * width + x] = make_uchar4((unsigned char)fminf(fmaxf(acc.x, 0.f), 255.f),
                                     (unsigned char)fminf(fmaxf(acc.y, 0.f), 255.f),
                                     (unsigned char)fminf(fmaxf(acc.z, 0.f), 255.f),
                                     (unsigned char)fminf(fmaxf(acc.w, 0.f), 255.f));
}

// Register-tiled 3x3 convolution: each thread computes a column of 4 outputs,
// keeping a sliding 3x3 window in registers.
extern "C" __global__ void __launch_bounds__(128)
conv2d_3x3_regwindow(float *out, const float *__restrict__ in, int width, int height,
                     float k00, float k01, float k02, float k10, float k11, float k12,
                     float k20, float k21, float k22)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y0 = blockIdx.y * 4;
    if (x >= width) return;
    int xl = max(x - 1, 0), xr = min(x + 1, width - 1);
    float w[3][3];
    for (int r = 0; r < 2; r++) {
        int yy = min(max(y0 - 1 + r, 0), height - 1);
        w[r][0] = in[yy * width + xl];
        w[r][1] = in[yy * width + x];
        w[r][2] = in[yy * width + xr];
    }
#pragma unroll
    for (int i = 0; i < 4; i++) {
        int y = y0 + i;
        int yy = min(y + 1, height - 1);
        w[2][0] = in[yy * width + xl];
        w[2][1] = in[yy * width + x];
        w[2][2] = in[yy * width + xr];
        float s = k00 * w[0][0] + k01 * w[0][1] + k02 * w[0][2] +
                  k10 * w[1][0] + k11 * w[1][1] + k12 * w[1][2] +
                  k20 * w[2][0] + k21 * w[2][1] + k22 * w[2][2];
        if (y < height) out[y * width + x] = s;
#pragma unroll
        for (int c = 0; c < 3; c++) { w[0][c] = w[1][c]; w[1][c] = w[2][c]; }
    }
}
