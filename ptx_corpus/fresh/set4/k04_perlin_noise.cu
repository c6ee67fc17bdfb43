// Procedural noise: improved Perlin 3D with shared permutation table, fBm/turbulence octaves, and 2D simplex noise heightfield.
#include <cuda_runtime.h>

__device__ __forceinline__ float fade(float t) { return t * t * t * (t * (t * 6.f - 15.f) + 10.f); }
__device__ __forceinline__ float lerpf(float a, float b, float t) { return a + t * (b - a); }
__device__ __forceinline__ float grad3(int h, float x, float y, float z)
{
    h &= 15;
    float u = h < 8 ? x : y;
    float v = h < 4 ? y : (h == 12 || h == 14 ? x : z);
    return ((h & 1) ? -u : u) + ((h & 2) ? -v : v);
}

__device__ __noinline__ float perlin3(const int* P, float x, float y, float z)
{
    float fx = floorf(x), fy = floorf(y), fz = floorf(z);
    int X = (int)fx & 255, Y = (int)fy & 255, Z = (int)fz & 255;
    x -= fx; y -= fy; z -= fz;
    float u = fade(x), v = fade(y), w = fade(z);
    int A = P[X] + Y, AA = P[A] + Z, AB = P[A + 1] + Z;
    int B = P[X + 1] + Y, BA = P[B] + Z, BB = P[B + 1] + Z;
    return lerpf(lerpf(lerpf(grad3(P[AA], x, y, z), grad3(P[BA], x - 1, y, z), u),
                       lerpf(grad3(P[AB], x, y - 1, z), grad3(P[BB], x - 1, y - 1, z), u), v),
                 lerpf(lerpf(grad3(P[AA + 1], x, y, z - 1), grad3(P[BA + 1], x - 1, y, z - 1), u),
                       lerpf(grad3(P[AB + 1], x, y - 1, z - 1), grad3(P[BB + 1], x - 1, y - 1, z - 1), u), v), w);
}

extern "C" __global__ void
perlin_fbm_volume(const int* __restrict__ perm256, float* __restrict__ vol, int nx, int ny, int nz,
                  float freq, int octaves, float lacunarity, float gain, float time)
{
    __shared__ int P[512];
    for (int i = threadIdx.x; i < 512; i += blockDim.x) P[i] = perm256[i & 255];
    __syncthreads();
    int total = nx * ny * nz;
    for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < total; idx += gridDim.x * blockDim.x) {
        int x = idx % nx, y = (idx / nx) % ny, z = idx / (nx * ny);
        float sum = 0.f, amp = 1.f, f = freq, norm = 0.f;
        for (int o = 0; o < octaves; ++o) {
            sum += amp * perlin3(P, x * f, y * f, z * f + time);
            norm += amp; amp *= gain; f *= lacunarity;
        }
        vol[idx] = sum / norm;
    }
}

// Turbulence with 6 fixed octaves and domain warping (marble texture)
extern "C" __global__ void
marble_texture(const int* __restrict__ perm256, uchar4* __restrict__ img, int w, int h, float scale)
{
    __shared__ int P[512];
    for (int i = threadIdx.y * blockDim.x + threadIdx.x; i < 512; i += blockDim.x * blockDim.y) P[i] = perm256[i & 255];
    __syncthreads();
    int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= w || py >= h) return;
    float x = px * scale, y = py * scale;
    float t = 0.f, a = 1.f, f = 1.f;
#pragma unroll
    for (int o = 0; o < 6; ++o) { t += a * fabsf(perlin3(P, x * f, y * f, 0.5f * o)); a *= 0.5f; f *= 2.f; }
    float m = 0.5f + 0.5f * __sinf(x * 0.2f + 5.f * t);
    float r = 0.9f * m + 0.1f, g = 0.85f * m + 0.1f, b = 0.8f * m + 0.15f;
    img[py * w + px] = make_uchar4((unsigned char)(255.f * __saturatef(r)), (unsigned char)(255.f * __saturatef(g)),
                                   (unsigned char)(255.f * __saturatef(b)), 255);
}

__constant__ float c_grad2[12][2] = {{1,1},{-1,1},{1,-1},{-1,-1},{1,0},{-1,0},{1,0},{-1,0},{0,1},{0,-1},{0,1},{0,-1}};

__device__ __forceinline__ float simplex2(const unsigned char* perm, float xin, float yin)
{
    const float F2 = 0.366025403f, G2 = 0.211324865f;
    float s = (xin + yin) * F2;
    int i = (int)floorf(xin + s), j = (int)floorf(yin + s);
    float t = (i + j) * G2;
    float x0 = xin - (i - t), y0 = yin - (j - t);
    int i1 = x0 > y0 ? 1 : 0, j1 = 1 - i1;
    float x1 = x0 - i1 + G2, y1 = y0 - j1 + G2;
    float x2 = x0 - 1.f + 2.f * G2, y2 = y0 - 1.f + 2.f * G2;
    int ii = i & 255, jj = j & 255;
    int g0 = perm[ii + perm[jj]] % 12, g1 = perm[ii + i1 + perm[jj + j1]] % 12, g2 = perm[ii + 1 + perm[jj + 1]] % 12;
    float n = 0.f, tt;
    tt = 0.5f - x0 * x0 - y0 * y0; if (tt > 0.f) { tt *= tt; n += tt * tt * (c_grad2[g0][0] * x0 + c_grad2[g0][1] * y0); }
    tt = 0.5f - x1 * x1 - y1 * y1; if (tt > 0.f) { tt *= tt; n += tt * tt * (c_grad2[g1][0] * x1 + c_grad2[g1][1] * y1); }
    tt = 0.5f - x2 * x2 - y2 * y2; if (tt > 0.f) { tt *= tt; n += tt * tt * (c_grad2[g2][0] * x2 + c_grad2[g2][1] * y2); }
    return 70.f * n;
}

extern "C" __global__ void __launch_bounds__(512, 2)
simplex_heightfield(const unsigned char* __restrict__ perm512, float* __restrict__ height, float2* __restrict__ grad,
                    int w, int h, float scale, float ridge)
{
    __shared__ unsigned char perm[512];
    for (int i = threadIdx.x; i < 512; i += blockDim.x) perm[i] = perm512[i];
    __syncthreads();
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= w * h) return;
    float x = (idx % w) * scale, y = (idx / w) * scale;
    const float e = 1e-3f;
    float hv = 0.f, hx = 0.f, hy = 0.f, a = 1.f, f = 1.f;
#pragma unroll 4
    for (int o = 0; o < 8; ++o) {
        float n0 = simplex2(perm, x * f, y * f);
        float nx = simplex2(perm, (x + e) * f, y * f);
        float ny = simplex2(perm, x * f, (y + e) * f);
        float r0 = ridge - fabsf(n0), rx = ridge - fabsf(nx), ry = ridge - fabsf(ny);
        hv += a * r0 * r0; hx += a * (rx * rx - r0 * r0); hy += a * (ry * ry - r0 * r0);
        a *= 0.5f; f *= 2.03f;
    }
    height[idx] = hv;
    grad[idx] = make_float2(hx / e, hy / e);
}
