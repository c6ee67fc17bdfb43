// Rates/commodity option analytics: Black-76 prices and Greeks (double), Hagan SABR implied volatility, and Bachelier normal-vol pricing with half-precision output.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

__device__ __forceinline__ double ncdf(double x) { return 0.5 * erfc(-x * 0.70710678118654752440); }
__device__ __forceinline__ double npdf(double x) { return 0.39894228040143267794 * exp(-0.5 * x * x); }

struct Black76Out { double price, delta, gamma, vega, theta; };

extern "C" __global__ void
black76_greeks(const double* __restrict__ F, const double* __restrict__ K, const double* __restrict__ T,
               const double* __restrict__ vol, const double* __restrict__ df, const int* __restrict__ isCall,
               Black76Out* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double f = F[i], k = K[i], t = fmax(T[i], 1e-12), s = vol[i], D = df[i];
    double sq = s * sqrt(t);
    double d1 = (log(f / k) + 0.5 * sq * sq) / sq, d2 = d1 - sq;
    double r = -log(D) / t;
    Black76Out o;
    double pd1 = npdf(d1);
    if (isCall[i]) {
        double Nd1 = ncdf(d1), Nd2 = ncdf(d2);
        o.price = D * (f * Nd1 - k * Nd2);
        o.delta = D * Nd1;
        o.theta = -D * f * pd1 * s / (2.0 * sqrt(t)) + r * o.price;
    } else {
        double Nd1 = ncdf(-d1), Nd2 = ncdf(-d2);
        o.price = D * (k * Nd2 - f * Nd1);
        o.delta = -D * Nd1;
        o.theta = -D * f * pd1 * s / (2.0 * sqrt(t)) + r * o.price;
    }
    o.gamma = D * pd1 / (f * sq);
    o.vega = D * f * pd1 * sqrt(t);
    out[i] = o;
}

// Hagan et al. (2002) lognormal SABR implied volatility with beta, alpha, rho, nu per smile (AoS params)
struct SabrParams { double alpha, beta, rho, nu; };

__device__ double sabr_vol(double f, double k, double t, const SabrParams& p)
{
    const double eps = 1e-7;
    double b1 = 1.0 - p.beta;
    double fk = f * k;
    double fkb = pow(fk, 0.5 * b1);
    double lfk = log(f / k);
    double z = (p.nu / p.alpha) * fkb * lfk;
    double xz;
    if (fabs(z) < eps) xz = 1.0 - 0.5 * p.rho * z;
    else {
        double sq = sqrt(1.0 - 2.0 * p.rho * z + z * z);
        xz = z / log((sq + z - p.rho) / (1.0 - p.rho));
    }
    double l2 = lfk * lfk;
    double denom = fkb * (1.0 + b1 * b1 / 24.0 * l2 + b1 * b1 * b1 * b1 / 1920.0 * l2 * l2);
    double corr = 1.0 + (b1 * b1 / 24.0 * p.alpha * p.alpha / (fkb * fkb) + 0.25 * p.rho * p.beta * p.nu * p.alpha / fkb
                         + (2.0 - 3.0 * p.rho * p.rho) / 24.0 * p.nu * p.nu) * t;
    return p.alpha / denom * xz * corr;
}

extern "C" __global__ void __launch_bounds__(128, 4)
sabr_smile_grid(const SabrParams* __restrict__ params, const double* __restrict__ fwd, const double* __restrict__ expiry,
                const double* __restrict__ strikeOffsets, int nStrikes, int nSmiles, double* __restrict__ ivol, double* __restrict__ prices)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= nSmiles * nStrikes) return;
    int s = idx / nStrikes, j = idx % nStrikes;
    SabrParams p = params[s];
    double f = fwd[s], t = expiry[s];
    double k = fmax(f + strikeOffsets[j], 1e-8);
    double v = sabr_vol(f, k, t, p);
    ivol[idx] = v;
    double sq = v * sqrt(t);
    double d1 = (log(f / k) + 0.5 * sq * sq) / sq;
    prices[idx] = k >= f ? f * ncdf(d1) - k * ncdf(d1 - sq) : k * ncdf(-(d1 - sq)) - f * ncdf(-d1);
}

// Bachelier (normal) model pricing for swaptions, float math, half output of price and vega
extern "C" __global__ void
bachelier_swaption(const float* __restrict__ F, const float* __restrict__ K, const float* __restrict__ T,
                   const float* __restrict__ nvol, const float* __restrict__ annuity, __half2* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float sd = nvol[i] * sqrtf(T[i]);
    float d = (F[i] - K[i]) / sd;
    float pdf = 0.3989422804f * __expf(-0.5f * d * d);
    float cdf = normcdff(d);
    float price = annuity[i] * ((F[i] - K[i]) * cdf + sd * pdf);
    float vega = annuity[i] * sqrtf(T[i]) * pdf;
    out[i] = __floats2half2_rn(price, vega);
}
