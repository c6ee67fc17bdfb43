// Separable 5x5 convolution (row pass then column pass) on a 16x16 output tile.
// Dynamic shared memory holds the 20x20 input tile followed by the 20x16 row-filtered tile.
// Host launches with blockDim = (16,16) and
//   smem bytes = (IN_H * IN_W + IN_H * TW) * sizeof(float).
#include <cuda_runtime.h>

#define TW 16
#define TH 16
#define R  2
#define IN_W (TW + 2 * R)
#define IN_H (TH + 2 * R)

__constant__ float c_kx[2 * R + 1];
__constant__ float c_ky[2 * R + 1];

extern "C" __global__ void __launch_bounds__(TW * TH)
sep_conv_race(const float* __restrict__ in, float* __restrict__ out, int width, int height)
{
    extern __shared__ float smem[];
    float* s_in  = smem;                       // IN_H x IN_W
    float* s_row = smem + IN_H * TW;           // IN_H x TW

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * TW + tx;
    const int x0 = blockIdx.x * TW - R;
    const int y0 = blockIdx.y * TH - R;

    for (int i = tid; i < IN_H * IN_W; i += TW * TH) {
        int ly = i / IN_W, lx = i % IN_W;
        int gx = min(max(x0 + lx, 0), width - 1);
        int gy = min(max(y0 + ly, 0), height - 1);
        s_in[i] = in[(size_t)gy * width + gx];
    }
    __syncthreads();

    for (int ly = ty; ly < IN_H; ly += TH) {
        float a = 0.0f;
        #pragma unroll
        for (int k = 0; k <= 2 * R; ++k)
            a = fmaf(c_kx[k], s_in[ly * IN_W + tx + k], a);
        s_row[ly * TW + tx] = a;
    }
    __syncthreads();

    float a = 0.0f;
    #pragma unroll
    for (int k = 0; k <= 2 * R; ++k)
        a = fmaf(c_ky[k], s_row[(ty + k) * TW + tx], a);
    int gx = blockIdx.x * TW + tx, gy = blockIdx.y * TH + ty;
    if (gx < width && gy < height)
        out[(size_t)gy * width + gx] = a;
}

extern "C" __global__ void __launch_bounds__(TW * TH)
sep_conv_ok(const float* __restrict__ in, float* __restrict__ out, int width, int height)
{
    extern __shared__ float smem[];
    float* s_in  = smem;                       // IN_H x IN_W
    float* s_row = smem + IN_H * IN_W;         // IN_H x TW

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * TW + tx;
    const int x0 = blockIdx.x * TW - R;
    const int y0 = blockIdx.y * TH - R;

    for (int i = tid; i < IN_H * IN_W; i += TW * TH) {
        int ly = i / IN_W, lx = i % IN_W;
        int gx = min(max(x0 + lx, 0), width - 1);
        int gy = min(max(y0 + ly, 0), height - 1);
        s_in[i] = in[(size_t)gy * width + gx];
    }
    __syncthreads();

    for (int ly = ty; ly < IN_H; ly += TH) {
        float a = 0.0f;
        #pragma unroll
        for (int k = 0; k <= 2 * R; ++k)
            a = fmaf(c_kx[k], s_in[ly * IN_W + tx + k], a);
        s_row[ly * TW + tx] = a;
    }
    __syncthreads();

    float a = 0.0f;
    #pragma unroll
    for (int k = 0; k <= 2 * R; ++k)
        a = fmaf(c_ky[k], s_row[(ty + k) * TW + tx], a);
    int gx = blockIdx.x * TW + tx, gy = blockIdx.y * TH + ty;
    if (gx < width && gy < height)
        out[(size_t)gy * width + gx] = a;
}
