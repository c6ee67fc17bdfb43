// Separable 5x5 box blur of a single-channel image with clamp-to-edge borders.
// A (8+4) x (32+4) tile with halo is staged in shared memory; a horizontal pass
// over all 12 rows is followed by a vertical pass for the 8 output rows.
// Launch: blockDim = (32, 8) exactly, gridDim = (ceil(w/32), ceil(h/8)).
#include <cuda_runtime.h>

#define TW 32
#define TH 8
#define R  2
#define SW (TW + 2 * R)
#define SH (TH + 2 * R)

extern "C" __global__ void __launch_bounds__(TW * TH)
box_blur5_race(const float* __restrict__ img, float* __restrict__ out, int w, int h)
{
    __shared__ float t[SH][SW];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * TW + tx;
    const int x0 = blockIdx.x * TW - R, y0 = blockIdx.y * TH - R;

    for (int i = tid; i < SH * SW; i += TW * TH) {
        const int r = i / SW, c = i % SW;
        const int gx = min(max(x0 + c, 0), w - 1);
        const int gy = min(max(y0 + r, 0), h - 1);
        t[r][c] = img[(size_t)gy * w + gx];
    }
    __syncthreads();

    // horizontal pass in place (halo columns are only read)
    for (int r = ty; r < SH; r += TH) {
        float s = 0.0f;
#pragma unroll
        for (int k = -R; k <= R; ++k) s += t[r][tx + R + k];
        t[r][tx + R] = s * (1.0f / (2 * R + 1));
    }
    __syncthreads();

    // vertical pass
    float s = 0.0f;
#pragma unroll
    for (int k = -R; k <= R; ++k) s += t[ty + R + k][tx + R];
    const int ox = blockIdx.x * TW + tx, oy = blockIdx.y * TH + ty;
    if (ox < w && oy < h) out[(size_t)oy * w + ox] = s * (1.0f / (2 * R + 1));
}

extern "C" __global__ void __launch_bounds__(TW * TH)
box_blur5_ok(const float* __restrict__ img, float* __restrict__ out, int w, int h)
{
    __shared__ float t[SH][SW];
    __shared__ float hz[SH][TW];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * TW + tx;
    const int x0 = blockIdx.x * TW - R, y0 = blockIdx.y * TH - R;

    for (int i = tid; i < SH * SW; i += TW * TH) {
        const int r = i / SW, c = i % SW;
        const int gx = min(max(x0 + c, 0), w - 1);
        const int gy = min(max(y0 + r, 0), h - 1);
        t[r][c] = img[(size_t)gy * w + gx];
    }
    __syncthreads();

    // horizontal pass into a separate buffer
    for (int r = ty; r < SH; r += TH) {
        float s = 0.0f;
#pragma unroll
        for (int k = -R; k <= R; ++k) s += t[r][tx + R + k];
        hz[r][tx] = s * (1.0f / (2 * R + 1));
    }
    __syncthreads();

    // vertical pass
    float s = 0.0f;
#pragma unroll
    for (int k = -R; k <= R; ++k) s += hz[ty + R + k][tx];
    const int ox = blockIdx.x * TW + tx, oy = blockIdx.y * TH + ty;
    if (ox < w && oy < h) out[(size_t)oy * w + ox] = s * (1.0f / (2 * R + 1));
}
