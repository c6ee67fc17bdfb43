// Winograd F(4x4, 3x3) convolution transforms and fused per-tile element-wise stage.
#include <cuda_runtime.h>

// Input transform B^T d B for 6x6 tiles; writes 36 transformed planes [36][C][tiles].
extern "C" __global__ void winograd_input_transform(const float* __restrict__ in, float* __restrict__ V,
                                                    int C, int H, int W, int tiles_x, int tiles_y)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int c = blockIdx.y;
    int n_tiles = tiles_x * tiles_y;
    if (t >= n_tiles) return;
    int ty = t / tiles_x, tx = t - ty * tiles_x;
    int y0 = ty * 4 - 1, x0 = tx * 4 - 1;
    const float* ip = in + (size_t)c * H * W;
    float d[6][6];
#pragma unroll
    for (int i = 0; i < 6; ++i)
#pragma unroll
        for (int j = 0; j < 6; ++j) {
            int y = y0 + i, x = x0 + j;
            d[i][j] = (y >= 0 && y < H && x >= 0 && x < W) ? ip[y * W + x] : 0.f;
        }
    float tmp[6][6];
#pragma unroll
    for (int j = 0; j < 6; ++j) {
        tmp[0][j] = 4.f * d[0][j] - 5.f * d[2][j] + d[4][j];
        tmp[1][j] = -4.f * (d[1][j] + d[2][j]) + d[3][j] + d[4][j];
        tmp[2][j] = 4.f * (d[1][j] - d[2][j]) - d[3][j] + d[4][j];
        tmp[3][j] = -2.f * (d[1][j] - d[3][j]) - d[2][j] + d[4][j];
        tmp[4][j] = 2.f * (d[1][j] - d[3][j]) - d[2][j] + d[4][j];
        tmp[5][j] = 4.f * d[1][j] - 5.f * d[3][j] + d[5][j];
    }
#pragma unroll
    for (int i = 0; i < 6; ++i) {
        float r[6];
        r[0] = 4.f * tmp[i][0] - 5.f * tmp[i][2] + tmp[i][4];
        r[1] = -4.f * (tmp[i][1] + tmp[i][2]) + tmp[i][3] + tmp[i][4];
        r[2] = 4.f * (tmp[i][1] - tmp[i][2]) - tmp[i][3] + tmp[i][4];
        r[3] = -2.f * (tmp[i][1] - tmp[i][3]) - tmp[i][2] + tmp[i][4];
        r[4] = 2.f * (tmp[i][1] - tmp[i][3]) - tmp[i][2] + tmp[i][4];
        r[5] = 4.f * tmp[i][1] - 5.f * tmp[i][3] + tmp[i][5];
#pragma unroll
        for (int j = 0; j < 6; ++j) V[((size_t)(i * 6 + j) * C + c) * n_tiles + t] = r[j];
    }
}

// Output transform A^T m A (6x6 -> 4x4) with bias + ReLU, two output channels per thread.
extern "C" __global__ void winograd_output_transform_k2(const float* __restrict__ M, const float* __restrict__ bias,
                                                        float* __restrict__ out, int K, int H, int W,
                                                        int tiles_x, int tiles_y)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int k0 = blockIdx.y * 2;
    int n_tiles = tiles_x * tiles_y;
    if (t >= n_tiles) return;
    float m[2][6][6];
#pragma unroll
    for (int q = 0; q < 2; ++q)
#pragma unroll
        for (int i = 0; i < 36; ++i) m[q][i / 6][i % 6] = M[((size_t)i * K + k0 + q) * n_tiles + t];
    int ty = t / tiles_x, tx = t - ty * tiles_x;
#pragma unroll
    for (int q = 0; q < 2; ++q) {
        float tmp[4][6];
#pragma unroll
        for (int j = 0; j < 6; ++j) {
            tmp[0][j] = m[q][0][j] + m[q][1][j] + m[q][2][j] + m[q][3][j] + m[q][4][j];
            tmp[1][j] = m[q][1][j] - m[q][2][j] + 2.f * (m[q][3][j] - m[q][4][j]);
            tmp[2][j] = m[q][1][j] + m[q][2][j] + 4.f * (m[q][3][j] + m[q][4][j]);
            tmp[3][j] = m[q][1][j] - m[q][2][j] + 8.f * (m[q][3][j] - m[q][4][j]) + m[q][5][j];
        }
        float b = bias[k0 + q];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            float o[4];
            o[0] = tmp[i][0] + tmp[i][1] + tmp[i][2] + tmp[i][3] + tmp[i][4];
            o[1] = tmp[i][1] - tmp[i][2] + 2.f * (tmp[i][3] - tmp[i][4]);
            o[2] = tmp[i][1] + tmp[i][2] + 4.f * (tmp[i][3] + tmp[i][4]);
            o[3] = tmp[i][1] - tmp[i][2] + 8.f * (tmp[i][3] - tmp[i][4]) + tmp[i][5];
            int y = ty * 4 + i;
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                int x = tx * 4 + j;
                if (y < H && x < W) out[((size_t)(k0 + q) * H + y) * W + x] = fmaxf(o[j] + b, 0.f);
            }
        }
    }
}

// Batched element-wise stage: for one tile, accumulate 36 positions over input channels for 2 output channels.
template <int KO>
__device__ __forceinline__ void winograd_ew(const float* __restrict__ U, const float* __restrict__ V,
                                            float* __restrict__ Mo, int C, int K, int n_tiles)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int k0 = blockIdx.y * KO;
    if (t >= n_tiles) return;
    float acc[KO][36];
#pragma unroll
    for (int q = 0; q < KO; ++q)
#pragma unroll
        for (int e = 0; e < 36; ++e) acc[q][e] = 0.f;
    for (int c = 0; c < C; ++c) {
#pragma unroll
        for (int e = 0; e < 36; ++e) {
            float v = V[((size_t)e * C + c) * n_tiles + t];
#pragma unroll
            for (int q = 0; q < KO; ++q) acc[q][e] = fmaf(__ldg(U + ((size_t)e * K + k0 + q) * C + c), v, acc[q][e]);
        }
    }
#pragma unroll
    for (int q = 0; q < KO; ++q)
#pragma unroll
        for (int e = 0; e < 36; ++e) Mo[((size_t)e * K + k0 + q) * n_tiles + t] = acc[q][e];
}

extern "C" __global__ void __launch_bounds__(128)
winograd_ew_k2(const float* __restrict__ U, const float* __restrict__ V, float* __restrict__ Mo, int C, int K, int n_tiles)
{
    winograd_ew<2>(U, V, Mo, C, K, n_tiles);
}

extern "C" __global__ void __launch_bounds__(256, 4)
winograd_ew_k2_occ(const float* __restrict__ U, const float* __restrict__ V, float* __restrict__ Mo, int C, int K, int n_tiles)
{
    winograd_ew<2>(U, V, Mo, C, K, n_tiles);
}
