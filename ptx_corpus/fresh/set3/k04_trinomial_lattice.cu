// Lattice methods for American and barrier options; each thread prices one contract.
#include <cuda_runtime.h>
#include <math.h>

#define MAX_STEPS 48

struct Contract { float S, K, T, sigma, r, q, barrier; int is_call; };

// Trinomial tree with the value vector held in a per-thread local array.
extern "C" __global__ void trinomial_american(const Contract* __restrict__ cs, float* __restrict__ price,
                                              int n, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Contract c = cs[i];
    if (steps > MAX_STEPS) steps = MAX_STEPS;
    float dt = c.T / steps;
    float u = expf(c.sigma * sqrtf(2.f * dt));
    float a = expf((c.r - c.q) * dt * 0.5f);
    float b = expf(c.sigma * sqrtf(dt * 0.5f));
    float pu = (a - 1.f / b) / (b - 1.f / b); pu *= pu;
    float pd = (b - a) / (b - 1.f / b); pd *= pd;
    float pm = 1.f - pu - pd;
    float disc = expf(-c.r * dt);
    float v[2 * MAX_STEPS + 1];
    float sign = c.is_call ? 1.f : -1.f;
    for (int j = 0; j <= 2 * steps; ++j) {
        float sT = c.S * powf(u, (float)(j - steps));
        v[j] = fmaxf(sign * (sT - c.K), 0.f);
    }
    for (int t = steps - 1; t >= 0; --t) {
        for (int j = 0; j <= 2 * t; ++j) {
            float cont = disc * (pu * v[j + 2] + pm * v[j + 1] + pd * v[j]);
            float sN = c.S * powf(u, (float)(j - t));
            v[j] = fmaxf(cont, sign * (sN - c.K));
        }
    }
    price[i] = v[0];
}

// Cox-Ross-Rubinstein binomial tree for a down-and-out call, double precision.
extern "C" __global__ void crr_down_and_out(const Contract* __restrict__ cs, double* __restrict__ price,
                                            int n, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Contract c = cs[i];
    if (steps > MAX_STEPS) steps = MAX_STEPS;
    double dt = (double)c.T / steps;
    double u = exp(c.sigma * sqrt(dt)), d = 1.0 / u;
    double p = (exp((c.r - c.q) * dt) - d) / (u - d);
    double disc = exp(-(double)c.r * dt);
    double v[MAX_STEPS + 1];
    for (int j = 0; j <= steps; ++j) {
        double s = c.S * pow(u, (double)(2 * j - steps));
        v[j] = (s <= c.barrier) ? 0.0 : fmax(s - c.K, 0.0);
    }
    for (int t = steps - 1; t >= 0; --t) {
        for (int j = 0; j <= t; ++j) {
            double s = c.S * pow(u, (double)(2 * j - t));
            double val = disc * (p * v[j + 1] + (1.0 - p) * v[j]);
            v[j] = (s <= c.barrier) ? 0.0 : val;
        }
    }
    price[i] = v[0];
}

__device__ __forceinline__ float ncdf(float x) { return 0.5f * erfcf(-x * 0.70710678f); }

// Closed-form Black-Scholes with full greeks written as a structure of arrays.
extern "C" __global__ void bs_greeks(const Contract* __restrict__ cs, float* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Contract c = cs[i];
    float sq = sqrtf(c.T);
    float d1 = (logf(c.S / c.K) + (c.r - c.q + 0.5f * c.sigma * c.sigma) * c.T) / (c.sigma * sq);
    float d2 = d1 - c.sigma * sq;
    float eq = expf(-c.q * c.T), er = expf(-c.r * c.T);
    float pdf = 0.39894228f * expf(-0.5f * d1 * d1);
    float Nd1 = ncdf(d1), Nd2 = ncdf(d2);
    float px, delta, rho;
    if (c.is_call) {
        px = c.S * eq * Nd1 - c.K * er * Nd2; delta = eq * Nd1; rho = c.K * c.T * er * Nd2;
    } else {
        px = c.K * er * (1.f - Nd2) - c.S * eq * (1.f - Nd1); delta = -eq * (1.f - Nd1); rho = -c.K * c.T * er * (1.f - Nd2);
    }
    float gamma = eq * pdf / (c.S * c.sigma * sq);
    float vega = c.S * eq * pdf * sq;
    float theta = -c.S * eq * pdf * c.sigma / (2.f * sq);
    out[i] = px; out[n + i] = delta; out[2 * n + i] = gamma;
    out[3 * n + i] = vega; out[4 * n + i] = theta; out[5 * n + i] = rho;
}
