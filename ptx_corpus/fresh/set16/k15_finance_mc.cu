// Domain: option pricing (Black-Scholes closed form, Monte Carlo with in-kernel RNG, binomial lattice, Asian options)

__device__ __forceinline__ float cndf(float d)
{
    const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f, A5 = 1.330274429f;
    const float RSQRT2PI = 0.39894228040143267793994605993438f;
    float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float c = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
    return (d > 0) ? 1.0f - c : c;
}

// black_scholes_call_put: SDK BlackScholes - European call and put prices per option (grid-stride)
extern "C" __global__ void black_scholes_call_put(float* __restrict__ call, float* __restrict__ put, const float* __restrict__ S,
                                                  const float* __restrict__ X, const float* __restrict__ T, float R, float V, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float s = S[i], x = X[i], t = T[i];
        float sqrtT = sqrtf(t);
        float d1 = (__logf(s / x) + (R + 0.5f * V * V) * t) / (V * sqrtT);
        float d2 = d1 - V * sqrtT;
        float c1 = cndf(d1), c2 = cndf(d2);
        float expRT = __expf(-R * t);
        call[i] = s * c1 - x * expRT * c2;
        put[i] = x * expRT * (1.0f - c2) - s * (1.0f - c1);
    }
}

__device__ __forceinline__ unsigned long long splitmix64(unsigned long long& s)
{
    unsigned long long z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
__device__ __forceinline__ double u01(unsigned long long& s) { return (splitmix64(s) >> 11) * (1.0 / 9007199254740992.0); }

// mc_european_double_boxmuller: Monte Carlo European call in double precision, splitmix64 RNG + Box-Muller, per-block partial sums
extern "C" __global__ void mc_european_double_boxmuller(double* __restrict__ partial, double S0, double K, double r, double sigma,
                                                        double T, int pathsPerThread, unsigned long long seed)
{
    __shared__ double sh[2][32];
    unsigned long long st = seed ^ ((unsigned long long)(blockIdx.x * blockDim.x + threadIdx.x) * 0xD1B54A32D192ED03ull);
    double drift = (r - 0.5 * sigma * sigma) * T, vol = sigma * sqrt(T);
    double sum = 0.0, sum2 = 0.0;
    for (int p = 0; p < pathsPerThread; p += 2) {
        double u1 = fmax(u01(st), 1e-300), u2 = u01(st);
        double rad = sqrt(-2.0 * log(u1));
        double sn, cs;
        sincospi(2.0 * u2, &sn, &cs);
        double z0 = rad * cs, z1 = rad * sn;
        double pay0 = fmax(S0 * exp(drift + vol * z0) - K, 0.0);
        double pay1 = fmax(S0 * exp(drift + vol * z1) - K, 0.0);
        sum += pay0 + pay1; sum2 += pay0 * pay0 + pay1 * pay1;
    }
    for (int o = 16; o > 0; o >>= 1) {
        sum += __shfl_xor_sync(0xffffffffu, sum, o);
        sum2 += __shfl_xor_sync(0xffffffffu, sum2, o);
    }
    if ((threadIdx.x & 31) == 0) { sh[0][threadIdx.x >> 5] = sum; sh[1][threadIdx.x >> 5] = sum2; }
    __syncthreads();
    if (threadIdx.x == 0) {
        double a = 0, b = 0;
        for (int w = 0; w < (int)(blockDim.x >> 5); ++w) { a += sh[0][w]; b += sh[1][w]; }
        double disc = exp(-r * T);
        partial[2 * blockIdx.x] = a * disc;
        partial[2 * blockIdx.x + 1] = b * disc * disc;
    }
}

// binomial_american_put_smem: Cox-Ross-Rubinstein binomial tree (up to 1024 steps) for American puts, one option per block
extern "C" __global__ void binomial_american_put_smem(const float* __restrict__ S, const float* __restrict__ X, const float* __restrict__ T,
                                                      float* __restrict__ price, float R, float V, int steps)
{
    __shared__ float val[1025];
    int opt = blockIdx.x;
    float s = S[opt], x = X[opt], t = T[opt];
    float dt = t / steps;
    float vDt = V * sqrtf(dt);
    float u = __expf(vDt), d = 1.f / u;
    float disc = __expf(-R * dt);
    float pu = (__expf(R * dt) - d) / (u - d), pd = 1.f - pu;
    float puD = pu * disc, pdD = pd * disc;
    for (int i = threadIdx.x; i <= steps; i += blockDim.x) {
        float st = s * __expf(vDt * (2.f * i - steps));
        val[i] = fmaxf(x - st, 0.f);
    }
    __syncthreads();
    for (int n = steps - 1; n >= 0; --n) {
        float nv[4];
        int cnt = 0;
        for (int i = threadIdx.x; i <= n && cnt < 4; i += blockDim.x, ++cnt) {
            float st = s * __expf(vDt * (2.f * i - n));
            nv[cnt] = fmaxf(puD * val[i + 1] + pdD * val[i], x - st);
        }
        __syncthreads();
        cnt = 0;
        for (int i = threadIdx.x; i <= n && cnt < 4; i += blockDim.x, ++cnt) val[i] = nv[cnt];
        __syncthreads();
    }
    if (threadIdx.x == 0) price[opt] = val[0];
}

// mc_asian_arith_64steps_lb: arithmetic-average Asian call, 64 monitoring dates, antithetic paths with Philox-like 32-bit hashing, 4 antithetic path pairs unrolled per thread under __launch_bounds__(1024,1)
__device__ __forceinline__ unsigned hash32(unsigned x)
{
    x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16;
    return x;
}
extern "C" __global__ void __launch_bounds__(1024, 1)
mc_asian_arith_64steps_lb(float* __restrict__ out, float S0, float K, float r, float sigma, float T, unsigned seed)
{
    const int STEPS = 64, P = 4;
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    float dt = T / STEPS;
    float drift = (r - 0.5f * sigma * sigma) * dt, vol = sigma * sqrtf(dt);
    float lsA[P], lsB[P], sumA[P], sumB[P];
#pragma unroll
    for (int p = 0; p < P; ++p) { lsA[p] = lsB[p] = __logf(S0); sumA[p] = sumB[p] = 0.f; }
    for (int k = 0; k < STEPS; ++k) {
#pragma unroll
        for (int p = 0; p < P; ++p) {
            unsigned h1 = hash32(seed ^ hash32(tid * 131u + p * 7919u + k * 104729u));
            unsigned h2 = hash32(h1 + 0x9e3779b9u);
            float u1 = (h1 >> 8) * (1.f / 16777216.f) + 1e-7f, u2 = (h2 >> 8) * (1.f / 16777216.f);
            float z = sqrtf(-2.f * __logf(u1)) * __cosf(6.2831853f * u2);
            lsA[p] += drift + vol * z; lsB[p] += drift - vol * z;
            sumA[p] += __expf(lsA[p]); sumB[p] += __expf(lsB[p]);
        }
    }
    float pay = 0.f;
#pragma unroll
    for (int p = 0; p < P; ++p) pay += fmaxf(sumA[p] / STEPS - K, 0.f) + fmaxf(sumB[p] / STEPS - K, 0.f);
    out[tid] = pay * __expf(-r * T) / (2 * P);
}
