// Special functions in double precision as used by statistics / physics codes:
// regularised incomplete gamma P(a,x) (series + Lentz continued fraction), Lanczos lgamma,
// Bessel J0/J1/Y0 (rational approximations + asymptotic), and Student-t / chi^2 CDF tables.
// Non-inlined helpers produce genuine call frames.
#include <cuda_runtime.h>
#include <math.h>

__device__ __noinline__ double lanczos_lgamma(double x)
{
    const double g = 7.0;
    const double c[9] = {0.99999999999980993, 676.5203681218851, -1259.1392167224028,
                         771.32342877765313, -176.61503916999185, 12.507343278686905,
                         -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
    if (x < 0.5) return log(3.141592653589793 / fabs(sin(3.141592653589793 * x))) - lanczos_lgamma(1.0 - x);
    x -= 1.0;
    double a = c[0];
    double t = x + g + 0.5;
#pragma unroll
    for (int i = 1; i < 9; ++i) a += c[i] / (x + i);
    return 0.9189385332046727 + (x + 0.5) * log(t) - t + log(a);
}

__device__ __noinline__ double gamma_p(double a, double x)
{
    if (x <= 0.0) return 0.0;
    double lg = lanczos_lgamma(a);
    if (x < a + 1.0) {
        double ap = a, sum = 1.0 / a, del = sum;
        for (int n = 0; n < 500; ++n) {
            ap += 1.0; del *= x / ap; sum += del;
            if (fabs(del) < fabs(sum) * 1e-15) break;
        }
        return sum * exp(-x + a * log(x) - lg);
    } else {
        const double FPMIN = 1e-300;
        double b = x + 1.0 - a, c = 1.0 / FPMIN, d = 1.0 / b, h = d;
        for (int i = 1; i < 500; ++i) {
            double an = -i * (i - a);
            b += 2.0;
            d = an * d + b; if (fabs(d) < FPMIN) d = FPMIN;
            c = b + an / c; if (fabs(c) < FPMIN) c = FPMIN;
            d = 1.0 / d;
            double del = d * c;
            h *= del;
            if (fabs(del - 1.0) < 1e-15) break;
        }
        return 1.0 - exp(-x + a * log(x) - lg) * h;
    }
}

__device__ double bessel_j0(double x)
{
    double ax = fabs(x);
    if (ax < 8.0) {
        double y = x * x;
        double a1 = 57568490574.0 + y * (-13362590354.0 + y * (651619640.7 + y * (-11214424.18 + y * (77392.33017 + y * (-184.9052456)))));
        double a2 = 57568490411.0 + y * (1029532985.0 + y * (9494680.718 + y * (59272.64853 + y * (267.8532712 + y * 1.0))));
        return a1 / a2;
    }
    double z = 8.0 / ax, y = z * z, xx = ax - 0.785398164;
    double a1 = 1.0 + y * (-0.1098628627e-2 + y * (0.2734510407e-4 + y * (-0.2073370639e-5 + y * 0.2093887211e-6)));
    double a2 = -0.1562499995e-1 + y * (0.1430488765e-3 + y * (-0.6911147651e-5 + y * (0.7621095161e-6 - y * 0.934935152e-7)));
    return sqrt(0.636619772 / ax) * (cos(xx) * a1 - z * sin(xx) * a2);
}

__device__ double bessel_j1(double x)
{
    double ax = fabs(x);
    if (ax < 8.0) {
        double y = x * x;
        double a1 = x * (72362614232.0 + y * (-7895059235.0 + y * (242396853.1 + y * (-2972611.439 + y * (15704.48260 + y * (-30.16036606))))));
        double a2 = 144725228442.0 + y * (2300535178.0 + y * (18583304.74 + y * (99447.43394 + y * (376.9991397 + y * 1.0))));
        return a1 / a2;
    }
    double z = 8.0 / ax, y = z * z, xx = ax - 2.356194491;
    double a1 = 1.0 + y * (0.183105e-2 + y * (-0.3516396496e-4 + y * (0.2457520174e-5 + y * (-0.240337019e-6))));
    double a2 = 0.04687499995 + y * (-0.2002690873e-3 + y * (0.8449199096e-5 + y * (-0.88228987e-6 + y * 0.105787412e-6)));
    double ans = sqrt(0.636619772 / ax) * (cos(xx) * a1 - z * sin(xx) * a2);
    return x < 0.0 ? -ans : ans;
}

__device__ double bessel_y0(double x)
{
    if (x < 8.0) {
        double y = x * x;
        double a1 = -2957821389.0 + y * (7062834065.0 + y * (-512359803.6 + y * (10879881.29 + y * (-86327.92757 + y * 228.4622733))));
        double a2 = 40076544269.0 + y * (745249964.8 + y * (7189466.438 + y * (47447.26470 + y * (226.1030244 + y * 1.0))));
        return a1 / a2 + 0.636619772 * bessel_j0(x) * log(x);
    }
    double z = 8.0 / x, y = z * z, xx = x - 0.785398164;
    double a1 = 1.0 + y * (-0.1098628627e-2 + y * (0.2734510407e-4 + y * (-0.2073370639e-5 + y * 0.2093887211e-6)));
    double a2 = -0.1562499995e-1 + y * (0.1430488765e-3 + y * (-0.6911147651e-5 + y * (0.7621095161e-6 + y * (-0.934945152e-7))));
    return sqrt(0.636619772 / x) * (sin(xx) * a1 + z * cos(xx) * a2);
}

extern "C" __global__ void incomplete_gamma_batch(const double* __restrict__ a, const double* __restrict__ x,
                                                  double* __restrict__ p, double* __restrict__ chi2_cdf, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    p[i] = gamma_p(a[i], x[i]);
    chi2_cdf[i] = gamma_p(0.5 * a[i], 0.5 * x[i]);   // chi^2 with a dof
}

// Cylindrical wave field: sum of J0/Y0 contributions from sources (Hankel function H0).
extern "C" __global__ void hankel_field_sum(const double2* __restrict__ src_pos, const double2* __restrict__ src_amp,
                                            int nsrc, const double2* __restrict__ rcv, double2* __restrict__ field,
                                            int nrcv, double k)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nrcv) return;
    double2 q = rcv[r];
    double re = 0.0, im = 0.0;
    for (int s = 0; s < nsrc; ++s) {
        double2 p = src_pos[s], a = src_amp[s];
        double dx = q.x - p.x, dy = q.y - p.y;
        double kr = k * sqrt(dx * dx + dy * dy) + 1e-12;
        double j0 = bessel_j0(kr), y0 = bessel_y0(kr);
        // H0^(1) = J0 + i Y0 ; field += a * H0 * (i/4)
        double hr = -0.25 * y0, hi = 0.25 * j0;
        re += a.x * hr - a.y * hi;
        im += a.x * hi + a.y * hr;
    }
    field[r] = make_double2(re, im);
}

// Student-t CDF via regularised incomplete beta continued fraction (Lentz).
__device__ __noinline__ double betacf(double a, double b, double x)
{
    const double FPMIN = 1e-300;
    double qab = a + b, qap = a + 1.0, qam = a - 1.0;
    double c = 1.0, d = 1.0 - qab * x / qap;
    if (fabs(d) < FPMIN) d = FPMIN;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 300; ++m) {
        int m2 = 2 * m;
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d; if (fabs(d) < FPMIN) d = FPMIN;
        c = 1.0 + aa / c; if (fabs(c) < FPMIN) c = FPMIN;
        d = 1.0 / d; h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d; if (fabs(d) < FPMIN) d = FPMIN;
        c = 1.0 + aa / c; if (fabs(c) < FPMIN) c = FPMIN;
        d = 1.0 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1.0) < 1e-15) break;
    }
    return h;
}

extern "C" __global__ void student_t_cdf_and_j1(const double* __restrict__ t, const double* __restrict__ nu,
                                                double* __restrict__ cdf, double* __restrict__ j1_out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = nu[i], tt = t[i];
    double x = v / (v + tt * tt);
    double a = 0.5 * v, b = 0.5;
    double lbeta = lanczos_lgamma(a) + lanczos_lgamma(b) - lanczos_lgamma(a + b);
    double front = exp(log(x) * a + log1p(-x) * b - lbeta);
    double ib = (x < (a + 1.0) / (a + b + 2.0)) ? front * betacf(a, b, x) / a
                                                : 1.0 - front * betacf(b, a, 1.0 - x) / b;
    cdf[i] = tt > 0 ? 1.0 - 0.5 * ib : 0.5 * ib;
    j1_out[i] = bessel_j1(tt);
}
