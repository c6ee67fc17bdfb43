#define TW 16
#define TH 16

extern "C" __global__ void __launch_bounds__(256)
sobel_race(const float* __restrict__ img, float* __restrict__ mag, int w, int h)
{
    __shared__ float tile[TH + 2][TW + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * TW + tx;
    int y = blockIdx.y * TH + ty;

    for (int i = ty * TW + tx; i < (TH + 2) * (TW + 2); i += TW * TH) {
        int ly = i / (TW + 2), lx = i % (TW + 2);
        int gx = min(max((int)(blockIdx.x * TW) + lx - 1, 0), w - 1);
        int gy = min(max((int)(blockIdx.y * TH) + ly - 1, 0), h - 1);
        tile[ly][lx] = img[gy * w + gx];
    }

    if (x < w && y < h) {
        float gx = (tile[ty][tx + 2] + 2.0f * tile[ty + 1][tx + 2] + tile[ty + 2][tx + 2])
                 - (tile[ty][tx]     + 2.0f * tile[ty + 1][tx]     + tile[ty + 2][tx]);
        float gy = (tile[ty + 2][tx] + 2.0f * tile[ty + 2][tx + 1] + tile[ty + 2][tx + 2])
                 - (tile[ty][tx]     + 2.0f * tile[ty][tx + 1]     + tile[ty][tx + 2]);
        mag[y * w + x] = sqrtf(gx * gx + gy * gy);
    }
}

extern "C" __global__ void __launch_bounds__(256)
sobel_ok(const float* __restrict__ img, float* __restrict__ mag, int w, int h)
{
    __shared__ float tile[TH + 2][TW + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * TW + tx;
    int y = blockIdx.y * TH + ty;

    for (int i = ty * TW + tx; i < (TH + 2) * (TW + 2); i += TW * TH) {
        int ly = i / (TW + 2), lx = i % (TW + 2);
        int gx = min(max((int)(blockIdx.x * TW) + lx - 1, 0), w - 1);
        int gy = min(max((int)(blockIdx.y * TH) + ly - 1, 0), h - 1);
        tile[ly][lx] = img[gy * w + gx];
    }
    __syncthreads();

    if (x < w && y < h) {
        float gx = (tile[ty][tx + 2] + 2.0f * tile[ty + 1][tx + 2] + tile[ty + 2][tx + 2])
                 - (tile[ty][tx]     + 2.0f * tile[ty + 1][tx]     + tile[ty + 2][tx]);
        float gy = (tile[ty + 2][tx] + 2.0f * tile[ty + 2][tx + 1] + tile[ty + 2][tx + 2])
                 - (tile[ty][tx]     + 2.0f * tile[ty][tx + 1]     + tile[ty][tx + 2]);
        mag[y * w + x] = sqrtf(gx * gx + gy * gy);
    }
}
