// Fractal renderers: Mandelbrot (float, with smooth coloring), Mandelbrot (double, 4x supersampled),
// Julia set and a Newton fractal for z^3 - 1.
extern "C" __global__ void mandelbrot_float(uchar4 *dst, int w, int h, float xOff, float yOff, float scale, int crunch)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix >= w || iy >= h) return;
    float cr = xOff + (ix - w * 0.5f) * scale;
    float ci = yOff + (iy - h * 0.5f) * scale;
    float zr = 0.f, zi = 0.f;
    int i = 0;
    while (i < crunch && zr * zr + zi * zi < 256.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        ++i;
    }
    float mu = (i < crunch) ? i + 1 - __log2f(__logf(sqrtf(zr * zr + zi * zi))) : 0.f;
    float t = mu / crunch;
    dst[iy * w + ix] = make_uchar4((unsigned char)(255.f * 9.f * (1 - t) * t * t * t),
                                   (unsigned char)(255.f * 15.f * (1 - t) * (1 - t) * t * t),
                                   (unsigned char)(255.f * 8.5f * (1 - t) * (1 - t) * (1 - t) * t), 255);
}

extern "C" __global__ void mandelbrot_double_ss4(unsigned short *iters, int w, int h, double xOff, double yOff,
                                                 double scale, int crunch)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix >= w || iy >= h) return;
    const double sx[4] = {-0.25, 0.25, -0.25, 0.25};
    const double sy[4] = {-0.25, -0.25, 0.25, 0.25};
    int total = 0;
#pragma unroll
    for (int s = 0; s < 4; ++s) {
        double cr = xOff + (ix + sx[s] - w * 0.5) * scale;
        double ci = yOff + (iy + sy[s] - h * 0.5) * scale;
        double zr = cr, zi = ci;
        int i = 0;
        for (; i < crunch; ++i) {
            double zr2 = zr * zr, zi2 = zi * zi;
            if (zr2 + zi2 > 4.0) break;
            zi = 2.0 * zr * zi + ci;
            zr = zr2 - zi2 + cr;
        }
        total += i;
    }
    iters[iy * w + ix] = (unsigned short)(total >> 2);
}

extern "C" __global__ void julia_set(float *out, int w, int h, float cRe, float cIm, float zoom, int maxIter)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= w * h) return;
    int x = idx % w, y = idx / w;
    float zr = 1.5f * (x - w / 2) / (0.5f * zoom * w);
    float zi = (y - h / 2) / (0.5f * zoom * h);
    int i;
    for (i = 0; i < maxIter; ++i) {
        float t = zr * zr - zi * zi + cRe;
        zi = 2.f * zr * zi + cIm;
        zr = t;
        if (zr * zr + zi * zi > 4.f) break;
    }
    out[idx] = (float)i / maxIter;
}

extern "C" __global__ void newton_fractal_cubic(unsigned char *root, unsigned char *iterations, int w, int h,
                                                float x0, float y0, float dx, int maxIter)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix >= w || iy >= h) return;
    float zr = x0 + ix * dx, zi = y0 + iy * dx;
    int it = 0;
    for (; it < maxIter; ++it) {
        float r2 = zr * zr - zi * zi, i2 = 2.f * zr * zi;          // z^2
        float fr = r2 * zr - i2 * zi - 1.f, fi = r2 * zi + i2 * zr; // z^3 - 1
        float dr = 3.f * r2, di = 3.f * i2;                         // 3 z^2
        float den = dr * dr + di * di + 1e-20f;
        float qr = (fr * dr + fi * di) / den, qi = (fi * dr - fr * di) / den;
        zr -= qr; zi -= qi;
        if (qr * qr + qi * qi < 1e-12f) break;
    }
    int r = (zr > 0.f) ? 0 : ((zi > 0.f) ? 1 : 2);
    root[iy * w + ix] = (unsigned char)r;
    iterations[iy * w + ix] = (unsigned char)min(it, 255);
}
