// Domain: procedural graphics and plasma simulation
// mandelbrot_double_ss    - Mandelbrot escape time in double with 2x2 supersampling, smooth colouring
// perlin_fbm3d_smem       - 3D Perlin gradient noise, 6 octaves of fBm, permutation table in shared memory
// pic_cic_deposit         - particle-in-cell cloud-in-cell charge deposition onto a 3D grid with atomics
// julia_double_double     - Julia set escape iteration in double-double (hi/lo) arithmetic

extern "C" __global__ void mandelbrot_double_ss(float *out, int w, int h, double cx, double cy, double scale,
                                                int maxit)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= w || py >= h) return;
    float acc = 0.f;
    for (int s = 0; s < 4; ++s) {
        double x0 = cx + (px + 0.25 + 0.5 * (s & 1) - 0.5 * w) * scale;
        double y0 = cy + (py + 0.25 + 0.5 * (s >> 1) - 0.5 * h) * scale;
        double x = 0.0, y = 0.0, x2 = 0.0, y2 = 0.0;
        int it = 0;
        while (x2 + y2 < 256.0 && it < maxit) {
            y = 2.0 * x * y + y0;
            x = x2 - y2 + x0;
            x2 = x * x;
            y2 = y * y;
            ++it;
        }
        float v = (it < maxit) ? (float)it + 1.f - log2f(logf((float)(x2 + y2)) * 0.5f / 0.6931472f) : 0.f;
        acc += v;
    }
    out[py * w + px] = 0.25f * acc;
}

__device__ __forceinline__ float fade(float t) { return t * t * t * (t * (t * 6.f - 15.f) + 10.f); }
__device__ __forceinline__ float grad3(int hsh, float x, float y, float z)
{
    int hh = hsh & 15;
    float u = hh < 8 ? x : y;
    float v = hh < 4 ? y : (hh == 12 || hh == 14 ? x : z);
    return ((hh & 1) ? -u : u) + ((hh & 2) ? -v : v);
}

extern "C" __global__ void perlin_fbm3d_smem(const int *perm_g, float *out, int nx, int ny, float z, float freq,
                                             float gain)
{
    __shared__ int P[512];
    for (int i = threadIdx.y * blockDim.x + threadIdx.x; i < 512; i += blockDim.x * blockDim.y) P[i] = perm_g[i & 255];
    __syncthreads();
    int ix = blockIdx.x * blockDim.x + threadIdx.x, iy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix >= nx || iy >= ny) return;
    float sum = 0.f, amp = 1.f, f = freq;
    for (int o = 0; o < 6; ++o) {
        float x = ix * f, y = iy * f, zz = z * f;
        float fx = floorf(x), fy = floorf(y), fz = floorf(zz);
        int X = (int)fx & 255, Y = (int)fy & 255, Z = (int)fz & 255;
        x -= fx; y -= fy; zz -= fz;
        float u = fade(x), v = fade(y), w = fade(zz);
        int A = P[X] + Y, AA = P[A] + Z, AB = P[A + 1] + Z;
        int B = P[X + 1] + Y, BA = P[B] + Z, BB = P[B + 1] + Z;
        float l1 = grad3(P[AA], x, y, zz) + u * (grad3(P[BA], x - 1, y, zz) - grad3(P[AA], x, y, zz));
        float l2 = grad3(P[AB], x, y - 1, zz) + u * (grad3(P[BB], x - 1, y - 1, zz) - grad3(P[AB], x, y - 1, zz));
        float l3 = grad3(P[AA + 1], x, y, zz - 1) + u * (grad3(P[BA + 1], x - 1, y, zz - 1) - grad3(P[AA + 1], x, y, zz - 1));
        float l4 = grad3(P[AB + 1], x, y - 1, zz - 1) + u * (grad3(P[BB + 1], x - 1, y - 1, zz - 1) - grad3(P[AB + 1], x, y - 1, zz - 1));
        float m1 = l1 + v * (l2 - l1), m2 = l3 + v * (l4 - l3);
        sum += amp * (m1 + w * (m2 - m1));
        amp *= gain;
        f *= 2.f;
    }
    out[iy * nx + ix] = sum;
}

extern "C" __global__ void pic_cic_deposit(const float4 *parts /*x,y,z,q*/, float *rho, int np, int nx, int ny,
                                           int nz, float inv_dx)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= np) return;
    float4 pt = parts[p];
    float gx = pt.x * inv_dx - 0.5f, gy = pt.y * inv_dx - 0.5f, gz = pt.z * inv_dx - 0.5f;
    int i = (int)floorf(gx), j = (int)floorf(gy), k = (int)floorf(gz);
    float fx = gx - i, fy = gy - j, fz = gz - k;
#pragma unroll
    for (int dk = 0; dk < 2; ++dk)
#pragma unroll
        for (int dj = 0; dj < 2; ++dj)
#pragma unroll
            for (int di = 0; di < 2; ++di) {
                int ii = (i + di + nx) % nx, jj = (j + dj + ny) % ny, kk = (k + dk + nz) % nz;
                float wgt = (di ? fx : 1.f - fx) * (dj ? fy : 1.f - fy) * (dk ? fz : 1.f - fz);
                atomicAdd(&rho[((size_t)kk * ny + jj) * nx + ii], pt.w * wgt);
            }
}

struct dd { double hi, lo; };
__device__ __forceinline__ dd two_sum(double a, double b)
{
    double s = a + b, bb = s - a;
    dd r = {s, (a - (s - bb)) + (b - bb)};
    return r;
}
__device__ __forceinline__ dd dd_add(dd a, dd b)
{
    dd s = two_sum(a.hi, b.hi);
    dd t = two_sum(a.lo, b.lo);
    s.lo += t.hi;
    s = two_sum(s.hi, s.lo);
    s.lo += t.lo;
    return two_sum(s.hi, s.lo);
}
__device__ __forceinline__ dd dd_mul(dd a, dd b)
{
    double p = a.hi * b.hi;
    double e = fma(a.hi, b.hi, -p);
    e += a.hi * b.lo + a.lo * b.hi;
    return two_sum(p, e);
}
__device__ __forceinline__ dd dd_sub(dd a, dd b) { b.hi = -b.hi; b.lo = -b.lo; return dd_add(a, b); }

extern "C" __global__ void julia_double_double(unsigned short *iters, int w, int h, double x0h, double x0l,
                                               double y0h, double y0l, double step,
                                               double ch, double cl, double dh, double dl, int maxit)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y;
    if (px >= w || py >= h) return;
    dd zx = dd_add(dd{x0h, x0l}, dd{px * step, 0.0});
    dd zy = dd_add(dd{y0h, y0l}, dd{py * step, 0.0});
    dd cr = {ch, cl}, ci = {dh, dl};
    dd two = {2.0, 0.0};
    int it = 0;
    for (; it < maxit; ++it) {
        dd x2 = dd_mul(zx, zx), y2 = dd_mul(zy, zy);
        if (x2.hi + y2.hi > 4.0) break;
        dd xy = dd_mul(zx, zy);
        zy = dd_add(dd_mul(two, xy), ci);
        zx = dd_add(dd_sub(x2, y2), cr);
    }
    iters[py * w + px] = (unsigned short)it;
}
