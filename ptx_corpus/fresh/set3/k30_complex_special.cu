// Double-precision special functions: complex log-gamma (Lanczos), Bessel J0/Y0, complex Faddeeva-like kernel.
#include <cuda_runtime.h>
#include <cuComplex.h>
#include <math.h>

__device__ __forceinline__ cuDoubleComplex cmul(cuDoubleComplex a, cuDoubleComplex b) { return cuCmul(a, b); }
__device__ __forceinline__ cuDoubleComplex cdivd(cuDoubleComplex a, cuDoubleComplex b) { return cuCdiv(a, b); }
__device__ __forceinline__ cuDoubleComplex clog_(cuDoubleComplex z)
{
    return make_cuDoubleComplex(log(cuCabs(z)), atan2(cuCimag(z), cuCreal(z)));
}

// log Gamma(z) for Re(z) > 0.5 via Lanczos g=7, n=9, with reflection for the left half-plane.
extern "C" __global__ void clgamma_lanczos(const cuDoubleComplex* __restrict__ zin, cuDoubleComplex* __restrict__ out, int n)
{
    const double g = 7.0;
    const double coef[9] = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
                            -176.61502916214059, 12.507343278686905, -0.13857109526572012,
                            9.9843695780195716e-6, 1.5056327351493116e-7};
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    cuDoubleComplex z = zin[i];
    bool reflect = cuCreal(z) < 0.5;
    cuDoubleComplex zz = reflect ? make_cuDoubleComplex(1.0 - cuCreal(z), -cuCimag(z)) : z;
    zz.x -= 1.0;
    cuDoubleComplex x = make_cuDoubleComplex(coef[0], 0.0);
#pragma unroll
    for (int k = 1; k < 9; ++k) x = cuCadd(x, cdivd(make_cuDoubleComplex(coef[k], 0.0), make_cuDoubleComplex(zz.x + k, zz.y)));
    cuDoubleComplex t = make_cuDoubleComplex(zz.x + g + 0.5, zz.y);
    cuDoubleComplex lt = clog_(t);
    cuDoubleComplex r = make_cuDoubleComplex(0.5 * log(2.0 * 3.141592653589793), 0.0);
    r = cuCadd(r, cmul(make_cuDoubleComplex(zz.x + 0.5, zz.y), lt));
    r = cuCsub(r, t);
    r = cuCadd(r, clog_(x));
    if (reflect) {
        // log(pi / sin(pi z)) - lgamma(1-z)
        double sr, cr;
        sincospi(cuCreal(z), &sr, &cr);
        double sh = sinh(3.141592653589793 * cuCimag(z)), ch = cosh(3.141592653589793 * cuCimag(z));
        cuDoubleComplex s = make_cuDoubleComplex(sr * ch, cr * sh);
        r = cuCsub(cuCsub(make_cuDoubleComplex(log(3.141592653589793), 0.0), clog_(s)), r);
    }
    out[i] = r;
}

// Bessel J0 and Y0 for x > 0 via rational approximations (Numerical Recipes style), double.
extern "C" __global__ void bessel_j0y0(const double* __restrict__ x, double2* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = x[i], ax = fabs(v), j0, y0;
    if (ax < 8.0) {
        double y = v * v;
        double n1 = 57568490574.0 + y * (-13362590354.0 + y * (651619640.7 + y * (-11214424.18 + y * (77392.33017 + y * (-184.9052456)))));
        double d1 = 57568490411.0 + y * (1029532985.0 + y * (9494680.718 + y * (59272.64853 + y * (267.8532712 + y))));
        j0 = n1 / d1;
        double n2 = -2957821389.0 + y * (7062834065.0 + y * (-512359803.6 + y * (10879881.29 + y * (-86327.92757 + y * 228.4622733))));
        double d2 = 40076544269.0 + y * (745249964.8 + y * (7189466.438 + y * (47447.26470 + y * (226.1030244 + y))));
        y0 = n2 / d2 + 0.636619772 * j0 * log(v);
    } else {
        double z = 8.0 / ax, y = z * z, xx = ax - 0.785398164;
        double p = 1.0 + y * (-0.1098628627e-2 + y * (0.2734510407e-4 + y * (-0.2073370639e-5 + y * 0.2093887211e-6)));
        double q = -0.1562499995e-1 + y * (0.1430488765e-3 + y * (-0.6911147651e-5 + y * (0.7621095161e-6 - y * 0.934935152e-7)));
        double s, c;
        sincos(xx, &s, &c);
        double f = sqrt(0.636619772 / ax);
        j0 = f * (c * p - z * s * q);
        y0 = f * (s * p + z * c * q);
    }
    out[i] = make_double2(j0, y0);
}

// Complex polynomial root refinement: Durand-Kerner iterations for degree-6 polynomials, one per thread.
extern "C" __global__ void __launch_bounds__(128)
durand_kerner_deg6(const cuDoubleComplex* __restrict__ coeffs, cuDoubleComplex* __restrict__ roots,
                   int n_polys, int iters)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n_polys) return;
    cuDoubleComplex a[7], z[6];
#pragma unroll
    for (int k = 0; k < 7; ++k) a[k] = coeffs[(size_t)p * 7 + k];
    cuDoubleComplex lead = a[6];
#pragma unroll
    for (int k = 0; k < 7; ++k) a[k] = cdivd(a[k], lead);
    cuDoubleComplex seed = make_cuDoubleComplex(0.4, 0.9);
    z[0] = make_cuDoubleComplex(1.0, 0.0);
#pragma unroll
    for (int k = 1; k < 6; ++k) z[k] = cmul(z[k - 1], seed);
    for (int it = 0; it < iters; ++it) {
#pragma unroll
        for (int r = 0; r < 6; ++r) {
            cuDoubleComplex num = a[6];
#pragma unroll
            for (int k = 5; k >= 0; --k) num = cuCadd(cmul(num, z[r]), a[k]);
            cuDoubleComplex den = make_cuDoubleComplex(1.0, 0.0);
#pragma unroll
            for (int s = 0; s < 6; ++s) if (s != r) den = cmul(den, cuCsub(z[r], z[s]));
            z[r] = cuCsub(z[r], cdivd(num, den));
        }
    }
#pragma unroll
    for (int k = 0; k < 6; ++k) roots[(size_t)p * 6 + k] = z[k];
}
