// Direct 2-D convolution: 5x5 and 7x7 filters in constant memory over shared tiles, and a multi-channel 3x3 CNN layer with register accumulators.
#include <cuda_runtime.h>

#define TILE_W 16
#define TILE_H 16

__constant__ float c_filter5[5 * 5];
__constant__ float c_filter7[7 * 7];
__constant__ float c_weights3x3[8 * 16 * 9];   // [cout][cin][3x3], up to 8 out channels per block pass
__constant__ float c_bias[64];

extern "C" __global__ void conv2d_5x5_shared(const float* __restrict__ in, float* __restrict__ out,
                                             int width, int height)
{
    const int R = 2;
    __shared__ float tile[TILE_H + 2 * R][TILE_W + 2 * R];
    int tx = threadIdx.x, ty = threadIdx.y;
    int ox = blockIdx.x * TILE_W + tx;
    int oy = blockIdx.y * TILE_H + ty;

    // cooperative load of (TILE+2R)^2 elements with clamp-to-edge
    for (int i = ty * TILE_W + tx; i < (TILE_H + 2 * R) * (TILE_W + 2 * R); i += TILE_W * TILE_H) {
        int ly = i / (TILE_W + 2 * R), lx = i % (TILE_W + 2 * R);
        int gx = min(max((int)(blockIdx.x * TILE_W) + lx - R, 0), width - 1);
        int gy = min(max((int)(blockIdx.y * TILE_H) + ly - R, 0), height - 1);
        tile[ly][lx] = in[gy * width + gx];
    }
    __syncthreads();
    if (ox >= width || oy >= height) return;

    float sum = 0.f;
#pragma unroll
    for (int fy = 0; fy < 5; ++fy)
#pragma unroll
        for (int fx = 0; fx < 5; ++fx)
            sum += c_filter5[fy * 5 + fx] * tile[ty + fy][tx + fx];
    out[oy * width + ox] = sum;
}

// 7x7 filter; each thread produces 4 vertically adjacent outputs, reusing rows held in registers.
extern "C" __global__ void __launch_bounds__(128)
conv2d_7x7_4rows(const float* __restrict__ in, float* __restrict__ out, int width, int height)
{
    const int R = 3;
    const int OUT_H = 4 * 8;           // 8 thread rows x 4 outputs
    __shared__ float tile[OUT_H + 2 * R][16 + 2 * R];
    int tx = threadIdx.x, ty = threadIdx.y;   // 16 x 8
    int bx = blockIdx.x * 16, by = blockIdx.y * OUT_H;

    for (int i = ty * 16 + tx; i < (OUT_H + 2 * R) * (16 + 2 * R); i += 128) {
        int ly = i / (16 + 2 * R), lx = i % (16 + 2 * R);
        int gx = bx + lx - R, gy = by + ly - R;
        tile[ly][lx] = (gx >= 0 && gx < width && gy >= 0 && gy < height) ? in[gy * width + gx] : 0.f;
    }
    __syncthreads();

    float acc[4] = {0.f, 0.f, 0.f, 0.f};
    int ly0 = ty * 4;
#pragma unroll
    for (int r = 0; r < 4 + 2 * R; ++r) {
        float row[7];
#pragma unroll
        for (int fx = 0; fx < 7; ++fx) row[fx] = tile[ly0 + r][tx + fx];
#pragma unroll
        for (int o = 0; o < 4; ++o) {
            int fy = r - o;
            if (fy >= 0 && fy < 7) {
#pragma unroll
                for (int fx = 0; fx < 7; ++fx) acc[o] = fmaf(c_filter7[fy * 7 + fx], row[fx], acc[o]);
            }
        }
    }
    int ox = bx + tx;
#pragma unroll
    for (int o = 0; o < 4; ++o) {
        int oy = by + ly0 + o;
        if (ox < width && oy < height) out[oy * width + ox] = acc[o];
    }
}

// NCHW 3x3 convolution, stride 1, pad 1, Cin <= 16; each thread computes 8 output channels of one pixel.
extern "C" __global__ void conv2d_3x3_mc_relu(const float* __restrict__ in, float* __restrict__ out,
                                              int N, int Cin, int H, int W, int Cout, int coutBase)
{
    __shared__ float tile[16][18 * 18];
    int tx = threadIdx.x, ty = threadIdx.y;   // 16x16
    int n = blockIdx.z;
    int x0 = blockIdx.x * 16, y0 = blockIdx.y * 16;
    const float* inN = in + (size_t)n * Cin * H * W;

    for (int c = 0; c < Cin; ++c) {
        for (int i = ty * 16 + tx; i < 18 * 18; i += 256) {
            int ly = i / 18, lx = i % 18;
            int gx = x0 + lx - 1, gy = y0 + ly - 1;
            tile[c][i] = (gx >= 0 && gx < W && gy >= 0 && gy < H) ? inN[((size_t)c * H + gy) * W + gx] : 0.f;
        }
    }
    __syncthreads();

    float acc[8];
#pragma unroll
    for (int o = 0; o < 8; ++o) acc[o] = c_bias[coutBase + o];

    for (int c = 0; c < Cin; ++c) {
        float v[9];
#pragma unroll
        for (int k = 0; k < 9; ++k) v[k] = tile[c][(ty + k / 3) * 18 + tx + k % 3];
#pragma unroll
        for (int o = 0; o < 8; ++o)
#pragma unroll
            for (int k = 0; k < 9; ++k)
                acc[o] = fmaf(c_weights3x3[(o * 16 + c) * 9 + k], v[k], acc[o]);
    }
    int x = x0 + tx, y = y0 + ty;
    if (x < W && y < H) {
#pragma unroll
        for (int o = 0; o < 8; ++o) {
            int co = coutBase + o;
            if (co < Cout)
                out[(((size_t)n * Cout + co) * H + y) * W + x] = fmaxf(acc[o], 0.f);
        }
    }
}
