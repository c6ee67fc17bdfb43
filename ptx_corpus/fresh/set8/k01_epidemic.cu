// Compartmental epidemiology models: deterministic SEIR with age structure,
// stochastic tau-leaping SEIR, and parameter-sweep likelihood evaluation.
#include <cuda_runtime.h>
#include <stdint.h>

#define NAGE 8

struct SeirParams {
    float beta;      // transmission rate
    float sigma;     // 1 / latent period
    float gamma;     // 1 / infectious period
    float mu;        // birth/death rate
    float vacc;      // vaccination rate of susceptibles
};

__device__ __forceinline__ void seir_rhs(const float *S, const float *E, const float *I, const float *R,
                                         const float *C, const float *N, const SeirParams &p,
                                         float *dS, float *dE, float *dI, float *dR)
{
#pragma unroll
    for (int a = 0; a < NAGE; ++a) {
        float lambda = 0.f;
#pragma unroll
        for (int b = 0; b < NAGE; ++b)
            lambda += C[a * NAGE + b] * I[b] / fmaxf(N[b], 1.f);
        lambda *= p.beta;
        float inf = lambda * S[a];
        dS[a] = p.mu * N[a] - inf - (p.mu + p.vacc) * S[a];
        dE[a] = inf - (p.sigma + p.mu) * E[a];
        dI[a] = p.sigma * E[a] - (p.gamma + p.mu) * I[a];
        dR[a] = p.gamma * I[a] + p.vacc * S[a] - p.mu * R[a];
    }
}

// One region per thread, age-structured SEIR integrated with RK4 for nsteps.
extern "C" __global__ void __launch_bounds__(128)
seir_age_rk4(float *__restrict__ state,            // [nreg][4][NAGE]
             const float *__restrict__ contact,    // [NAGE][NAGE] shared by all regions
             const SeirParams *__restrict__ params, // per region
             float *__restrict__ incidence,         // [nreg][nsteps]
             int nreg, int nsteps, float dt)
{
    __shared__ float Cs[NAGE * NAGE];
    for (int i = threadIdx.x; i < NAGE * NAGE; i += blockDim.x) Cs[i] = contact[i];
    __syncthreads();

    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nreg) return;
    SeirParams p = params[r];
    float S[NAGE], E[NAGE], I[NAGE], R[NAGE], N[NAGE];
    float *st = state + (size_t)r * 4 * NAGE;
#pragma unroll
    for (int a = 0; a < NAGE; ++a) {
        S[a] = st[a]; E[a] = st[NAGE + a]; I[a] = st[2 * NAGE + a]; R[a] = st[3 * NAGE + a];
        N[a] = S[a] + E[a] + I[a] + R[a];
    }
    for (int t = 0; t < nsteps; ++t) {
        float k1S[NAGE], k1E[NAGE], k1I[NAGE], k1R[NAGE];
        float k2S[NAGE], k2E[NAGE], k2I[NAGE], k2R[NAGE];
        float tS[NAGE], tE[NAGE], tI[NAGE], tR[NAGE];
        seir_rhs(S, E, I, R, Cs, N, p, k1S, k1E, k1I, k1R);
#pragma unroll
        for (int a = 0; a < NAGE; ++a) {
            tS[a] = S[a] + 0.5f * dt * k1S[a]; tE[a] = E[a] + 0.5f * dt * k1E[a];
            tI[a] = I[a] + 0.5f * dt * k1I[a]; tR[a] = R[a] + 0.5f * dt * k1R[a];
        }
        seir_rhs(tS, tE, tI, tR, Cs, N, p, k2S, k2E, k2I, k2R);
#pragma unroll
        for (int a = 0; a < NAGE; ++a) {
            k1S[a] += 2.f * k2S[a]; k1E[a] += 2.f * k2E[a]; k1I[a] += 2.f * k2I[a]; k1R[a] += 2.f * k2R[a];
            tS[a] = S[a] + 0.5f * dt * k2S[a]; tE[a] = E[a] + 0.5f * dt * k2E[a];
            tI[a] = I[a] + 0.5f * dt * k2I[a]; tR[a] = R[a] + 0.5f * dt * k2R[a];
        }
        seir_rhs(tS, tE, tI, tR, Cs, N, p, k2S, k2E, k2I, k2R);
#pragma unroll
        for (int a = 0; a < NAGE; ++a) {
            k1S[a] += 2.f * k2S[a]; k1E[a] += 2.f * k2E[a]; k1I[a] += 2.f * k2I[a]; k1R[a] += 2.f * k2R[a];
            tS[a] = S[a] + dt * k2S[a]; tE[a] = E[a] + dt * k2E[a];
            tI[a] = I[a] + dt * k2I[a]; tR[a] = R[a] + dt * k2R[a];
        }
        seir_rhs(tS, tE, tI, tR, Cs, N, p, k2S, k2E, k2I, k2R);
        float newInf = 0.f;
#pragma unroll
        for (int a = 0; a < NAGE; ++a) {
            float dE = (dt / 6.f) * (k1E[a] + k2E[a]);
            S[a] = fmaxf(S[a] + (dt / 6.f) * (k1S[a] + k2S[a]), 0.f);
            E[a] = fmaxf(E[a] + dE, 0.f);
            I[a] = fmaxf(I[a] + (dt / 6.f) * (k1I[a] + k2I[a]), 0.f);
            R[a] = fmaxf(R[a] + (dt / 6.f) * (k1R[a] + k2R[a]), 0.f);
            newInf += p.sigma * E[a] * dt;
        }
        incidence[(size_t)r * nsteps + t] = newInf;
    }
#pragma unroll
    for (int a = 0; a < NAGE; ++a) {
        st[a] = S[a]; st[NAGE + a] = E[a]; st[2 * NAGE + a] = I[a]; st[3 * NAGE + a] = R[a];
    }
}

// --- small counter-based RNG for Poisson sampling ---
__device__ __forceinline__ uint32_t pcg_hash(uint32_t v)
{
    uint32_t state = v * 747796405u + 2891336453u;
    uint32_t word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

__device__ __forceinline__ float u01(uint32_t &s)
{
    s = pcg_hash(s);
    return (s >> 8) * (1.0f / 16777216.0f);
}

__device__ int poisson_sample(float lambda, uint32_t &s)
{
    if (lambda < 30.f) {
        float L = __expf(-lambda), p = 1.f;
        int k = 0;
        do { ++k; p *= u01(s); } while (p > L && k < 200);
        return k - 1;
    }
    // transformed rejection (PTRS, Hormann 1993)
    float slam = sqrtf(lambda);
    float loglam = logf(lambda);
    float b = 0.931f + 2.53f * slam;
    float a = -0.059f + 0.02483f * b;
    float invalpha = 1.1239f + 1.1328f / (b - 3.4f);
    float vr = 0.9277f - 3.6224f / (b - 2.f);
    for (int it = 0; it < 64; ++it) {
        float U = u01(s) - 0.5f;
        float V = u01(s);
        float us = 0.5f - fabsf(U);
        int k = (int)floorf((2.f * a / us + b) * U + lambda + 0.43f);
        if (us >= 0.07f && V <= vr) return k;
        if (k < 0 || (us < 0.013f && V > us)) continue;
        if (logf(V) + logf(invalpha) - logf(a / (us * us) + b) <= -lambda + k * loglam - lgammaf(k + 1.f))
            return k;
    }
    return (int)lambda;
}

// Stochastic SEIR via tau-leaping, one trajectory per thread.
extern "C" __global__ void seir_tau_leap(const int4 *__restrict__ init, const SeirParams *__restrict__ p_in,
                                         int *__restrict__ peak_day, int *__restrict__ final_size,
                                         int ntraj, int ndays, int substeps, uint32_t seed)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= ntraj) return;
    int4 c = init[tid];
    int S = c.x, E = c.y, I = c.z, R = c.w;
    int N = S + E + I + R;
    SeirParams p = p_in[tid];
    uint32_t rng = seed ^ (tid * 0x9E3779B9u);
    float tau = 1.f / substeps;
    int peakI = I, peakD = 0;
    for (int d = 0; d < ndays; ++d) {
        for (int k = 0; k < substeps; ++k) {
            float foi = p.beta * (float)I / (float)N;
            int nSE = min(S, poisson_sample(foi * S * tau, rng));
            int nEI = min(E, poisson_sample(p.sigma * E * tau, rng));
            int nIR = min(I, poisson_sample(p.gamma * I * tau, rng));
            S -= nSE; E += nSE - nEI; I += nEI - nIR; R += nIR;
        }
        if (I > peakI) { peakI = I; peakD = d; }
        if (I == 0 && E == 0) break;
    }
    peak_day[tid] = peakD;
    final_size[tid] = R;
}

// Negative-binomial log-likelihood of observed case counts for a grid of (beta, gamma)
// parameter pairs using a simple SIR model (deterministic Euler), block-reduced.
extern "C" __global__ void sir_nb_loglik(const float *__restrict__ obs, int ndays,
                                         const float2 *__restrict__ theta, float disp,
                                         float N0, float I0, float *__restrict__ loglik)
{
    __shared__ float red[32];
    int j = blockIdx.x;
    float2 th = theta[j];
    float S = N0 - I0, I = I0;
    float ll = 0.f;
    // each thread integrates the whole trajectory (cheap) but evaluates a strided subset of days
    float r = disp;
    float lgr = lgammaf(r);
    for (int d = 0; d < ndays; ++d) {
        float inf = th.x * S * I / N0;
        float rec = th.y * I;
        S -= inf; I += inf - rec;
        if ((d % blockDim.x) == threadIdx.x) {
            float mu = fmaxf(inf, 1e-6f);
            float y = obs[d];
            ll += lgammaf(y + r) - lgr - lgammaf(y + 1.f) + r * logf(r / (r + mu)) + y * logf(mu / (r + mu));
        }
    }
    for (int o = 16; o > 0; o >>= 1) ll += __shfl_down_sync(0xffffffffu, ll, o);
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = ll;
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = threadIdx.x < (blockDim.x >> 5) ? red[threadIdx.x] : 0.f;
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
        if (threadIdx.x == 0) loglik[j] = v;
    }
}
