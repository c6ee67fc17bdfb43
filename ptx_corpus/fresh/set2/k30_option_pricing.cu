__device__ __forceinline__ double cnd(double d)
{
    const double A1 = 0.31938153, A2 = -0.356563782, A3 = 1.781477937, A4 = -1.821255978, A5 = 1.330274429;
    const double RSQRT2PI = 0.39894228040143267794;
    double K = 1.0 / (1.0 + 0.2316419 * fabs(d));
    double c = RSQRT2PI * exp(-0.5 * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
    return d > 0 ? 1.0 - c : c;
}

extern "C" __global__ void black_scholes_greeks(const double* __restrict__ S, const double* __restrict__ X,
    const double* __restrict__ T, double r, double v, double* __restrict__ call, double* __restrict__ put,
    double4* __restrict__ greeks, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        double s = S[i], x = X[i], t = T[i];
        double sq = sqrt(t);
        double d1 = (log(s / x) + (r + 0.5 * v * v) * t) / (v * sq);
        double d2 = d1 - v * sq;
        double nd1 = cnd(d1), nd2 = cnd(d2);
        double e = exp(-r * t);
        call[i] = s * nd1 - x * e * nd2;
        put[i] = x * e * (1.0 - nd2) - s * (1.0 - nd1);
        double pdf = 0.39894228040143267794 * exp(-0.5 * d1 * d1);
        greeks[i] = make_double4(nd1, pdf / (s * v * sq), s * pdf * sq, -s * pdf * v / (2 * sq) - r * x * e * nd2);
    }
}

extern "C" __global__ void __launch_bounds__(128, 8) heston_qe_paths(const double* __restrict__ normals,
    double* __restrict__ payoff, int nPaths, int nSteps, double S0, double V0, double kappa, double theta,
    double xi, double rho, double r, double dt, double strike, double barrier)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nPaths) return;
    double lnS = log(S0), V = V0;
    double ekdt = exp(-kappa * dt);
    double k0 = -rho * kappa * theta * dt / xi;
    double k1 = 0.5 * dt * (kappa * rho / xi - 0.5) - rho / xi;
    double k2 = 0.5 * dt * (kappa * rho / xi - 0.5) + rho / xi;
    double k3 = 0.5 * dt * (1 - rho * rho), k4 = k3;
    bool knocked = false;
    double avg = 0.0;
    for (int t = 0; t < nSteps; ++t) {
        double z1 = normals[(size_t)(2 * t) * nPaths + p];
        double z2 = normals[(size_t)(2 * t + 1) * nPaths + p];
        double m = theta + (V - theta) * ekdt;
        double s2 = V * xi * xi * ekdt / kappa * (1 - ekdt) + theta * xi * xi / (2 * kappa) * (1 - ekdt) * (1 - ekdt);
        double psi = s2 / (m * m);
        double Vn;
        if (psi <= 1.5) {
            double b2 = 2 / psi - 1 + sqrt(2 / psi) * sqrt(2 / psi - 1);
            double a = m / (1 + b2);
            double bz = sqrt(b2) + z2;
            Vn = a * bz * bz;
        } else {
            double pp = (psi - 1) / (psi + 1);
            double beta = (1 - pp) / m;
            double u = 0.5 * erfc(-z2 * 0.70710678118654752);
            Vn = u <= pp ? 0.0 : log((1 - pp) / (1 - u)) / beta;
        }
        lnS += r * dt + k0 + k1 * V + k2 * Vn + sqrt(k3 * V + k4 * Vn) * z1;
        V = Vn;
        double Sx = exp(lnS);
        avg += Sx;
        knocked |= Sx >= barrier;
    }
    avg /= nSteps;
    payoff[p] = knocked ? 0.0 : exp(-r * dt * nSteps) * fmax(avg - strike, 0.0);
}

#define NA 6
// basket option on 6 correlated GBM assets; Cholesky factor held in registers
extern "C" __global__ void basket_mc_cholesky(const double* __restrict__ chol, const double* __restrict__ S0,
    const double* __restrict__ sigma, const double* __restrict__ weights, const double* __restrict__ normals,
    double* __restrict__ pathPayoff, int nPaths, int nSteps, double r, double dt, double strike)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nPaths) return;
    double L[NA][NA], lnS[NA], drift[NA], vol[NA], w[NA];
#pragma unroll
    for (int i = 0; i < NA; ++i) {
#pragma unroll
        for (int j = 0; j < NA; ++j) L[i][j] = j <= i ? chol[i * NA + j] : 0.0;
        lnS[i] = log(S0[i]);
        vol[i] = sigma[i] * sqrt(dt);
        drift[i] = (r - 0.5 * sigma[i] * sigma[i]) * dt;
        w[i] = weights[i];
    }
    double runMax = 0.0;
    for (int t = 0; t < nSteps; ++t) {
        double z[NA];
#pragma unroll
        for (int i = 0; i < NA; ++i) z[i] = normals[((size_t)t * NA + i) * nPaths + p];
        double basket = 0.0;
#pragma unroll
        for (int i = 0; i < NA; ++i) {
            double c = 0.0;
#pragma unroll
            for (int j = 0; j <= i; ++j) c += L[i][j] * z[j];
            lnS[i] += drift[i] + vol[i] * c;
            basket += w[i] * exp(lnS[i]);
        }
        runMax = fmax(runMax, basket);
    }
    double fin = 0.0;
#pragma unroll
    for (int i = 0; i < NA; ++i) fin += w[i] * exp(lnS[i]);
    pathPayoff[p] = exp(-r * dt * nSteps) * (fmax(fin - strike, 0.0) + 0.25 * fmax(runMax - strike, 0.0));
}
