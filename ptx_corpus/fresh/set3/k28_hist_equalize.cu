// Histogram equalization and contrast-limited adaptive variants for 8-bit images.
#include <cuda_runtime.h>
#include <stdint.h>

// Build equalization LUT from a histogram (single block of 256 threads), with clip limit redistribution.
extern "C" __global__ void __launch_bounds__(256)
equalize_lut(const unsigned int* __restrict__ hist, uint8_t* __restrict__ lut, unsigned int clip, long long n)
{
    __shared__ unsigned int s[256];
    __shared__ unsigned int excess;
    int t = threadIdx.x;
    if (t == 0) excess = 0;
    __syncthreads();
    unsigned int v = hist[t];
    if (clip && v > clip) { atomicAdd(&excess, v - clip); v = clip; }
    __syncthreads();
    v += excess / 256;
    s[t] = v;
    __syncthreads();
    for (int off = 1; off < 256; off <<= 1) {
        unsigned int add = t >= off ? s[t - off] : 0;
        __syncthreads();
        s[t] += add;
        __syncthreads();
    }
    unsigned int cdf_min = s[0];
    float denom = (float)(s[255] - cdf_min);
    float val = denom > 0.f ? (float)(s[t] - cdf_min) * 255.f / denom : (float)t;
    lut[t] = (uint8_t)fminf(fmaxf(val + 0.5f, 0.f), 255.f);
}

// CLAHE apply: bilinear blend of four tile LUTs for each pixel.
extern "C" __global__ void clahe_apply(const uint8_t* __restrict__ in, uint8_t* __restrict__ out,
                                       const uint8_t* __restrict__ luts, int W, int H, int tiles_x, int tiles_y)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H) return;
    float tw = (float)W / tiles_x, th = (float)H / tiles_y;
    float gx = (x + 0.5f) / tw - 0.5f, gy = (y + 0.5f) / th - 0.5f;
    int tx0 = max((int)floorf(gx), 0), ty0 = max((int)floorf(gy), 0);
    int tx1 = min(tx0 + 1, tiles_x - 1), ty1 = min(ty0 + 1, tiles_y - 1);
    float fx = fminf(fmaxf(gx - tx0, 0.f), 1.f), fy = fminf(fmaxf(gy - ty0, 0.f), 1.f);
    uint8_t v = in[y * W + x];
    float a = luts[(ty0 * tiles_x + tx0) * 256 + v], b = luts[(ty0 * tiles_x + tx1) * 256 + v];
    float c = luts[(ty1 * tiles_x + tx0) * 256 + v], d = luts[(ty1 * tiles_x + tx1) * 256 + v];
    float r = (1.f - fy) * ((1.f - fx) * a + fx * b) + fy * ((1.f - fx) * c + fx * d);
    out[y * W + x] = (uint8_t)(r + 0.5f);
}
