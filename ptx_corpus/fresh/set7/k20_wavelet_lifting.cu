// Wavelet transforms via lifting: CDF 9/7 (JPEG2000 lossy) row transform in shared memory,
// reversible integer LeGall 5/3 column transform, and a multi-level in-register Haar
// transform of 32-sample blocks with soft-threshold denoising.
#include <cuda_runtime.h>

extern "C" __global__ void cdf97_rows(float* __restrict__ img, int w, int h)
{
    extern __shared__ float row[];
    int y = blockIdx.x;
    if (y >= h) return;
    for (int x = threadIdx.x; x < w; x += blockDim.x) row[x] = img[(size_t)y * w + x];
    __syncthreads();
    const float a1 = -1.586134342f, a2 = -0.05298011854f, a3 = 0.8829110762f, a4 = 0.4435068522f;
    const float k1 = 1.149604398f;
    int half = w / 2;
    // predict 1 (odd)
    for (int i = threadIdx.x; i < half; i += blockDim.x) {
        int o = 2 * i + 1;
        float r = (o + 1 < w) ? row[o + 1] : row[o - 1];
        row[o] += a1 * (row[o - 1] + r);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < half; i += blockDim.x) {
        int e = 2 * i;
        float l = (e > 0) ? row[e - 1] : row[e + 1];
        row[e] += a2 * (l + row[e + 1]);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < half; i += blockDim.x) {
        int o = 2 * i + 1;
        float r = (o + 1 < w) ? row[o + 1] : row[o - 1];
        row[o] += a3 * (row[o - 1] + r);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < half; i += blockDim.x) {
        int e = 2 * i;
        float l = (e > 0) ? row[e - 1] : row[e + 1];
        row[e] += a4 * (l + row[e + 1]);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < half; i += blockDim.x) {
        img[(size_t)y * w + i] = row[2 * i] * k1;
        img[(size_t)y * w + half + i] = row[2 * i + 1] / k1;
    }
}

extern "C" __global__ void legall53_columns_int(const int* __restrict__ in, int* __restrict__ out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= w) return;
    int half = h / 2;
    // predict: d[i] = x[2i+1] - floor((x[2i] + x[2i+2]) / 2)
    for (int i = 0; i < half; ++i) {
        int e0 = in[(2 * i) * w + x];
        int e1 = (2 * i + 2 < h) ? in[(2 * i + 2) * w + x] : e0;
        int o = in[(2 * i + 1) * w + x];
        out[(half + i) * w + x] = o - ((e0 + e1) >> 1);
    }
    // update: s[i] = x[2i] + floor((d[i-1] + d[i] + 2) / 4)
    for (int i = 0; i < half; ++i) {
        int dm = out[(half + max(i - 1, 0)) * w + x];
        int d = out[(half + i) * w + x];
        out[i * w + x] = in[(2 * i) * w + x] + ((dm + d + 2) >> 2);
    }
}

// 5-level Haar on 32-sample blocks held in registers, soft-threshold detail, inverse.
extern "C" __global__ void haar32_denoise(const float* __restrict__ in, float* __restrict__ out,
                                          int nblocks, float thresh)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    float v[32], t[32];
#pragma unroll
    for (int i = 0; i < 32; i += 4) {
        float4 q = reinterpret_cast<const float4*>(in + (size_t)b * 32)[i / 4];
        v[i] = q.x; v[i + 1] = q.y; v[i + 2] = q.z; v[i + 3] = q.w;
    }
    const float s = 0.70710678f;
#pragma unroll
    for (int len = 32; len > 1; len >>= 1) {
#pragma unroll
        for (int i = 0; i < len / 2; ++i) {
            t[i] = (v[2 * i] + v[2 * i + 1]) * s;
            t[len / 2 + i] = (v[2 * i] - v[2 * i + 1]) * s;
        }
#pragma unroll
        for (int i = 0; i < len; ++i) v[i] = t[i];
    }
#pragma unroll
    for (int i = 1; i < 32; ++i) {
        float a = fabsf(v[i]) - thresh;
        v[i] = a > 0.f ? copysignf(a, v[i]) : 0.f;
    }
#pragma unroll
    for (int len = 2; len <= 32; len <<= 1) {
#pragma unroll
        for (int i = 0; i < len / 2; ++i) {
            t[2 * i] = (v[i] + v[len / 2 + i]) * s;
            t[2 * i + 1] = (v[i] - v[len / 2 + i]) * s;
        }
#pragma unroll
        for (int i = 0; i < len; ++i) v[i] = t[i];
    }
#pragma unroll
    for (int i = 0; i < 32; i += 4)
        reinterpret_cast<float4*>(out + (size_t)b * 32)[i / 4] = make_float4(v[i], v[i + 1], v[i + 2], v[i + 3]);
}
