// Domain: computational finance (lattice and Monte Carlo option pricing)
// binomial_american: Cox-Ross-Rubinstein binomial tree for American options, per-thread value array of up to 257 floats.
// trinomial_european_dp: double-precision trinomial tree (Boyle) for European options, per-thread 257-node array.
// mc_asian_sobol: arithmetic Asian call via Sobol quasi-random paths (gray-code free direct construction), inverse-normal transform.
// mc_european_philox: European call/put Monte Carlo with an inline Philox4x32-10 generator and Box-Muller, block reduction.

#include <stdint.h>

#define MAX_STEPS 256

extern "C" __global__ void binomial_american(const float* __restrict__ S, const float* __restrict__ X,
                                             const float* __restrict__ T, float r, float sigma, int steps,
                                             int is_put, float* __restrict__ price, int nopt)
{
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= nopt) return;
    steps = min(steps, MAX_STEPS);
    float s0 = S[o], k = X[o], t = T[o];
    float dt = t / steps;
    float u = expf(sigma * sqrtf(dt)), d = 1.f / u;
    float disc = expf(-r * dt);
    float pu = (expf(r * dt) - d) / (u - d), pd = 1.f - pu;
    pu *= disc; pd *= disc;
    float v[MAX_STEPS + 1];
    float sT = s0 * powf(d, (float)steps);
    float u2 = u * u;
    for (int i = 0; i <= steps; i++) {
        float pay = is_put ? k - sT : sT - k;
        v[i] = fmaxf(pay, 0.f);
        sT *= u2;
    }
    for (int n = steps - 1; n >= 0; n--) {
        float sn = s0 * powf(d, (float)n);
        for (int i = 0; i <= n; i++) {
            float cont = pu * v[i + 1] + pd * v[i];
            float ex = is_put ? k - sn : sn - k;
            v[i] = fmaxf(cont, ex);
            sn *= u2;
        }
    }
    price[o] = v[0];
}

extern "C" __global__ void trinomial_european_dp(const double* __restrict__ S, const double* __restrict__ X,
                                                 const double* __restrict__ T, double r, double q, double sigma,
                                                 int steps, int is_put, double* __restrict__ price, int nopt)
{
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= nopt) return;
    steps = min(steps, 128);
    double s0 = S[o], k = X[o], t = T[o];
    double dt = t / steps;
    double dx = sigma * sqrt(3.0 * dt);
    double nu = r - q - 0.5 * sigma * sigma;
    double a = sigma * sigma * dt / (dx * dx), b = nu * dt / dx;
    double disc = exp(-r * dt);
    double pu = 0.5 * (a + b * b + b) * disc;
    double pd = 0.5 * (a + b * b - b) * disc;
    double pm = (1.0 - a - b * b) * disc;
    double V[2 * 128 + 1];
    int nn = 2 * steps + 1;
    for (int j = 0; j < nn; j++) {
        double st = s0 * exp((j - steps) * dx);
        V[j] = fmax(is_put ? k - st : st - k, 0.0);
    }
    for (int n = steps - 1; n >= 0; n--) {
        int cnt = 2 * n + 1;
        for (int j = 0; j < cnt; j++) V[j] = pd * V[j] + pm * V[j + 1] + pu * V[j + 2];
    }
    price[o] = V[0];
}

__constant__ uint32_t c_sobol_dir[32][32];   // [dimension][bit]

extern "C" __global__ void mc_asian_sobol(float s0, float k, float r, float sigma, float T, int nsteps,
                                          int npaths, float* __restrict__ payoff_sum)
{
    __shared__ float warp_part[32];
    nsteps = min(nsteps, 32);
    float dt = T / nsteps;
    float drift = (r - 0.5f * sigma * sigma) * dt, vol = sigma * sqrtf(dt);
    float acc = 0.f;
    for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < npaths; p += gridDim.x * blockDim.x) {
        uint32_t idx = (uint32_t)p + 1;   // skip the origin
        float logs = logf(s0), sum = 0.f;
        for (int d = 0; d < nsteps; d++) {
            uint32_t x = 0;
            uint32_t g = idx;
#pragma unroll 4
            for (int b = 0; b < 32 && g; b++, g >>= 1)
                if (g & 1u) x ^= c_sobol_dir[d][b];
            float u = ((float)x + 0.5f) * 2.3283064365386963e-10f;
            float z = normcdfinvf(u);
            logs += drift + vol * z;
            sum += __expf(logs);
        }
        acc += fmaxf(sum / nsteps - k, 0.f);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if ((threadIdx.x & 31) == 0) warp_part[threadIdx.x >> 5] = acc;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0.f;
        for (int w = 0; w < (int)((blockDim.x + 31) >> 5); w++) s += warp_part[w];
        atomicAdd(payoff_sum, s * __expf(-r * T));
    }
}

__device__ __forceinline__ uint4 philox4x32_10(uint4 ctr, uint2 key)
{
    const uint32_t M0 = 0xD2511F53u, M1 = 0xCD9E8D57u, W0 = 0x9E3779B9u, W1 = 0xBB67AE85u;
#pragma unroll
    for (int i = 0; i < 10; i++) {
        uint32_t hi0 = __umulhi(M0, ctr.x), lo0 = M0 * ctr.x;
        uint32_t hi1 = __umulhi(M1, ctr.z), lo1 = M1 * ctr.z;
        ctr = make_uint4(hi1 ^ ctr.y ^ key.x, lo1, hi0 ^ ctr.w ^ key.y, lo0);
        key.x += W0; key.y += W1;
    }
    return ctr;
}

extern "C" __global__ void mc_european_philox(float s0, float k, float r, float sigma, float T,
                                              unsigned long long seed, int paths_per_thread,
                                              double* __restrict__ call_sum, double* __restrict__ put_sum)
{
    __shared__ double sc[256], sp[256];
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    uint2 key = make_uint2((uint32_t)seed, (uint32_t)(seed >> 32));
    float mu = (r - 0.5f * sigma * sigma) * T, sd = sigma * sqrtf(T);
    double c = 0.0, p = 0.0;
    for (int i = 0; i < paths_per_thread; i += 4) {
        uint4 rnd = philox4x32_10(make_uint4((uint32_t)i, (uint32_t)tid, 0u, 0u), key);
        float u1 = (rnd.x + 1.f) * 2.3283064365386963e-10f, u2 = rnd.y * 2.3283064365386963e-10f;
        float u3 = (rnd.z + 1.f) * 2.3283064365386963e-10f, u4 = rnd.w * 2.3283064365386963e-10f;
        float rad1 = sqrtf(-2.f * __logf(u1)), rad2 = sqrtf(-2.f * __logf(u3));
        float s1, c1, s2, c2;
        __sincosf(6.2831853f * u2, &s1, &c1);
        __sincosf(6.2831853f * u4, &s2, &c2);
        float z[4] = {rad1 * c1, rad1 * s1, rad2 * c2, rad2 * s2};
#pragma unroll
        for (int j = 0; j < 4; j++) {
            if (i + j >= paths_per_thread) break;
            float st = s0 * __expf(mu + sd * z[j]);
            c += fmaxf(st - k, 0.f);
            p += fmaxf(k - st, 0.f);
        }
    }
    sc[threadIdx.x] = c;
    sp[threadIdx.x] = p;
    __syncthreads();
    for (int s = blockDim.x >> 1; s > 0; s >>= 1) {
        if (threadIdx.x < s) { sc[threadIdx.x] += sc[threadIdx.x + s]; sp[threadIdx.x] += sp[threadIdx.x + s]; }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        double df = exp(-(double)r * T);
        atomicAdd(call_sum, sc[0] * df);
        atomicAdd(put_sum, sp[0] * df);
    }
}
