// 2-D 5-point Laplacian-style stencil, 16x16 thread blocks, 18x18 shared tile (halo 1)
// loaded cooperatively with a linearised loop.
#include <cuda_runtime.h>

#define BX 16
#define BY 16
#define TW (BX + 2)
#define TH (BY + 2)

extern "C" __global__ void __launch_bounds__(BX * BY)
stencil2d_race(const float* __restrict__ in, float* __restrict__ out,
               int width, int height, float alpha)
{
    __shared__ float tile[TH][TW];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    const int x0 = blockIdx.x * BX - 1;
    const int y0 = blockIdx.y * BY - 1;

    for (int i = tid; i < TW * TH; i += blockDim.x) {
        int ly = i / TW, lx = i % TW;
        int gx = min(max(x0 + lx, 0), width - 1);
        int gy = min(max(y0 + ly, 0), height - 1);
        tile[ly][lx] = in[gy * width + gx];
    }
    __syncthreads();

    int gx = blockIdx.x * BX + tx;
    int gy = blockIdx.y * BY + ty;
    if (gx < width && gy < height) {
        float c = tile[ty + 1][tx + 1];
        float lap = tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2] - 4.0f * c;
        out[gy * width + gx] = c + alpha * lap;
    }
}

extern "C" __global__ void __launch_bounds__(BX * BY)
stencil2d_ok(const float* __restrict__ in, float* __restrict__ out,
             int width, int height, float alpha)
{
    __shared__ float tile[TH][TW];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    const int x0 = blockIdx.x * BX - 1;
    const int y0 = blockIdx.y * BY - 1;

    for (int i = tid; i < TW * TH; i += blockDim.x * blockDim.y) {
        int ly = i / TW, lx = i % TW;
        int gx = min(max(x0 + lx, 0), width - 1);
        int gy = min(max(y0 + ly, 0), height - 1);
        tile[ly][lx] = in[gy * width + gx];
    }
    __syncthreads();

    int gx = blockIdx.x * BX + tx;
    int gy = blockIdx.y * BY + ty;
    if (gx < width && gy < height) {
        float c = tile[ty + 1][tx + 1];
        float lap = tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2] - 4.0f * c;
        out[gy * width + gx] = c + alpha * lap;
    }
}
