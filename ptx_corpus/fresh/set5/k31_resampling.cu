// Texture-free image resampling: bilinear (uchar4, half-pixel centres), bicubic (Catmull-Rom /
// Keys a=-0.5, float4 RGBA, 16 taps), and a separable Lanczos-3 horizontal pass with smem weights.

__device__ __forceinline__ float4 ld4(const uchar4* img, int pitch, int x, int y)
{
    uchar4 p = img[(long)y * pitch + x];
    return make_float4(p.x, p.y, p.z, p.w);
}

extern "C" __global__ void resize_bilinear_rgba8(const uchar4* __restrict__ src, int sw, int sh, int spitch,
                                                 uchar4* __restrict__ dst, int dw, int dh, int dpitch)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= dw || y >= dh) return;
    float fx = (x + 0.5f) * ((float)sw / dw) - 0.5f;
    float fy = (y + 0.5f) * ((float)sh / dh) - 0.5f;
    int x0 = (int)floorf(fx), y0 = (int)floorf(fy);
    float ax = fx - x0, ay = fy - y0;
    int x1 = min(x0 + 1, sw - 1), y1 = min(y0 + 1, sh - 1);
    x0 = max(x0, 0); y0 = max(y0, 0);
    float4 a = ld4(src, spitch, x0, y0), b = ld4(src, spitch, x1, y0), c = ld4(src, spitch, x0, y1), d = ld4(src, spitch, x1, y1);
    float w00 = (1 - ax) * (1 - ay), w01 = ax * (1 - ay), w10 = (1 - ax) * ay, w11 = ax * ay;
    uchar4 o;
    o.x = (unsigned char)__float2int_rn(w00 * a.x + w01 * b.x + w10 * c.x + w11 * d.x);
    o.y = (unsigned char)__float2int_rn(w00 * a.y + w01 * b.y + w10 * c.y + w11 * d.y);
    o.z = (unsigned char)__float2int_rn(w00 * a.z + w01 * b.z + w10 * c.z + w11 * d.z);
    o.w = (unsigned char)__float2int_rn(w00 * a.w + w01 * b.w + w10 * c.w + w11 * d.w);
    dst[(long)y * dpitch + x] = o;
}

__device__ __forceinline__ void keys_weights(float t, float w[4])
{
    const float A = -0.5f;
    float t2 = t * t, t3 = t2 * t;
    w[0] = A * (t3 - 2.f * t2 + t);
    w[1] = (A + 2.f) * t3 - (A + 3.f) * t2 + 1.f;
    w[2] = -(A + 2.f) * t3 + (2.f * A + 3.f) * t2 - A * t;
    w[3] = A * (t2 - t3);
}

// Bicubic on float4 images with optional affine warp (2x3 matrix), edge clamp; 4 output px per thread in x.
extern "C" __global__ void warp_affine_bicubic_f4(const float4* __restrict__ src, int sw, int sh, int spitch,
                                                  float4* __restrict__ dst, int dw, int dh, int dpitch,
                                                  float m00, float m01, float m02, float m10, float m11, float m12)
{
    int xb = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (y >= dh) return;
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        int x = xb + q;
        if (x >= dw) break;
        float sx = m00 * x + m01 * y + m02, sy = m10 * x + m11 * y + m12;
        int ix = (int)floorf(sx), iy = (int)floorf(sy);
        float wx[4], wy[4];
        keys_weights(sx - ix, wx);
        keys_weights(sy - iy, wy);
        float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int yy = min(max(iy - 1 + j, 0), sh - 1);
            float4 racc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                int xx = min(max(ix - 1 + i, 0), sw - 1);
                float4 p = src[(long)yy * spitch + xx];
                racc.x += wx[i] * p.x; racc.y += wx[i] * p.y; racc.z += wx[i] * p.z; racc.w += wx[i] * p.w;
            }
            acc.x += wy[j] * racc.x; acc.y += wy[j] * racc.y; acc.z += wy[j] * racc.z; acc.w += wy[j] * racc.w;
        }
        bool inside = sx >= -0.5f && sy >= -0.5f && sx <= sw - 0.5f && sy <= sh - 0.5f;
        dst[(long)y * dpitch + x] = inside ? acc : make_float4(0.f, 0.f, 0.f, 0.f);
    }
}

// Lanczos-3 horizontal pass (downscale-aware support), weights computed per output column in smem.
extern "C" __global__ void lanczos3_horizontal(const float* __restrict__ src, int sw, int h, int spitch,
                                               float* __restrict__ dst, int dw, int dpitch)
{
    __shared__ float sw_tab[64][16];
    __shared__ int s_first[64];
    __shared__ int s_ntap[64];
    int xl = threadIdx.x;         // blockDim.x = 64
    int x = blockIdx.x * 64 + xl;
    float scale = (float)sw / dw;
    float support = 3.f * fmaxf(scale, 1.f);
    float fscale = 1.f / fmaxf(scale, 1.f);
    if (threadIdx.y == 0 && x < dw) {
        float center = (x + 0.5f) * scale - 0.5f;
        int first = (int)ceilf(center - support);
        int ntap = min(16, (int)floorf(center + support) - first + 1);
        float wsum = 0.f;
        for (int k = 0; k < ntap; ++k) {
            float d = (first + k - center) * fscale;
            float w;
            if (fabsf(d) < 1e-5f) w = 1.f;
            else if (fabsf(d) >= 3.f) w = 0.f;
            else { float pd = 3.14159265f * d; w = 3.f * __sinf(pd) * __sinf(pd / 3.f) / (pd * pd); }
            sw_tab[xl][k] = w;
            wsum += w;
        }
        for (int k = 0; k < ntap; ++k) sw_tab[xl][k] /= wsum;
        s_first[xl] = first; s_ntap[xl] = ntap;
    }
    __syncthreads();
    if (x >= dw) return;
    int first = s_first[xl], ntap = s_ntap[xl];
    for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < h; y += gridDim.y * blockDim.y) {
        const float* row = src + (long)y * spitch;
        float acc = 0.f;
        for (int k = 0; k < ntap; ++k) acc += sw_tab[xl][k] * row[min(max(first + k, 0), sw - 1)];
        dst[(long)y * dpitch + x] = acc;
    }
}

