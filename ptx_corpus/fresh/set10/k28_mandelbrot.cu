// Mandelbrot / Julia fractals: float, double, and double-single (emulated) precision.
#include <cuda_runtime.h>

extern "C" __global__ void mandelbrot_f32(uchar4 *dst, int w, int h, float xOff, float yOff, float scale, int crunch)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix >= w || iy >= h) return;
    float xC = xOff + ix * scale, yC = yOff + iy * scale;
    float x = xC, y = yC;
    int i = crunch;
    float xx = x * x, yy = y * y;
    while (--i && (xx + yy < 4.0f)) {
        y = x * y * 2.0f + yC;
        x = xx - yy + xC;
        xx = x * x;
        yy = y * y;
    }
    int m = crunch - i;
    float t = (float)m / crunch;
    dst[iy * w + ix] = make_uchar4((unsigned char)(255 * t), (unsigned char)(255 * t * t), (unsigned char)(255 * sqrtf(t)), 255);
}

// Double-precision with smooth coloring and a periodicity check.
extern "C" __global__ void mandelbrot_f64_smooth(float *iters, int w, int h, double x0, double y0, double scale, int maxIter)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix >= w || iy >= h) return;
    double cr = x0 + ix * scale, ci = y0 + iy * scale;
    double zr = 0, zi = 0, zr2 = 0, zi2 = 0;
    double pr = 0, pi = 0;
    int n = 0, period = 0;
    for (; n < maxIter && zr2 + zi2 <= 256.0; n++) {
        zi = 2.0 * zr * zi + ci;
        zr = zr2 - zi2 + cr;
        zr2 = zr * zr;
        zi2 = zi * zi;
        if (zr == pr && zi == pi) { n = maxIter; break; }
        if (++period > 20) { period = 0; pr = zr; pi = zi; }
    }
    float res;
    if (n >= maxIter) res = 0.f;
    else res = (float)(n + 1 - log2(log(sqrt(zr2 + zi2))));
    iters[iy * w + ix] = res;
}

// Double-single arithmetic (SDK Mandelbrot "dsfun90" style emulation).
__device__ inline void dsadd(float2 &c, const float2 a, const float2 b)
{
    float t1 = a.x + b.x;
    float e = t1 - a.x;
    float t2 = ((b.x - e) + (a.x - (t1 - e))) + a.y + b.y;
    c.x = e = t1 + t2;
    c.y = t2 - (e - t1);
}
__device__ inline void dssub(float2 &c, const float2 a, const float2 b)
{
    float t1 = a.x - b.x;
    float e = t1 - a.x;
    float t2 = ((-b.x - e) + (a.x - (t1 - e))) + a.y - b.y;
    c.x = e = t1 + t2;
    c.y = t2 - (e - t1);
}
__device__ inline void dsmul(float2 &c, const float2 a, const float2 b)
{
    float cona = a.x * 8193.0f, conb = b.x * 8193.0f;
    float sa1 = cona - (cona - a.x), sb1 = conb - (conb - b.x);
    float sa2 = a.x - sa1, sb2 = b.x - sb1;
    float c11 = a.x * b.x;
    float c21 = (((sa1 * sb1 - c11) + sa1 * sb2) + sa2 * sb1) + sa2 * sb2;
    c21 += a.x * b.y + a.y * b.x;
    float e;
    c.x = e = c11 + c21;
    c.y = c21 - (e - c11);
}

extern "C" __global__ void mandelbrot_ds(int *out, int w, int h, float2 xOff, float2 yOff, float2 scale, int crunch)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix >= w || iy >= h) return;
    float2 xC, yC, fx = make_float2((float)ix, 0.f), fy = make_float2((float)iy, 0.f), tmp;
    dsmul(tmp, fx, scale); dsadd(xC, xOff, tmp);
    dsmul(tmp, fy, scale); dsadd(yC, yOff, tmp);
    float2 x = xC, y = yC, xx, yy, sum;
    int i = crunch;
    dsmul(xx, x, x);
    dsmul(yy, y, y);
    dsadd(sum, xx, yy);
    while (--i && (sum.x + sum.y < 4.0f)) {
        dsmul(y, x, y);
        dsadd(y, y, y);
        dsadd(y, y, yC);
        dssub(x, xx, yy);
        dsadd(x, x, xC);
        dsmul(xx, x, x);
        dsmul(yy, y, y);
        dsadd(sum, xx, yy);
    }
    out[iy * w + ix] = crunch - i;
}
