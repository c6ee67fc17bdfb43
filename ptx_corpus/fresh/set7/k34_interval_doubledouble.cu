// Verified / extended-precision numerics: double-double (error-free transformation) dot products
// and Horner polynomial evaluation, interval Newton root isolation with directed rounding
// intrinsics and an explicit work stack, and recursive adaptive Simpson quadrature.
#include <cuda_runtime.h>

struct __align__(16) dvec4 { double x, y, z, w; };

struct dd { double hi, lo; };

__device__ __forceinline__ dd two_sum(double a, double b)
{
    double s = a + b, bb = s - a;
    return {s, (a - (s - bb)) + (b - bb)};
}
__device__ __forceinline__ dd two_prod(double a, double b)
{
    double p = a * b;
    return {p, fma(a, b, -p)};
}
__device__ __forceinline__ dd dd_add(dd a, dd b)
{
    dd s = two_sum(a.hi, b.hi), t = two_sum(a.lo, b.lo);
    s.lo += t.hi;
    s = two_sum(s.hi, s.lo);
    s.lo += t.lo;
    return two_sum(s.hi, s.lo);
}
__device__ __forceinline__ dd dd_mul(dd a, dd b)
{
    dd p = two_prod(a.hi, b.hi);
    p.lo += a.hi * b.lo + a.lo * b.hi;
    return two_sum(p.hi, p.lo);
}

extern "C" __global__ void dd_dot_batched(const double* __restrict__ x, const double* __restrict__ y,
                                          double2* __restrict__ out, int len, int nvec)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nvec) return;
    const double* a = x + (size_t)v * len;
    const double* b = y + (size_t)v * len;
    dd acc0 = {0, 0}, acc1 = {0, 0};
    int i = 0;
    for (; i + 1 < len; i += 2) {
        dd p0 = two_prod(a[i], b[i]), p1 = two_prod(a[i + 1], b[i + 1]);
        acc0 = dd_add(acc0, p0);
        acc1 = dd_add(acc1, p1);
    }
    if (i < len) acc0 = dd_add(acc0, two_prod(a[i], b[i]));
    dd r = dd_add(acc0, acc1);
    out[v] = make_double2(r.hi, r.lo);
}

// Evaluate degree-31 polynomial with dd coefficients at many points (Horner in dd).
extern "C" __global__ void dd_horner_poly32(const double2* __restrict__ coef, const double* __restrict__ xs,
                                            double2* __restrict__ out, int n)
{
    __shared__ double2 c[32];
    if (threadIdx.x < 32) c[threadIdx.x] = coef[threadIdx.x];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    dd x = {xs[i], 0.0};
    dd r = {c[31].x, c[31].y};
#pragma unroll 8
    for (int k = 30; k >= 0; --k) {
        r = dd_mul(r, x);
        r = dd_add(r, dd{c[k].x, c[k].y});
    }
    out[i] = make_double2(r.hi, r.lo);
}

struct ival { double lo, hi; };
__device__ __forceinline__ ival iv_add(ival a, ival b) { return {__dadd_rd(a.lo, b.lo), __dadd_ru(a.hi, b.hi)}; }
__device__ __forceinline__ ival iv_sub(ival a, ival b) { return {__dsub_rd(a.lo, b.hi), __dsub_ru(a.hi, b.lo)}; }
__device__ __forceinline__ ival iv_mul(ival a, ival b)
{
    double p1 = __dmul_rd(a.lo, b.lo), p2 = __dmul_rd(a.lo, b.hi), p3 = __dmul_rd(a.hi, b.lo), p4 = __dmul_rd(a.hi, b.hi);
    double q1 = __dmul_ru(a.lo, b.lo), q2 = __dmul_ru(a.lo, b.hi), q3 = __dmul_ru(a.hi, b.lo), q4 = __dmul_ru(a.hi, b.hi);
    return {fmin(fmin(p1, p2), fmin(p3, p4)), fmax(fmax(q1, q2), fmax(q3, q4))};
}
// f(x) = x^5 - a x^3 + b x - c ; f'(x) = 5x^4 - 3a x^2 + b
__device__ __forceinline__ ival f_iv(ival x, double a, double b, double c)
{
    ival x2 = iv_mul(x, x), x3 = iv_mul(x2, x), x5 = iv_mul(x3, x2);
    ival r = iv_sub(x5, iv_mul(ival{a, a}, x3));
    r = iv_add(r, iv_mul(ival{b, b}, x));
    return iv_sub(r, ival{c, c});
}
__device__ __forceinline__ ival df_iv(ival x, double a, double b)
{
    ival x2 = iv_mul(x, x), x4 = iv_mul(x2, x2);
    ival r = iv_sub(iv_mul(ival{5, 5}, x4), iv_mul(ival{3 * a, 3 * a}, x2));
    return iv_add(r, ival{b, b});
}

#define STACK 48
extern "C" __global__ void interval_newton_roots(const dvec4* __restrict__ params,   // a, b, c, unused
                                                 double2* __restrict__ roots, int* __restrict__ nroots,
                                                 int nprob, int max_roots, double lo0, double hi0, double tol)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nprob) return;
    dvec4 pr = params[p];
    ival stack[STACK];           // dynamic push/pop -> local memory
    int sp = 0, found = 0;
    stack[sp++] = {lo0, hi0};
    int iter = 0;
    while (sp > 0 && iter < 2000) {
        ++iter;
        ival X = stack[--sp];
        ival F = f_iv(X, pr.x, pr.y, pr.z);
        if (F.lo > 0.0 || F.hi < 0.0) continue;
        if (X.hi - X.lo < tol) {
            if (found < max_roots) roots[p * max_roots + found] = make_double2(X.lo, X.hi);
            ++found;
            continue;
        }
        ival D = df_iv(X, pr.x, pr.y);
        double m = 0.5 * (X.lo + X.hi);
        ival Fm = f_iv(ival{m, m}, pr.x, pr.y, pr.z);
        if (D.lo > 0.0 || D.hi < 0.0) {
            // N(X) = m - f(m)/F'(X)
            double q1 = __ddiv_rd(Fm.lo, D.lo), q2 = __ddiv_rd(Fm.lo, D.hi), q3 = __ddiv_rd(Fm.hi, D.lo), q4 = __ddiv_rd(Fm.hi, D.hi);
            double r1 = __ddiv_ru(Fm.lo, D.lo), r2 = __ddiv_ru(Fm.lo, D.hi), r3 = __ddiv_ru(Fm.hi, D.lo), r4 = __ddiv_ru(Fm.hi, D.hi);
            ival Q = {fmin(fmin(q1, q2), fmin(q3, q4)), fmax(fmax(r1, r2), fmax(r3, r4))};
            ival N = {__dsub_rd(m, Q.hi), __dsub_ru(m, Q.lo)};
            ival I = {fmax(N.lo, X.lo), fmin(N.hi, X.hi)};
            if (I.lo <= I.hi && sp < STACK) stack[sp++] = I;
        } else if (sp + 2 <= STACK) {
            stack[sp++] = {m, X.hi};
            stack[sp++] = {X.lo, m};
        }
    }
    nroots[p] = found;
}

// Recursive adaptive Simpson on oscillatory integrand exp(-a x) cos(w x) / (1 + x^2).
__device__ __forceinline__ float integrand(float x, float a, float w) { return __expf(-a * x) * __cosf(w * x) / (1.f + x * x); }

__device__ float simpson_rec(float a_, float w_, float lo, float hi, float flo, float fmid, float fhi,
                             float whole, float eps, int depth)
{
    float m = 0.5f * (lo + hi);
    float lm = 0.5f * (lo + m), rm = 0.5f * (m + hi);
    float flm = integrand(lm, a_, w_), frm = integrand(rm, a_, w_);
    float left = (m - lo) / 6.f * (flo + 4.f * flm + fmid);
    float right = (hi - m) / 6.f * (fmid + 4.f * frm + fhi);
    float delta = left + right - whole;
    if (depth <= 0 || fabsf(delta) <= 15.f * eps) return left + right + delta / 15.f;
    return simpson_rec(a_, w_, lo, m, flo, flm, fmid, left, 0.5f * eps, depth - 1) +
           simpson_rec(a_, w_, m, hi, fmid, frm, fhi, right, 0.5f * eps, depth - 1);
}

extern "C" __global__ void adaptive_simpson_batch(const float2* __restrict__ aw, const float2* __restrict__ range,
                                                  float* __restrict__ result, int n, float eps, int max_depth)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float2 p = aw[i], r = range[i];
    float flo = integrand(r.x, p.x, p.y), fhi = integrand(r.y, p.x, p.y);
    float fm = integrand(0.5f * (r.x + r.y), p.x, p.y);
    float whole = (r.y - r.x) / 6.f * (flo + 4.f * fm + fhi);
    result[i] = simpson_rec(p.x, p.y, r.x, r.y, flo, fm, fhi, whole, eps, max_depth);
}
