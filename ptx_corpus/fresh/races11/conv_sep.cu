// Separable convolution (SDK convolutionSeparable style) with clamp-to-edge halos.

#define KR 8
#define KW (2 * KR + 1)
__constant__ float c_kernel[KW];

#define ROW_TILE 128

// Row pass. Each block owns a 128-pixel column strip and walks rows
// y = blockIdx.y, blockIdx.y + gridDim.y, ...
// Launch: blockDim = (128, 1), gridDim = (ceil(w/128), G) for any G >= 1
extern "C" __global__ void __launch_bounds__(128)
conv_rows(float* __restrict__ dst, const float* __restrict__ src, int w, int h, int pitch)
{
    __shared__ float s[ROW_TILE + 2 * KR];
    int x0 = blockIdx.x * ROW_TILE;
    for (int y = blockIdx.y; y < h; y += gridDim.y) {
        const float* row = src + (size_t)y * pitch;
        for (int i = threadIdx.x; i < ROW_TILE + 2 * KR; i += blockDim.x) {
            int gx = x0 + i - KR;
            gx = max(0, min(w - 1, gx));
            s[i] = row[gx];
        }
        __syncthreads();
        for (int i = threadIdx.x; i < ROW_TILE; i += blockDim.x) {
            int gx = x0 + i;
            if (gx >= w) break;
            float sum = 0.0f;
#pragma unroll
            for (int k = -KR; k <= KR; ++k) sum += c_kernel[KR - k] * s[i + KR + k];
            dst[(size_t)y * pitch + gx] = sum;
        }
        __syncthreads();
    }
}

#define COL_TW 32
#define COL_TH 64

// Column pass over a 32 x 64 output tile with KR-row halos above and below.
// Launch: blockDim = (32, 8), gridDim = (ceil(w/32), ceil(h/64))
extern "C" __global__ void __launch_bounds__(256)
conv_cols(float* __restrict__ dst, const float* __restrict__ src, int w, int h, int pitch)
{
    __shared__ float s[COL_TH + 2 * KR][COL_TW + 1];
    int x0 = blockIdx.x * COL_TW;
    int y0 = blockIdx.y * COL_TH;
    int tid = threadIdx.y * blockDim.x + threadIdx.x;
    int nthr = blockDim.x * blockDim.y;
    for (int i = tid; i < (COL_TH + 2 * KR) * COL_TW; i += nthr) {
        int r = i / COL_TW, c = i % COL_TW;
        int gx = min(x0 + c, w - 1);
        int gy = max(0, min(h - 1, y0 + r - KR));
        s[r][c] = src[(size_t)gy * pitch + gx];
    }
    __syncthreads();
    int gx = x0 + threadIdx.x;
    if (gx < w) {
        for (int r = threadIdx.y; r < COL_TH; r += blockDim.y) {
            int gy = y0 + r;
            if (gy >= h) break;
            float sum = 0.0f;
#pragma unroll
            for (int k = -KR; k <= KR; ++k) sum += c_kernel[KR - k] * s[r + KR + k][threadIdx.x];
            dst[(size_t)gy * pitch + gx] = sum;
        }
    }
}
