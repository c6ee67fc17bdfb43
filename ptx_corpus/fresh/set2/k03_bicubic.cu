__device__ __forceinline__ float cubicw(float x, float a)
{
    x = fabsf(x);
    if (x <= 1.f) return ((a + 2.f) * x - (a + 3.f)) * x * x + 1.f;
    if (x < 2.f) return ((a * x - 5.f * a) * x + 8.f * a) * x - 4.f * a;
    return 0.f;
}

extern "C" __global__ void resize_bicubic_rgb(const float* __restrict__ src, float* __restrict__ dst,
    int sw, int sh, int dw, int dh, float a)
{
    int ox = blockIdx.x * blockDim.x + threadIdx.x;
    int oy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ox >= dw || oy >= dh) return;
    float fx = (ox + 0.5f) * sw / (float)dw - 0.5f;
    float fy = (oy + 0.5f) * sh / (float)dh - 0.5f;
    int ix = (int)floorf(fx), iy = (int)floorf(fy);
    float tx = fx - ix, ty = fy - iy;
    float wx[4], wy[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) { wx[k] = cubicw(tx - (k - 1), a); wy[k] = cubicw(ty - (k - 1), a); }
    float acc[3] = {0.f, 0.f, 0.f};
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        int yy = min(max(iy + j - 1, 0), sh - 1);
        float row[3] = {0.f, 0.f, 0.f};
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            int xx = min(max(ix + i - 1, 0), sw - 1);
            const float* p = src + 3 * (yy * sw + xx);
            row[0] += wx[i] * __ldg(p);
            row[1] += wx[i] * __ldg(p + 1);
            row[2] += wx[i] * __ldg(p + 2);
        }
#pragma unroll
        for (int c = 0; c < 3; ++c) acc[c] += wy[j] * row[c];
    }
    float* o = dst + 3 * (oy * dw + ox);
    o[0] = acc[0]; o[1] = acc[1]; o[2] = acc[2];
}

extern "C" __global__ void resize_bilinear_u8(const unsigned char* __restrict__ src, unsigned char* __restrict__ dst,
    int sw, int sh, int dw, int dh, int channels)
{
    int ox = blockIdx.x * blockDim.x + threadIdx.x;
    int oy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ox >= dw || oy >= dh) return;
    float fx = fmaxf((ox + 0.5f) * ((float)sw / dw) - 0.5f, 0.f);
    float fy = fmaxf((oy + 0.5f) * ((float)sh / dh) - 0.5f, 0.f);
    int x0 = (int)fx, y0 = (int)fy;
    int x1 = min(x0 + 1, sw - 1), y1 = min(y0 + 1, sh - 1);
    float ax = fx - x0, ay = fy - y0;
    for (int c = 0; c < channels; ++c) {
        float p00 = src[(y0 * sw + x0) * channels + c];
        float p01 = src[(y0 * sw + x1) * channels + c];
        float p10 = src[(y1 * sw + x0) * channels + c];
        float p11 = src[(y1 * sw + x1) * channels + c];
        float v = (1 - ay) * ((1 - ax) * p00 + ax * p01) + ay * ((1 - ax) * p10 + ax * p11);
        dst[(oy * dw + ox) * channels + c] = (unsigned char)(v + 0.5f);
    }
}

__device__ __forceinline__ float lanczos3(float x)
{
    x = fabsf(x);
    if (x < 1e-5f) return 1.f;
    if (x >= 3.f) return 0.f;
    float px = 3.14159265f * x;
    return 3.f * __sinf(px) * __sinf(px / 3.f) / (px * px);
}

extern "C" __global__ void resize_lanczos3_rgba(const float4* __restrict__ src, float4* __restrict__ dst,
    int sw, int sh, int dw, int dh)
{
    int ox = blockIdx.x * blockDim.x + threadIdx.x;
    int oy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ox >= dw || oy >= dh) return;
    float fx = (ox + 0.5f) * sw / (float)dw - 0.5f, fy = (oy + 0.5f) * sh / (float)dh - 0.5f;
    int ix = (int)floorf(fx), iy = (int)floorf(fy);
    float wx[6], wy[6], sx = 0.f, sy = 0.f;
#pragma unroll
    for (int k = 0; k < 6; ++k) {
        wx[k] = lanczos3(fx - (ix + k - 2)); sx += wx[k];
        wy[k] = lanczos3(fy - (iy + k - 2)); sy += wy[k];
    }
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int j = 0; j < 6; ++j) {
        int yy = min(max(iy + j - 2, 0), sh - 1);
        float4 row = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
        for (int i = 0; i < 6; ++i) {
            int xx = min(max(ix + i - 2, 0), sw - 1);
            float4 p = __ldg(&src[yy * sw + xx]);
            row.x += wx[i] * p.x; row.y += wx[i] * p.y; row.z += wx[i] * p.z; row.w += wx[i] * p.w;
        }
        acc.x += wy[j] * row.x; acc.y += wy[j] * row.y; acc.z += wy[j] * row.z; acc.w += wy[j] * row.w;
    }
    float n = 1.f / (sx * sy);
    dst[oy * dw + ox] = make_float4(__saturatef(acc.x * n), __saturatef(acc.y * n), __saturatef(acc.z * n), __saturatef(acc.w * n));
}
