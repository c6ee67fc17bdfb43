// Double-precision transcendental math
#include <math.h>
extern "C" __global__ void lognormal_pdf_f64(const double* __restrict__ x, const double* __restrict__ mu,
                                             const double* __restrict__ sigma, double* __restrict__ out, long n)
{
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double xv = x[i];
    double s = sigma[i];
    double lx = log(xv);
    double z = (lx - mu[i]) / s;
    out[i] = exp(-0.5 * z * z) / (xv * s * sqrt(2.0 * M_PI));
}

extern "C" __global__ void black_scholes_f64(const double* S, const double* K, const double* T,
                                             double r, double v, double* call, double* put, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double sqrtT = sqrt(T[i]);
    double d1 = (log(S[i] / K[i]) + (r + 0.5 * v * v) * T[i]) / (v * sqrtT);
    double d2 = d1 - v * sqrtT;
    double cnd1 = 0.5 * erfc(-d1 * M_SQRT1_2);
    double cnd2 = 0.5 * erfc(-d2 * M_SQRT1_2);
    double expRT = exp(-r * T[i]);
    call[i] = S[i] * cnd1 - K[i] * expRT * cnd2;
    put[i]  = K[i] * expRT * (1.0 - cnd2) - S[i] * (1.0 - cnd1);
}
