// Domain: computational finance (option pricing)
// black_scholes_sdk      - closed-form European call/put, polynomial CND in a __noinline__ function (SDK style)
// heston_mc_double       - Heston stochastic-volatility Monte Carlo in double, inline Philox-like RNG,
//                          __launch_bounds__(128,16)
// binomial_tree_local    - CRR binomial American put with a 257-entry per-thread local value array
// basket_asian_lb        - 8-asset basket Asian option path simulation with Cholesky mixing, __launch_bounds__(256,6)

__device__ __noinline__ float cnd_poly(float d)
{
    const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f, A5 = 1.330274429f;
    const float RSQRT2PI = 0.39894228040143267794f;
    float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float c = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
    return d > 0 ? 1.0f - c : c;
}

extern "C" __global__ void black_scholes_sdk(float *__restrict__ call, float *__restrict__ put,
                                             const float *__restrict__ S, const float *__restrict__ X,
                                             const float *__restrict__ T, float R, float V, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float s = S[i], x = X[i], t = T[i];
        float sqrtT = sqrtf(t);
        float d1 = (__logf(s / x) + (R + 0.5f * V * V) * t) / (V * sqrtT);
        float d2 = d1 - V * sqrtT;
        float cnd1 = cnd_poly(d1), cnd2 = cnd_poly(d2);
        float expRT = __expf(-R * t);
        call[i] = s * cnd1 - x * expRT * cnd2;
        put[i] = x * expRT * (1.0f - cnd2) - s * (1.0f - cnd1);
    }
}

__device__ __forceinline__ void rng_next(unsigned &s0, unsigned &s1, unsigned &s2, unsigned &s3)
{
    unsigned long long p = (unsigned long long)s0 * 0xD2511F53u;
    unsigned long long q = (unsigned long long)s2 * 0xCD9E8D57u;
    unsigned h0 = (unsigned)(p >> 32), l0 = (unsigned)p, h1 = (unsigned)(q >> 32), l1 = (unsigned)q;
    s0 = h1 ^ s1 ^ 0x9E3779B9u;
    s1 = l1;
    s2 = h0 ^ s3 ^ 0xBB67AE85u;
    s3 = l0;
}

__device__ __forceinline__ double u01(unsigned a, unsigned b)
{
    unsigned long long v = ((unsigned long long)a << 21) ^ b;
    return ((v & ((1ull << 53) - 1)) + 0.5) * (1.0 / 9007199254740992.0);
}

extern "C" __global__ void __launch_bounds__(128, 16)
heston_mc_double(double *payoff_sum, double *payoff_sq, double S0, double v0, double r,
                                            double kappa, double theta, double xi, double rho, double K, double T,
                                            int nsteps, int paths_per_thread, unsigned seed)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned s0 = seed ^ tid, s1 = tid * 747796405u + 1u, s2 = 0x85EBCA6Bu ^ seed, s3 = tid;
    double dt = T / nsteps, sdt = sqrt(dt), rho2 = sqrt(1.0 - rho * rho);
    double acc = 0.0, acc2 = 0.0;
    for (int p = 0; p < paths_per_thread; ++p) {
        double lnS = log(S0), v = v0;
        for (int k = 0; k < nsteps; ++k) {
            rng_next(s0, s1, s2, s3);
            double u1 = u01(s0, s1), u2 = u01(s2, s3);
            double rad = sqrt(-2.0 * log(u1));
            double sn, cs;
            sincospi(2.0 * u2, &sn, &cs);
            double z1 = rad * cs, z2 = rho * z1 + rho2 * rad * sn;
            double vp = fmax(v, 0.0), sv = sqrt(vp);
            lnS += (r - 0.5 * vp) * dt + sv * sdt * z1;
            v += kappa * (theta - vp) * dt + xi * sv * sdt * z2;
        }
        double pay = fmax(exp(lnS) - K, 0.0) * exp(-r * T);
        acc += pay;
        acc2 += pay * pay;
    }
    payoff_sum[tid] = acc;
    payoff_sq[tid] = acc2;
}

extern "C" __global__ void binomial_tree_local(const float *S, const float *X, const float *T, float r, float sigma,
                                               float *price, int nopt, int nsteps)
{
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= nopt) return;
    float V[257];
    nsteps = min(nsteps, 256);
    float s = S[o], x = X[o], t = T[o];
    float dt = t / nsteps;
    float u = __expf(sigma * sqrtf(dt)), d = 1.f / u;
    float disc = __expf(-r * dt);
    float pu = (__expf(r * dt) - d) / (u - d), pd = 1.f - pu;
    for (int i = 0; i <= nsteps; ++i) {
        float st = s * __powf(u, (float)(2 * i - nsteps));
        V[i] = fmaxf(x - st, 0.f);
    }
    for (int j = nsteps - 1; j >= 0; --j) {
        for (int i = 0; i <= j; ++i) {
            float st = s * __powf(u, (float)(2 * i - j));
            float cont = disc * (pu * V[i + 1] + pd * V[i]);
            V[i] = fmaxf(cont, x - st);
        }
    }
    price[o] = V[0];
}

#define NA 8
__constant__ float c_chol[NA * NA];
__constant__ float c_S0[NA], c_vol[NA], c_w[NA];

extern "C" __global__ void __launch_bounds__(256, 6)
basket_asian_lb(const float *__restrict__ normals, float *__restrict__ payoff, int nsteps, int npaths,
                float r, float dt, float K)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npaths) return;
    float lnS[NA], avg[NA], drift[NA], vs[NA];
#pragma unroll
    for (int a = 0; a < NA; ++a) {
        lnS[a] = __logf(c_S0[a]);
        avg[a] = 0.f;
        drift[a] = (r - 0.5f * c_vol[a] * c_vol[a]) * dt;
        vs[a] = c_vol[a] * sqrtf(dt);
    }
    for (int k = 0; k < nsteps; ++k) {
        float z[NA];
#pragma unroll
        for (int a = 0; a < NA; ++a) z[a] = normals[((size_t)k * NA + a) * npaths + p];
#pragma unroll
        for (int a = 0; a < NA; ++a) {
            float c = 0.f;
#pragma unroll
            for (int b = 0; b <= a; ++b) c += c_chol[a * NA + b] * z[b];
            lnS[a] += drift[a] + vs[a] * c;
            avg[a] += __expf(lnS[a]);
        }
    }
    float basket = 0.f;
#pragma unroll
    for (int a = 0; a < NA; ++a) basket += c_w[a] * avg[a];
    basket /= nsteps;
    payoff[p] = __expf(-r * dt * nsteps) * fmaxf(basket - K, 0.f);
}
