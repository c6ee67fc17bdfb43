// Bilateral grid (edge-aware filtering): splat pixels into a 3D (x,y,intensity) grid
// with trilinear weights, separable [1 4 6 4 1] blur along each grid axis, and
// trilinear slicing with homogeneous normalisation. RGB + weight channels.
#include <cuda_runtime.h>

extern "C" __global__ void bgrid_splat(const float4* __restrict__ rgba, int w, int h,
                                       float4* __restrict__ grid, int gx, int gy, int gz,
                                       float inv_sigma_s, float inv_sigma_r)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float4 p = rgba[y * w + x];
    float lum = 0.299f * p.x + 0.587f * p.y + 0.114f * p.z;
    float fx = x * inv_sigma_s, fy = y * inv_sigma_s, fz = lum * inv_sigma_r;
    int ix = (int)fx, iy = (int)fy, iz = (int)fz;
    float tx = fx - ix, ty = fy - iy, tz = fz - iz;
#pragma unroll
    for (int c = 0; c < 8; ++c) {
        int ox = c & 1, oy = (c >> 1) & 1, oz = c >> 2;
        int xx = min(ix + ox, gx - 1), yy = min(iy + oy, gy - 1), zz = min(iz + oz, gz - 1);
        float wt = (ox ? tx : 1.f - tx) * (oy ? ty : 1.f - ty) * (oz ? tz : 1.f - tz);
        float4* cell = grid + ((size_t)zz * gy + yy) * gx + xx;
        atomicAdd(&cell->x, wt * p.x);
        atomicAdd(&cell->y, wt * p.y);
        atomicAdd(&cell->z, wt * p.z);
        atomicAdd(&cell->w, wt);
    }
}

extern "C" __global__ void bgrid_blur_axis(const float4* __restrict__ src, float4* __restrict__ dst,
                                           int gx, int gy, int gz, int axis)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    if (x >= gx || y >= gy) return;
    int n = axis == 0 ? gx : (axis == 1 ? gy : gz);
    int pos = axis == 0 ? x : (axis == 1 ? y : z);
    size_t stride = axis == 0 ? 1 : (axis == 1 ? (size_t)gx : (size_t)gx * gy);
    size_t c = ((size_t)z * gy + y) * gx + x;
    const float k[5] = {1.f / 16, 4.f / 16, 6.f / 16, 4.f / 16, 1.f / 16};
    float4 acc = make_float4(0, 0, 0, 0);
#pragma unroll
    for (int o = -2; o <= 2; ++o) {
        int q = pos + o;
        if (q < 0 || q >= n) continue;
        float4 v = src[c + (long long)o * (long long)stride];
        float kk = k[o + 2];
        acc.x += kk * v.x; acc.y += kk * v.y; acc.z += kk * v.z; acc.w += kk * v.w;
    }
    dst[c] = acc;
}

extern "C" __global__ void bgrid_slice(const float4* __restrict__ rgba, const float4* __restrict__ grid,
                                       float4* __restrict__ out, int w, int h, int gx, int gy, int gz,
                                       float inv_sigma_s, float inv_sigma_r, float detail_boost)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float4 p = rgba[y * w + x];
    float lum = 0.299f * p.x + 0.587f * p.y + 0.114f * p.z;
    float fx = x * inv_sigma_s, fy = y * inv_sigma_s, fz = lum * inv_sigma_r;
    int ix = (int)fx, iy = (int)fy, iz = (int)fz;
    float tx = fx - ix, ty = fy - iy, tz = fz - iz;
    float4 acc = make_float4(0, 0, 0, 0);
#pragma unroll
    for (int c = 0; c < 8; ++c) {
        int ox = c & 1, oy = (c >> 1) & 1, oz = c >> 2;
        int xx = min(ix + ox, gx - 1), yy = min(iy + oy, gy - 1), zz = min(iz + oz, gz - 1);
        float wt = (ox ? tx : 1.f - tx) * (oy ? ty : 1.f - ty) * (oz ? tz : 1.f - tz);
        float4 g = __ldg(grid + ((size_t)zz * gy + yy) * gx + xx);
        acc.x += wt * g.x; acc.y += wt * g.y; acc.z += wt * g.z; acc.w += wt * g.w;
    }
    float inv = acc.w > 1e-8f ? 1.f / acc.w : 0.f;
    float4 base = make_float4(acc.x * inv, acc.y * inv, acc.z * inv, p.w);
    // local contrast enhancement: base + boost * detail
    out[y * w + x] = make_float4(base.x + detail_boost * (p.x - base.x),
                                 base.y + detail_boost * (p.y - base.y),
                                 base.z + detail_boost * (p.z - base.z), p.w);
}
