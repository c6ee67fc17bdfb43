// Credit portfolio risk with copulas: one-factor Gaussian copula default simulation with
// loss aggregation, multi-factor Student-t copula using a Cholesky-loaded factor vector in
// registers, and the Vasicek large-pool loss distribution / CDO tranche expected loss via
// Gauss-Hermite quadrature (double precision).
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ uint64_t splitmix64(uint64_t &x)
{
    uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

__device__ __forceinline__ float normal_from(uint64_t &s)
{
    uint64_t r = splitmix64(s);
    float u1 = ((uint32_t)r >> 8) * (1.f / 16777216.f) + 1e-8f;
    float u2 = ((uint32_t)(r >> 32) >> 8) * (1.f / 16777216.f);
    return sqrtf(-2.f * __logf(u1)) * __cosf(6.2831853f * u2);
}

// One scenario per thread; obligors streamed through shared memory.
extern "C" __global__ void __launch_bounds__(256)
gauss_copula_losses(const float *__restrict__ thresh,   // Phi^{-1}(PD) per obligor
                    const float *__restrict__ rho_sqrt, // sqrt(rho) per obligor
                    const float *__restrict__ ead_lgd,  // exposure * LGD
                    int nobl, int nscen, uint64_t seed, float *__restrict__ losses)
{
    __shared__ float sT[256], sR[256], sE[256];
    int sc = blockIdx.x * blockDim.x + threadIdx.x;
    uint64_t st = seed ^ ((uint64_t)sc << 20);
    float M = normal_from(st);
    float loss = 0.f;
    for (int base = 0; base < nobl; base += 256) {
        int j = base + threadIdx.x;
        if (j < nobl) { sT[threadIdx.x] = thresh[j]; sR[threadIdx.x] = rho_sqrt[j]; sE[threadIdx.x] = ead_lgd[j]; }
        __syncthreads();
        int cnt = min(256, nobl - base);
        for (int k = 0; k < cnt; ++k) {
            float a = sR[k];
            float eps = normal_from(st);
            float X = a * M + sqrtf(1.f - a * a) * eps;
            if (X < sT[k]) loss += sE[k];
        }
        __syncthreads();
    }
    if (sc < nscen) losses[sc] = loss;
}

// Multi-factor t-copula: NF systematic factors correlated via lower-triangular Cholesky factor,
// chi-square mixing with nu degrees of freedom (sum of squared normals), sector loadings per obligor.
#define NF 6
extern "C" __global__ void t_copula_losses(const float *__restrict__ cholL,   // NF*NF
                                           const float *__restrict__ loadings, // [nobl][NF]
                                           const float *__restrict__ idio,     // sqrt(1 - R^2)
                                           const float *__restrict__ thresh_t, // t_nu^{-1}(PD)
                                           const float *__restrict__ ead_lgd,
                                           int nobl, int nscen, int nu, uint64_t seed,
                                           float *__restrict__ losses, unsigned *__restrict__ ndefaults)
{
    int sc = blockIdx.x * blockDim.x + threadIdx.x;
    if (sc >= nscen) return;
    uint64_t st = seed + 0xD1B54A32D192ED03ULL * (uint64_t)(sc + 1);
    float z[NF], F[NF];
#pragma unroll
    for (int i = 0; i < NF; ++i) z[i] = normal_from(st);
#pragma unroll
    for (int i = 0; i < NF; ++i) {
        float s = 0.f;
#pragma unroll
        for (int j = 0; j <= i; ++j) s += __ldg(cholL + i * NF + j) * z[j];
        F[i] = s;
    }
    float chi = 0.f;
    for (int k = 0; k < nu; ++k) { float g = normal_from(st); chi += g * g; }
    float W = sqrtf(nu / chi);
    float loss = 0.f;
    unsigned nd = 0;
    for (int j = 0; j < nobl; ++j) {
        const float *a = loadings + (size_t)j * NF;
        float sys = 0.f;
#pragma unroll
        for (int f = 0; f < NF; ++f) sys += __ldg(a + f) * F[f];
        float X = W * (sys + __ldg(idio + j) * normal_from(st));
        if (X < __ldg(thresh_t + j)) { loss += __ldg(ead_lgd + j); ++nd; }
    }
    losses[sc] = loss;
    ndefaults[sc] = nd;
}

// Inverse normal CDF (Acklam) in double.
__device__ __noinline__ double norm_inv(double p)
{
    const double a[6] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                         1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
    const double b[5] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                         6.680131188771972e+01, -1.328068155288572e+01};
    const double c[6] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                         -2.549671010428340e+00, 4.374664141464968e+00, 2.938163982698783e+00};
    const double d[4] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00};
    double q, r;
    if (p < 0.02425) {
        q = sqrt(-2 * log(p));
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p > 1 - 0.02425) {
        q = sqrt(-2 * log(1 - p));
        return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    q = p - 0.5; r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

// Expected tranche loss under the large homogeneous pool model via Gauss-Hermite quadrature.
// One thread per (pd, rho, attach, detach) tuple. Nodes/weights for 32-point rule passed in.
extern "C" __global__ void lhp_tranche_el(const double4_32a *__restrict__ deals, const double *__restrict__ recovery,
                                          const double *__restrict__ gh_x, const double *__restrict__ gh_w, int ngh,
                                          int ndeals, double *__restrict__ el)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ndeals) return;
    double4_32a d = deals[i];
    double pd = d.x, rho = d.y, A = d.z, D = d.w;
    double R = recovery[i];
    double c = norm_inv(pd);
    double sr = sqrt(rho), s1 = sqrt(1.0 - rho);
    double acc = 0.0;
    for (int k = 0; k < ngh; ++k) {
        double m = gh_x[k] * 1.4142135623730951;      // physicists' Hermite -> standard normal
        double cp = normcdf((c - sr * m) / s1);       // conditional PD
        double L = (1.0 - R) * cp;
        double tl = fmin(fmax(L - A, 0.0), D - A) / (D - A);
        acc += gh_w[k] * tl;
    }
    el[i] = acc * 0.5641895835477563;  // 1/sqrt(pi)
}
