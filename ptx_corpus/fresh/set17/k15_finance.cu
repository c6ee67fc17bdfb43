// Domain: computational finance (Black-Scholes, Monte Carlo with Philox RNG, binomial trees, Asian options)

__device__ __forceinline__ float cndf(float d)
{
    const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f, A5 = 1.330274429f;
    const float RSQRT2PI = 0.39894228040143267793994605993438f;
    float K = __fdividef(1.0f, (1.0f + 0.2316419f * fabsf(d)));
    float c = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
    if (d > 0) c = 1.0f - c;
    return c;
}

// SDK BlackScholes: 2 options per thread iteration, grid-stride
extern "C" __global__ void black_scholes_sdk(float* __restrict__ d_Call, float* __restrict__ d_Put,
                                             const float* __restrict__ d_S, const float* __restrict__ d_X,
                                             const float* __restrict__ d_T, float R, float V, int optN)
{
    for (int opt = blockIdx.x * blockDim.x + threadIdx.x; opt < optN; opt += blockDim.x * gridDim.x) {
        float S = d_S[opt], X = d_X[opt], T = d_T[opt];
        float sqrtT = sqrtf(T);
        float d1 = __fdividef(__logf(S / X) + (R + 0.5f * V * V) * T, V * sqrtT);
        float d2 = d1 - V * sqrtT;
        float CNDD1 = cndf(d1), CNDD2 = cndf(d2);
        float expRT = __expf(-R * T);
        d_Call[opt] = S * CNDD1 - X * expRT * CNDD2;
        d_Put[opt] = X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1);
    }
}

// Double-precision Black-Scholes with full Greeks (accurate log/exp/erfc library paths)
extern "C" __global__ void black_scholes_greeks_double(const double* __restrict__ S, const double* __restrict__ K,
                                                       const double* __restrict__ T, const double* __restrict__ sigma,
                                                       double r, double q, double* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double s = S[i], k = K[i], t = T[i], v = sigma[i];
    double sqt = sqrt(t);
    double d1 = (log(s / k) + (r - q + 0.5 * v * v) * t) / (v * sqt);
    double d2 = d1 - v * sqt;
    double Nd1 = 0.5 * erfc(-d1 * 0.70710678118654752), Nd2 = 0.5 * erfc(-d2 * 0.70710678118654752);
    double pdf1 = 0.3989422804014327 * exp(-0.5 * d1 * d1);
    double dq = exp(-q * t), dr = exp(-r * t);
    double call = s * dq * Nd1 - k * dr * Nd2;
    double delta = dq * Nd1;
    double gamma = dq * pdf1 / (s * v * sqt);
    double vega = s * dq * pdf1 * sqt;
    double theta = -s * dq * pdf1 * v / (2.0 * sqt) - r * k * dr * Nd2 + q * s * dq * Nd1;
    double rho = k * t * dr * Nd2;
    double* o = out + 6 * (size_t)i;
    o[0] = call; o[1] = delta; o[2] = gamma; o[3] = vega; o[4] = theta; o[5] = rho;
}

// Philox4x32-10 counter-based RNG (fully unrolled rounds)
__device__ __forceinline__ uint4 philox4x32_10(uint4 c, uint2 k)
{
#pragma unroll
    for (int r = 0; r < 10; ++r) {
        unsigned hi0 = __umulhi(0xD2511F53u, c.x), lo0 = 0xD2511F53u * c.x;
        unsigned hi1 = __umulhi(0xCD9E8D57u, c.z), lo1 = 0xCD9E8D57u * c.z;
        c = make_uint4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
        k.x += 0x9E3779B9u; k.y += 0xBB67AE85u;
    }
    return c;
}

// Monte Carlo European call: Philox + Box-Muller, block reduction of payoff and payoff^2
extern "C" __global__ void mc_european_philox(float* __restrict__ sums, float S0, float K, float r, float sigma,
                                              float T, int pathsPerThread, unsigned seed)
{
    __shared__ float sh[2][32];
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    float drift = (r - 0.5f * sigma * sigma) * T, vol = sigma * sqrtf(T);
    float s = 0.f, s2 = 0.f;
    for (int p = 0; p < pathsPerThread; p += 4) {
        uint4 rnd = philox4x32_10(make_uint4(p, tid, 0, 0), make_uint2(seed, 0x1234u));
        float u[4] = {(rnd.x + 0.5f) * 2.3283064e-10f, (rnd.y + 0.5f) * 2.3283064e-10f,
                      (rnd.z + 0.5f) * 2.3283064e-10f, (rnd.w + 0.5f) * 2.3283064e-10f};
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            float rad = sqrtf(-2.f * logf(u[2 * h]));
            float sn, cs;
            sincospif(2.f * u[2 * h + 1], &sn, &cs);
            float z[2] = {rad * cs, rad * sn};
#pragma unroll
            for (int q = 0; q < 2; ++q) {
                float ST = S0 * expf(drift + vol * z[q]);
                float pay = fmaxf(ST - K, 0.f);
                s += pay; s2 += pay * pay;
            }
        }
    }
    for (int o = 16; o > 0; o >>= 1) {
        s += __shfl_xor_sync(0xffffffffu, s, o);
        s2 += __shfl_xor_sync(0xffffffffu, s2, o);
    }
    if ((threadIdx.x & 31) == 0) { sh[0][threadIdx.x >> 5] = s; sh[1][threadIdx.x >> 5] = s2; }
    __syncthreads();
    if (threadIdx.x == 0) {
        float a = 0.f, b = 0.f;
        for (int w = 0; w < (blockDim.x >> 5); ++w) { a += sh[0][w]; b += sh[1][w]; }
        float disc = expf(-r * T);
        atomicAdd(&sums[0], a * disc);
        atomicAdd(&sums[1], b * disc * disc);
    }
}

// CRR binomial tree for American puts, one option per thread, run-time step count (<=256)
// kept in a per-thread local array -> large stack frame
extern "C" __global__ void binomial_american_local(const float* __restrict__ S, const float* __restrict__ X,
                                                   const float* __restrict__ T, float R, float V,
                                                   float* __restrict__ price, int nOpt, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nOpt) return;
    steps = min(steps, 255);
    float v[256];
    float dt = T[i] / steps;
    float u = expf(V * sqrtf(dt)), d = 1.f / u;
    float disc = expf(-R * dt);
    float pu = (expf(R * dt) - d) / (u - d), pd = 1.f - pu;
    float s0 = S[i], x = X[i];
    for (int j = 0; j <= steps; ++j) {
        float st = s0 * powf(u, (float)(2 * j - steps));
        v[j] = fmaxf(x - st, 0.f);
    }
    for (int n = steps - 1; n >= 0; --n)
        for (int j = 0; j <= n; ++j) {
            float cont = disc * (pu * v[j + 1] + pd * v[j]);
            float st = s0 * powf(u, (float)(2 * j - n));
            v[j] = fmaxf(cont, x - st);
        }
    price[i] = v[0];
}

// Arithmetic Asian option, double precision paths with a 64-bit LCG + xorshift RNG and
// Marsaglia polar normal generation (data-dependent rejection loop)
extern "C" __global__ void mc_asian_double(double* __restrict__ payoff, double S0, double K, double r, double sigma,
                                           double T, int nSteps, int nPaths, unsigned long long seed)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nPaths) return;
    unsigned long long st = seed ^ (0x9E3779B97F4A7C15ull * (p + 1));
    double dt = T / nSteps, drift = (r - 0.5 * sigma * sigma) * dt, vol = sigma * sqrt(dt);
    double S = S0, acc = 0.0, spare = 0.0;
    bool haveSpare = false;
    for (int k = 0; k < nSteps; ++k) {
        double z;
        if (haveSpare) { z = spare; haveSpare = false; }
        else {
            double a, b, s;
            do {
                st ^= st << 13; st ^= st >> 7; st ^= st << 17;
                a = 2.0 * ((st >> 11) * 0x1.0p-53) - 1.0;
                st = st * 6364136223846793005ull + 1442695040888963407ull;
                b = 2.0 * ((st >> 11) * 0x1.0p-53) - 1.0;
                s = a * a + b * b;
            } while (s >= 1.0 || s == 0.0);
            double f = sqrt(-2.0 * log(s) / s);
            z = a * f; spare = b * f; haveSpare = true;
        }
        S *= exp(drift + vol * z);
        acc += S;
    }
    payoff[p] = exp(-r * T) * fmax(acc / nSteps - K, 0.0);
}
