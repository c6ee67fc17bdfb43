// Markov-chain Monte Carlo: random-walk Metropolis-Hastings chains on an 8-D correlated Gaussian (xoshiro128** RNG), Bayesian logistic-regression MH with shared data, and parallel-tempering swaps.
#include <cuda_runtime.h>
#include <stdint.h>

#define MD 8

struct Xoshiro { uint32_t s[4]; };
__device__ __forceinline__ uint32_t rotl32(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }
__device__ __forceinline__ uint32_t xo_next(Xoshiro& r)
{
    uint32_t res = rotl32(r.s[1] * 5u, 7) * 9u, t = r.s[1] << 9;
    r.s[2] ^= r.s[0]; r.s[3] ^= r.s[1]; r.s[1] ^= r.s[2]; r.s[0] ^= r.s[3];
    r.s[2] ^= t; r.s[3] = rotl32(r.s[3], 11);
    return res;
}
__device__ __forceinline__ float xo_uniform(Xoshiro& r) { return (xo_next(r) >> 8) * (1.f / 16777216.f) + (0.5f / 16777216.f); }
__device__ __forceinline__ float2 xo_normal2(Xoshiro& r)
{
    float u1 = xo_uniform(r), u2 = xo_uniform(r);
    float rad = sqrtf(-2.f * __logf(u1)), s, c;
    __sincosf(6.2831853f * u2, &s, &c);
    return make_float2(rad * c, rad * s);
}
__device__ __forceinline__ void xo_seed(Xoshiro& r, uint64_t seed, uint32_t id)
{
    uint64_t z = seed + 0x9E3779B97F4A7C15ull * (id + 1);
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        z += 0x9E3779B97F4A7C15ull;
        uint64_t x = z;
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull; x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
        r.s[k] = (uint32_t)(x ^ (x >> 31)) | 1u;
    }
}

// log-density of N(mu, Sigma) using precision matrix P (8x8 in constant memory), chain state kept in registers
__constant__ float c_prec[MD * MD];
__constant__ float c_mu[MD];

__device__ __forceinline__ float logp_gauss(const float (&x)[MD])
{
    float d[MD];
#pragma unroll
    for (int i = 0; i < MD; ++i) d[i] = x[i] - c_mu[i];
    float q = 0.f;
#pragma unroll
    for (int i = 0; i < MD; ++i) {
        float r = 0.f;
#pragma unroll
        for (int j = 0; j < MD; ++j) r = fmaf(c_prec[i * MD + j], d[j], r);
        q = fmaf(d[i], r, q);
    }
    return -0.5f * q;
}

extern "C" __global__ void
mh_gaussian_chains(float* __restrict__ state /*chains x MD*/, float* __restrict__ samples /*chains x nKeep x MD*/,
                   int nChains, int nSteps, int thin, float stepSize, uint64_t seed, float* __restrict__ acceptRate)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nChains) return;
    Xoshiro rng; xo_seed(rng, seed, ch);
    float x[MD];
#pragma unroll
    for (int i = 0; i < MD; ++i) x[i] = state[(size_t)ch * MD + i];
    float lp = logp_gauss(x);
    int acc = 0, keep = 0, nKeep = nSteps / thin;
    for (int s = 0; s < nSteps; ++s) {
        float y[MD];
#pragma unroll
        for (int i = 0; i < MD; i += 2) { float2 z = xo_normal2(rng); y[i] = x[i] + stepSize * z.x; y[i + 1] = x[i + 1] + stepSize * z.y; }
        float lq = logp_gauss(y);
        if (__logf(xo_uniform(rng)) < lq - lp) {
#pragma unroll
            for (int i = 0; i < MD; ++i) x[i] = y[i];
            lp = lq; ++acc;
        }
        if ((s + 1) % thin == 0 && keep < nKeep) {
#pragma unroll
            for (int i = 0; i < MD; ++i) samples[((size_t)ch * nKeep + keep) * MD + i] = x[i];
            ++keep;
        }
    }
#pragma unroll
    for (int i = 0; i < MD; ++i) state[(size_t)ch * MD + i] = x[i];
    acceptRate[ch] = (float)acc / nSteps;
}

// Bayesian logistic regression: one block per chain, threads parallelize the log-likelihood over data rows (D <= 16)
extern "C" __global__ void
mh_logistic_regression(const float* __restrict__ Xd /*N x D*/, const float* __restrict__ yd, int N, int D,
                       float* __restrict__ beta /*chains x D*/, int nSteps, float step, float priorVar, uint64_t seed,
                       float* __restrict__ trace /*chains x nSteps*/)
{
    __shared__ float cur[16], prop[16];
    __shared__ float red[32];
    __shared__ float lpCur;
    __shared__ int accept;
    int ch = blockIdx.x, lane = threadIdx.x & 31, wid = threadIdx.x >> 5, nw = blockDim.x >> 5;
    Xoshiro rng; xo_seed(rng, seed, ch * 1024 + threadIdx.x);
    if (threadIdx.x < D) cur[threadIdx.x] = beta[ch * D + threadIdx.x];
    __syncthreads();
    for (int s = -1; s < nSteps; ++s) {
        if (threadIdx.x < D) prop[threadIdx.x] = s < 0 ? cur[threadIdx.x] : cur[threadIdx.x] + step * xo_normal2(rng).x;
        __syncthreads();
        float ll = 0.f;
        for (int i = threadIdx.x; i < N; i += blockDim.x) {
            float z = 0.f;
            for (int d = 0; d < D; ++d) z = fmaf(Xd[(size_t)i * D + d], prop[d], z);
            // log-likelihood of Bernoulli(sigmoid(z)), numerically stable
            ll += yd[i] * z - (fmaxf(z, 0.f) + log1pf(__expf(-fabsf(z))));
        }
        for (int o = 16; o > 0; o >>= 1) ll += __shfl_xor_sync(0xffffffffu, ll, o);
        if (lane == 0) red[wid] = ll;
        __syncthreads();
        if (threadIdx.x == 0) {
            float tot = 0.f;
            for (int w = 0; w < nw; ++w) tot += red[w];
            float pr = 0.f;
            for (int d = 0; d < D; ++d) pr += prop[d] * prop[d];
            tot -= 0.5f * pr / priorVar;
            if (s < 0) { lpCur = tot; accept = 0; }
            else { accept = __logf(xo_uniform(rng)) < tot - lpCur; if (accept) lpCur = tot; trace[(size_t)ch * nSteps + s] = lpCur; }
        }
        __syncthreads();
        if (accept && threadIdx.x < D) cur[threadIdx.x] = prop[threadIdx.x];
        __syncthreads();
    }
    if (threadIdx.x < D) beta[ch * D + threadIdx.x] = cur[threadIdx.x];
}

// parallel tempering: swap neighbouring temperature replicas (even/odd phase), one thread per pair
extern "C" __global__ void
pt_swap_replicas(float* __restrict__ states, float* __restrict__ logp, const float* __restrict__ invTemp, int nTemps,
                 int D, int phase, uint64_t seed, int* __restrict__ swaps)
{
    int pr = blockIdx.x * blockDim.x + threadIdx.x;
    int a = 2 * pr + phase, b = a + 1;
    if (b >= nTemps) return;
    Xoshiro rng; xo_seed(rng, seed, pr + phase * 65536);
    float la = logp[a], lb = logp[b];
    float logr = (invTemp[a] - invTemp[b]) * (lb - la);
    if (__logf(xo_uniform(rng)) < logr) {
        for (int d = 0; d < D; ++d) { float t = states[(size_t)a * D + d]; states[(size_t)a * D + d] = states[(size_t)b * D + d]; states[(size_t)b * D + d] = t; }
        logp[a] = lb; logp[b] = la;
        atomicAdd(&swaps[a], 1);
    }
}
