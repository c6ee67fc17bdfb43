// Radio interferometry: convolutional gridding / degridding of visibilities
// with a tabulated Kaiser-Bessel kernel, w-stacking plane selection,
// and grid correction (taper division) with fftshift.
#include <cuda_runtime.h>

#define SUPPORT 8
#define OVERSAMPLE 16

__constant__ float c_kernel_lut[SUPPORT * OVERSAMPLE + 1];

__device__ __forceinline__ float kb_weight(float dist)
{
    float x = fabsf(dist) * (2.0f * OVERSAMPLE);
    int i = (int)x;
    if (i >= SUPPORT * OVERSAMPLE) return 0.0f;
    float t = x - i;
    return c_kernel_lut[i] + t * (c_kernel_lut[i + 1] - c_kernel_lut[i]);
}

extern "C" __global__ void grid_visibilities(const float3* __restrict__ uvw_lambda,
                                             const float2* __restrict__ vis,
                                             const float* __restrict__ weight,
                                             float2* __restrict__ grid,
                                             int nvis, int grid_size, float cell_inv,
                                             int nwplanes, float w_scale)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nvis) return;
    float3 uvw = uvw_lambda[v];
    float2 val = vis[v];
    float wt = weight[v];
    // Hermitian symmetry: put everything in the u>=0 half plane
    if (uvw.x < 0.f) { uvw.x = -uvw.x; uvw.y = -uvw.y; uvw.z = -uvw.z; val.y = -val.y; }
    val.x *= wt; val.y *= wt;
    int wp = min(nwplanes - 1, max(0, (int)(sqrtf(fabsf(uvw.z)) * w_scale)));
    float gu = uvw.x * cell_inv + grid_size / 2;
    float gv = uvw.y * cell_inv + grid_size / 2;
    int iu0 = (int)floorf(gu) - SUPPORT / 2 + 1;
    int iv0 = (int)floorf(gv) - SUPPORT / 2 + 1;
    float wu[SUPPORT], wv[SUPPORT];
    float su = 0.f, sv = 0.f;
#pragma unroll
    for (int k = 0; k < SUPPORT; ++k) {
        wu[k] = kb_weight((iu0 + k - gu) / SUPPORT);
        wv[k] = kb_weight((iv0 + k - gv) / SUPPORT);
        su += wu[k]; sv += wv[k];
    }
    float norm = 1.0f / (su * sv);
    float2* plane = grid + (size_t)wp * grid_size * grid_size;
#pragma unroll
    for (int j = 0; j < SUPPORT; ++j) {
        int y = iv0 + j;
        if (y < 0 || y >= grid_size) continue;
#pragma unroll
        for (int i = 0; i < SUPPORT; ++i) {
            int x = iu0 + i;
            if (x < 0 || x >= grid_size) continue;
            float w = wu[i] * wv[j] * norm;
            float2* cell = plane + (size_t)y * grid_size + x;
            atomicAdd(&cell->x, w * val.x);
            atomicAdd(&cell->y, w * val.y);
        }
    }
}

extern "C" __global__ void degrid_visibilities(const float3* __restrict__ uvw_lambda,
                                               const float2* __restrict__ grid,
                                               float2* __restrict__ model_vis,
                                               int nvis, int grid_size, float cell_inv)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nvis) return;
    float3 uvw = uvw_lambda[v];
    bool conj = uvw.x < 0.f;
    if (conj) { uvw.x = -uvw.x; uvw.y = -uvw.y; }
    float gu = uvw.x * cell_inv + grid_size / 2;
    float gv = uvw.y * cell_inv + grid_size / 2;
    int iu0 = (int)floorf(gu) - SUPPORT / 2 + 1;
    int iv0 = (int)floorf(gv) - SUPPORT / 2 + 1;
    float wu[SUPPORT];
#pragma unroll
    for (int k = 0; k < SUPPORT; ++k) wu[k] = kb_weight((iu0 + k - gu) / SUPPORT);
    float re = 0.f, im = 0.f, wsum = 0.f;
    for (int j = 0; j < SUPPORT; ++j) {
        int y = min(max(iv0 + j, 0), grid_size - 1);
        float wv = kb_weight((iv0 + j - gv) / SUPPORT);
        const float2* row = grid + (size_t)y * grid_size;
        float rr = 0.f, ri = 0.f, ws = 0.f;
#pragma unroll
        for (int i = 0; i < SUPPORT; ++i) {
            int x = min(max(iu0 + i, 0), grid_size - 1);
            float2 g = __ldg(row + x);
            rr = fmaf(wu[i], g.x, rr);
            ri = fmaf(wu[i], g.y, ri);
            ws += wu[i];
        }
        re = fmaf(wv, rr, re); im = fmaf(wv, ri, im); wsum = fmaf(wv, ws, wsum);
    }
    float inv = 1.0f / wsum;
    model_vis[v] = make_float2(re * inv, conj ? -im * inv : im * inv);
}

extern "C" __global__ void grid_correct_fftshift(const float2* __restrict__ img_in,
                                                 float* __restrict__ img_out,
                                                 const float* __restrict__ taper_1d,
                                                 int n, float scale)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= n || y >= n) return;
    int sx = (x + n / 2) % n, sy = (y + n / 2) % n;
    float t = taper_1d[x] * taper_1d[y];
    float val = img_in[(size_t)sy * n + sx].x;
    img_out[(size_t)y * n + x] = (t > 1e-6f) ? val * scale / t : 0.f;
}
