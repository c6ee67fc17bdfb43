// Monte Carlo kernels with hand-rolled RNGs: European option pricing, Asian option paths, pi estimation.
struct XorWow { unsigned int d, v[5]; };

__device__ __forceinline__ unsigned int xorwow_next(XorWow &s)
{
    unsigned int t = s.v[0] ^ (s.v[0] >> 2);
    s.v[0] = s.v[1]; s.v[1] = s.v[2]; s.v[2] = s.v[3]; s.v[3] = s.v[4];
    s.v[4] = (s.v[4] ^ (s.v[4] << 4)) ^ (t ^ (t << 1));
    s.d += 362437;
    return s.v[4] + s.d;
}

__device__ __forceinline__ void xorwow_init(XorWow &s, unsigned long long seed, unsigned int id)
{
    unsigned int s0 = (unsigned int)seed ^ 0xaad26b49u, s1 = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
    unsigned int t0 = 1099087573u * s0, t1 = 2591861531u * s1;
    s.d = 6615241 + t1 + t0 + id * 0x9E3779B9u;
    s.v[0] = 123456789u + t0; s.v[1] = 362436069u ^ t0; s.v[2] = 521288629u + t1;
    s.v[3] = 88675123u ^ t1; s.v[4] = 5783321u + t0 + id;
}

__device__ __forceinline__ float uniform01(XorWow &s) { return (xorwow_next(s) >> 8) * (1.0f / 16777216.0f) + (0.5f / 16777216.0f); }

__device__ __forceinline__ float2 boxMuller(XorWow &s)
{
    float u1 = uniform01(s), u2 = uniform01(s);
    float r = sqrtf(-2.0f * logf(u1));
    float sn, cs;
    sincospif(2.0f * u2, &sn, &cs);
    return make_float2(r * cs, r * sn);
}

extern "C" __global__ void mc_european_call(float *blockPayoff, float S0, float K, float r, float sigma, float T,
                                            int pathsPerThread, unsigned long long seed)
{
    __shared__ float red[256];
    XorWow st;
    unsigned int id = blockIdx.x * blockDim.x + threadIdx.x;
    xorwow_init(st, seed, id);
    float drift = (r - 0.5f * sigma * sigma) * T, vol = sigma * sqrtf(T);
    float sum = 0.0f;
    for (int p = 0; p < pathsPerThread; p += 2) {
        float2 z = boxMuller(st);
        float s1 = S0 * __expf(drift + vol * z.x);
        float s2 = S0 * __expf(drift + vol * z.y);
        sum += fmaxf(s1 - K, 0.0f) + fmaxf(s2 - K, 0.0f);
    }
    red[threadIdx.x] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) blockPayoff[blockIdx.x] = red[0] * __expf(-r * T);
}

// Arithmetic-average Asian option; each thread simulates full paths step by step in double precision.
extern "C" __global__ void mc_asian_double(double *payoffs, double S0, double K, double r, double sigma,
                                           double T, int nSteps, int nPaths, unsigned long long seed)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= nPaths) return;
    XorWow st;
    xorwow_init(st, seed, id);
    double dt = T / nSteps;
    double drift = (r - 0.5 * sigma * sigma) * dt, vol = sigma * sqrt(dt);
    double S = S0, avg = 0.0;
    for (int i = 0; i < nSteps; i += 2) {
        double u1 = (xorwow_next(st) + 0.5) * 2.3283064365386963e-10;
        double u2 = (xorwow_next(st) + 0.5) * 2.3283064365386963e-10;
        double rr = sqrt(-2.0 * log(u1));
        double z0 = rr * cos(6.283185307179586 * u2), z1 = rr * sin(6.283185307179586 * u2);
        S *= exp(drift + vol * z0);
        avg += S;
        if (i + 1 < nSteps) {
            S *= exp(drift + vol * z1);
            avg += S;
        }
    }
    avg /= nSteps;
    payoffs[id] = exp(-r * T) * fmax(avg - K, 0.0);
}

// Pi estimation with a linear congruential generator and warp-aggregated atomics.
extern "C" __global__ void mc_pi_lcg(unsigned long long *hits, int samplesPerThread, unsigned int seed)
{
    unsigned int state = seed ^ (blockIdx.x * blockDim.x + threadIdx.x) * 747796405u;
    unsigned int count = 0;
    for (int i = 0; i < samplesPerThread; ++i) {
        state = state * 1664525u + 1013904223u;
        float x = (state >> 8) * (1.0f / 16777216.0f);
        state = state * 1664525u + 1013904223u;
        float y = (state >> 8) * (1.0f / 16777216.0f);
        count += (x * x + y * y <= 1.0f);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) count += __shfl_down_sync(0xffffffffu, count, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(hits, (unsigned long long)count);
}
