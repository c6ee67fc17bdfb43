// Vector graphics: adaptive cubic Bézier flattening by recursive de Casteljau subdivision,
// analytic-ish quadratic curve winding/coverage rasterisation per pixel (font glyph style,
// Loop-Blinn inspired sample test with signed-distance AA), and fixed-count parametric
// flattening with curvature-based segment allocation (Levien's approximation).
#include <cuda_runtime.h>

struct Cubic { float2 p0, p1, p2, p3; };

__device__ __forceinline__ float2 lerp2(float2 a, float2 b, float t) { return make_float2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t); }

// Recursive subdivision with a flatness test; writes line segment end points.
__device__ __noinline__ int flatten_rec(float2 p0, float2 p1, float2 p2, float2 p3, float tol2, int depth,
                                        float2 *out, int pos, int cap)
{
    float ux = 3.f * p1.x - 2.f * p0.x - p3.x, uy = 3.f * p1.y - 2.f * p0.y - p3.y;
    float vx = 3.f * p2.x - 2.f * p3.x - p0.x, vy = 3.f * p2.y - 2.f * p3.y - p0.y;
    float d = fmaxf(ux * ux, vx * vx) + fmaxf(uy * uy, vy * vy);
    if (depth == 0 || d <= 16.f * tol2) {
        if (pos < cap) out[pos] = p3;
        return pos + 1;
    }
    float2 p01 = lerp2(p0, p1, 0.5f), p12 = lerp2(p1, p2, 0.5f), p23 = lerp2(p2, p3, 0.5f);
    float2 p012 = lerp2(p01, p12, 0.5f), p123 = lerp2(p12, p23, 0.5f);
    float2 m = lerp2(p012, p123, 0.5f);
    pos = flatten_rec(p0, p01, p012, m, tol2, depth - 1, out, pos, cap);
    return flatten_rec(m, p123, p23, p3, tol2, depth - 1, out, pos, cap);
}

extern "C" __global__ void bezier_flatten_adaptive(const Cubic *__restrict__ curves, int n, float tol,
                                                   int max_depth, int cap, float2 *__restrict__ pts,
                                                   int *__restrict__ npts)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Cubic c = curves[i];
    float2 *out = pts + (size_t)i * cap;
    out[0] = c.p0;
    int cnt = flatten_rec(c.p0, c.p1, c.p2, c.p3, tol * tol, max_depth, out, 1, cap);
    npts[i] = min(cnt, cap);
}

// Levien-style flattening: estimate the number of segments from an integral of sqrt(curvature)
// approximated on a 16-sample lookup of the parabola approximation, then emit uniformly in "u".
__device__ __forceinline__ float approx_integral(float x)
{
    const float d = 0.67f;
    return x / (1.f - d + sqrtf(sqrtf(d * d * d * d + 0.25f * x * x)));
}
__device__ __forceinline__ float approx_inv_integral(float x)
{
    const float b = 0.39f;
    return x * (1.f - b + sqrtf(b * b + 0.25f * x * x));
}

struct Quad { float2 p0, p1, p2; };

extern "C" __global__ void quad_flatten_levien(const Quad *__restrict__ q, int n, float tol,
                                               int maxseg, float2 *__restrict__ out, int *__restrict__ nseg)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Quad Q = q[i];
    float ddx = 2.f * Q.p1.x - Q.p0.x - Q.p2.x, ddy = 2.f * Q.p1.y - Q.p0.y - Q.p2.y;
    float cross = (Q.p2.x - Q.p0.x) * ddy - (Q.p2.y - Q.p0.y) * ddx;
    float x0 = ((Q.p1.x - Q.p0.x) * ddx + (Q.p1.y - Q.p0.y) * ddy) / cross;
    float x2 = ((Q.p2.x - Q.p1.x) * ddx + (Q.p2.y - Q.p1.y) * ddy) / cross;
    float scale = fabsf(cross / (hypotf(ddx, ddy) * (x2 - x0)));
    float a0 = approx_integral(x0), a2 = approx_integral(x2);
    float val;
    if (isfinite(scale)) {
        float da = fabsf(a2 - a0);
        float sqrt_scale = sqrtf(scale);
        if (signbit(x0) == signbit(x2)) val = da * sqrt_scale;
        else {
            float xmin = sqrtf(tol) / sqrt_scale;
            val = da * sqrtf(tol) / approx_integral(xmin);
        }
    } else val = 0.f;
    float u0 = approx_inv_integral(a0), u2 = approx_inv_integral(a2);
    int ns = max(1, min(maxseg, (int)ceilf(0.5f * val / sqrtf(tol))));
    float2 *o = out + (size_t)i * (maxseg + 1);
    o[0] = Q.p0;
    for (int k = 1; k <= ns; ++k) {
        float u = (float)k / ns;
        float a = a0 + (a2 - a0) * u;
        float t = (approx_inv_integral(a) - u0) / (u2 - u0);
        if (!isfinite(t)) t = u;
        float mt = 1.f - t;
        o[k] = make_float2(mt * mt * Q.p0.x + 2.f * mt * t * Q.p1.x + t * t * Q.p2.x,
                           mt * mt * Q.p0.y + 2.f * mt * t * Q.p1.y + t * t * Q.p2.y);
    }
    nseg[i] = ns;
}

// Glyph coverage: each pixel casts a horizontal ray against all quadratic curves of its glyph
// (curves for the glyph band are staged in shared memory); winding via root solving, coverage via
// distance to nearest curve for antialiasing.
extern "C" __global__ void __launch_bounds__(256)
glyph_coverage(const Quad *__restrict__ curves, const int2 *__restrict__ glyph_range, // [nglyph] (first, count)
               const float4 *__restrict__ glyph_box, int glyph, int W, int H,
               unsigned char *__restrict__ alpha)
{
    __shared__ Quad sc[256];
    int2 rg = glyph_range[glyph];
    int ncurve = min(rg.y, 256);
    for (int k = threadIdx.x + threadIdx.y * blockDim.x; k < ncurve; k += blockDim.x * blockDim.y) sc[k] = curves[rg.x + k];
    __syncthreads();
    int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= W || py >= H) return;
    float4 box = glyph_box[glyph];
    float x = box.x + (px + 0.5f) * (box.z - box.x) / W;
    float y = box.y + (py + 0.5f) * (box.w - box.y) / H;
    float pix = (box.z - box.x) / W;
    int winding = 0;
    float mind2 = 1e30f;
    for (int k = 0; k < ncurve; ++k) {
        Quad q = sc[k];
        // y(t) = a t^2 + b t + c - y = 0
        float a = q.p0.y - 2.f * q.p1.y + q.p2.y;
        float b = 2.f * (q.p1.y - q.p0.y);
        float c = q.p0.y - y;
        float roots[2]; int nr = 0;
        if (fabsf(a) < 1e-7f) {
            if (fabsf(b) > 1e-7f) roots[nr++] = -c / b;
        } else {
            float disc = b * b - 4.f * a * c;
            if (disc >= 0.f) {
                float sq = sqrtf(disc);
                float qq = -0.5f * (b + copysignf(sq, b));
                roots[nr++] = qq / a;
                if (qq != 0.f) roots[nr++] = c / qq;
            }
        }
        for (int r = 0; r < nr; ++r) {
            float t = roots[r];
            if (t < 0.f || t >= 1.f) continue;
            float mt = 1.f - t;
            float xt = mt * mt * q.p0.x + 2.f * mt * t * q.p1.x + t * t * q.p2.x;
            if (xt > x) {
                float dy = 2.f * (mt * (q.p1.y - q.p0.y) + t * (q.p2.y - q.p1.y));
                winding += dy > 0.f ? 1 : -1;
            }
        }
        // approximate distance via 8 samples along the curve
#pragma unroll
        for (int s = 0; s <= 8; ++s) {
            float t = s * 0.125f, mt = 1.f - t;
            float cx = mt * mt * q.p0.x + 2.f * mt * t * q.p1.x + t * t * q.p2.x;
            float cy = mt * mt * q.p0.y + 2.f * mt * t * q.p1.y + t * t * q.p2.y;
            float dx = cx - x, dy = cy - y;
            mind2 = fminf(mind2, dx * dx + dy * dy);
        }
    }
    float d = sqrtf(mind2) / pix;
    float inside = winding != 0 ? 1.f : 0.f;
    float cov = inside ? fminf(0.5f + d, 1.f) : fmaxf(0.5f - d, 0.f);
    alpha[py * W + px] = (unsigned char)(cov * 255.f + 0.5f);
}
