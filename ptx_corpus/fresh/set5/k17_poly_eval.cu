// Polynomial evaluation schemes: piecewise Horner, Estrin (degree 23, double),
// and minimax rational approximations.

// Horner evaluation of per-segment polynomials (piecewise, degree <= 7) for a spline table.
extern "C" __global__ void piecewise_horner7(const float* __restrict__ x, int n, const float* __restrict__ knots, int nseg,
                                             const float* __restrict__ coef /* nseg x 8 */, float* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float xv = x[i];
    int lo = 0, hi = nseg;
    while (hi - lo > 1) { int mid = (lo + hi) >> 1; if (knots[mid] <= xv) lo = mid; else hi = mid; }
    float t = xv - knots[lo];
    const float* c = coef + lo * 8;
    float r = c[7];
#pragma unroll
    for (int k = 6; k >= 0; --k) r = fmaf(r, t, c[k]);
    y[i] = r;
}

// Estrin evaluation of many degree-23 double polynomials at many points: each thread does 4 points.
extern "C" __global__ void estrin23_double_batch(const double* __restrict__ coef /* npoly x 24 */, int npoly,
                                                 const double* __restrict__ xs, int npts, double* __restrict__ out)
{
    int p = blockIdx.y;
    int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    if (p >= npoly || i >= npts) return;
    double c[24];
#pragma unroll
    for (int k = 0; k < 24; ++k) c[k] = coef[p * 24 + k];
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        if (i + q >= npts) break;
        double x = xs[i + q];
        double x2 = x * x, x4 = x2 * x2, x8 = x4 * x4, x16 = x8 * x8;
        double t[12];
#pragma unroll
        for (int k = 0; k < 12; ++k) t[k] = fma(c[2 * k + 1], x, c[2 * k]);
        double u[6];
#pragma unroll
        for (int k = 0; k < 6; ++k) u[k] = fma(t[2 * k + 1], x2, t[2 * k]);
        double v0 = fma(u[1], x4, u[0]), v1 = fma(u[3], x4, u[2]), v2 = fma(u[5], x4, u[4]);
        double w0 = fma(v1, x8, v0);
        out[(long)p * npts + i + q] = fma(v2, x16, w0);
    }
}

// Rational minimax approximation of exp(x) on [-ln2/2, ln2/2] in double with range reduction,
// plus Pade-style (6,6) approximant of tanh, fused to compute softplus and tanh.
extern "C" __global__ void rational_exp_tanh(const double* __restrict__ x, int n, double* __restrict__ exp_out,
                                             double* __restrict__ tanh_out, double* __restrict__ softplus_out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = x[i];
    // exp via Cody-Waite reduction and (P(r^2) r) / (Q(r^2) - P(r^2) r)
    const double LN2_HI = 6.93147180369123816490e-01, LN2_LO = 1.90821492927058770002e-10;
    double kf = rint(v * 1.44269504088896338700);
    double r = fma(-kf, LN2_HI, v);
    r = fma(-kf, LN2_LO, r);
    double r2 = r * r;
    double P = r * fma(fma(3.0299440770744196129956e-5, r2, 6.3121894374398503557e-2), r2, 1.0);
    double Q = fma(fma(fma(3.0019850513866445504e-9, r2, 2.5244834034968410419e-3), r2, 2.2726554820815502876e-1), r2, 2.0);
    double er = 1.0 + 2.0 * P / (Q - P);
    int ki = (int)kf;
    ki = max(min(ki, 1023), -1022);
    double ev = er * __longlong_as_double((long long)(ki + 1023) << 52);
    exp_out[i] = ev;
    // tanh via (6,6) Pade with clamp
    double z = fmin(fmax(v, -9.0), 9.0);
    double z2 = z * z;
    double num = z * fma(fma(fma(z2, 1.0, 378.0), z2, 17325.0), z2, 135135.0);
    double den = fma(fma(fma(28.0, z2, 3150.0), z2, 62370.0), z2, 135135.0);
    tanh_out[i] = num / den;
    // softplus = log1p(exp(v)) computed via atanh series on s = e/(2+e)
    double e = v > 0 ? 1.0 / ev : ev;
    double s = e / (2.0 + e), s2 = s * s;
    double lg = 2.0 * s * fma(fma(fma(fma(s2, 1.0 / 9.0, 1.0 / 7.0), s2, 1.0 / 5.0), s2, 1.0 / 3.0), s2, 1.0);
    softplus_out[i] = (v > 0 ? v : 0.0) + lg;
}
