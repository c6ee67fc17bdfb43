#include <cstdint>
extern "C" __global__ void rgb_to_yuv420(const uchar3* __restrict__ rgb, uint8_t* __restrict__ y,
    uint8_t* __restrict__ u, uint8_t* __restrict__ v, int width, int height, int pitch)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int yy = blockIdx.y * blockDim.y + threadIdx.y;
    if (x * 2 >= width || yy * 2 >= height) return;
    float su = 0.f, sv = 0.f;
#pragma unroll
    for (int dy = 0; dy < 2; ++dy) {
#pragma unroll
        for (int dx = 0; dx < 2; ++dx) {
            int px = x * 2 + dx, py = yy * 2 + dy;
            uchar3 c = rgb[py * width + px];
            float r = c.x, g = c.y, b = c.z;
            float Y = 0.257f * r + 0.504f * g + 0.098f * b + 16.f;
            su += -0.148f * r - 0.291f * g + 0.439f * b + 128.f;
            sv += 0.439f * r - 0.368f * g - 0.071f * b + 128.f;
            y[py * pitch + px] = (uint8_t)fminf(fmaxf(Y + 0.5f, 0.f), 255.f);
        }
    }
    int cw = pitch / 2;
    u[yy * cw + x] = (uint8_t)fminf(fmaxf(su * 0.25f + 0.5f, 0.f), 255.f);
    v[yy * cw + x] = (uint8_t)fminf(fmaxf(sv * 0.25f + 0.5f, 0.f), 255.f);
}

extern "C" __global__ void nv12_to_rgba(const uint8_t* __restrict__ luma, const uint8_t* __restrict__ chroma,
    uchar4* __restrict__ out, int width, int height, int pitch)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    float Y = (float)__ldg(luma + y * pitch + x) - 16.f;
    int ci = (y >> 1) * pitch + (x & ~1);
    float U = (float)__ldg(chroma + ci) - 128.f;
    float V = (float)__ldg(chroma + ci + 1) - 128.f;
    float r = 1.164f * Y + 1.596f * V;
    float g = 1.164f * Y - 0.392f * U - 0.813f * V;
    float b = 1.164f * Y + 2.017f * U;
    uchar4 o;
    o.x = (unsigned char)(__saturatef(r * (1.f/255.f)) * 255.f);
    o.y = (unsigned char)(__saturatef(g * (1.f/255.f)) * 255.f);
    o.z = (unsigned char)(__saturatef(b * (1.f/255.f)) * 255.f);
    o.w = 255;
    out[y * width + x] = o;
}
