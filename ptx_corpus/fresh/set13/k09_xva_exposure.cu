// k09_xva_exposure.cu
// Finance: counterparty credit risk (CVA/xVA) exposure simulation.
//  - hull_white_paths:      short-rate Hull-White paths, 64 time steps, writes rates per step
//  - swap_portfolio_mtm:    prices a portfolio of 16 vanilla swaps per path/time (16 live
//                           accumulators, register-heavy), netted exposure
//  - cva_aggregate_lb:      same portfolio pricing with bucketed EPE/ENE accumulators under
//                           __launch_bounds__(512, 4) (forces a tight register budget)
//  - discount_survival:     small kernel: discount factor x survival probability
#include <math.h>

#define NSWAP 16
#define NT 64

extern "C" __global__ void hull_white_paths(const float* __restrict__ z, float r0, float a, float sigma,
                                            const float* __restrict__ theta, float dt, int nPaths,
                                            float* __restrict__ rates)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nPaths) return;
    float r = r0;
    float sd = sigma * sqrtf((1.f - expf(-2.f * a * dt)) / (2.f * a));
    float ea = expf(-a * dt);
    for (int t = 0; t < NT; ++t) {
        r = r * ea + theta[t] * (1.f - ea) + sd * z[(size_t)t * nPaths + p];
        rates[(size_t)t * nPaths + p] = r;
    }
}

__device__ __forceinline__ float zcb(float r, float a, float tau, float sigma)
{
    float B = (1.f - __expf(-a * tau)) / a;
    float A = (B - tau) * (a * a * 0.0f - 0.5f * sigma * sigma) / (a * a) - sigma * sigma * B * B / (4.f * a);
    return __expf(A - B * r);
}

extern "C" __global__ void swap_portfolio_mtm(const float* __restrict__ rates, const float* __restrict__ fixedRate,
                                              const float* __restrict__ notional, const float* __restrict__ maturity,
                                              float a, float sigma, float dt, int nPaths, float* __restrict__ exposure)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nPaths) return;
    float K[NSWAP], Nn[NSWAP], Mt[NSWAP];
#pragma unroll
    for (int s = 0; s < NSWAP; ++s) { K[s] = fixedRate[s]; Nn[s] = notional[s]; Mt[s] = maturity[s]; }
    for (int t = 0; t < NT; ++t) {
        float r = rates[(size_t)t * nPaths + p];
        float now = t * dt;
        float mtm[NSWAP];
#pragma unroll
        for (int s = 0; s < NSWAP; ++s) mtm[s] = 0.f;
        // annual coupons up to 10y
#pragma unroll 2
        for (int c = 1; c <= 10; ++c) {
            float tau = (float)c - now;
            float P = tau > 0.f ? zcb(r, a, tau, sigma) : 0.f;
#pragma unroll
            for (int s = 0; s < NSWAP; ++s) {
                float live = (tau > 0.f && (float)c <= Mt[s]) ? 1.f : 0.f;
                mtm[s] += live * K[s] * P;
            }
        }
        float net = 0.f;
#pragma unroll
        for (int s = 0; s < NSWAP; ++s) {
            float tauM = Mt[s] - now;
            float Pm = tauM > 0.f ? zcb(r, a, tauM, sigma) : 1.f;
            float v = Nn[s] * ((1.f - Pm) - mtm[s]);
            net += (s & 1) ? -v : v;
        }
        exposure[(size_t)t * nPaths + p] = fmaxf(net, 0.f);
    }
}

extern "C" __global__ void __launch_bounds__(512, 4)
cva_aggregate_lb(const float* __restrict__ rates, const float* __restrict__ fixedRate,
                 const float* __restrict__ notional, const float* __restrict__ maturity,
                 const float* __restrict__ hazard, float a, float sigma, float dt, float recovery,
                 int nPaths, float* __restrict__ cvaOut)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= nPaths) return;
    float K[NSWAP], Nn[NSWAP], Mt[NSWAP];
#pragma unroll
    for (int s = 0; s < NSWAP; ++s) { K[s] = fixedRate[s]; Nn[s] = notional[s]; Mt[s] = maturity[s]; }
    float epe[8], ene[8];
#pragma unroll
    for (int q = 0; q < 8; ++q) { epe[q] = 0.f; ene[q] = 0.f; }
    float surv = 1.f, df = 1.f;
    for (int t = 0; t < NT; ++t) {
        float r = rates[(size_t)t * nPaths + p];
        float now = t * dt;
        float mtm[NSWAP];
#pragma unroll
        for (int s = 0; s < NSWAP; ++s) mtm[s] = 0.f;
#pragma unroll
        for (int c = 1; c <= 10; ++c) {
            float tau = (float)c - now;
            float P = tau > 0.f ? zcb(r, a, tau, sigma) : 0.f;
#pragma unroll
            for (int s = 0; s < NSWAP; ++s)
                mtm[s] += ((float)c <= Mt[s]) ? K[s] * P : 0.f;
        }
        float net = 0.f;
#pragma unroll
        for (int s = 0; s < NSWAP; ++s) {
            float Pm = zcb(r, a, fmaxf(Mt[s] - now, 0.f), sigma);
            net += Nn[s] * ((1.f - Pm) - mtm[s]) * ((s & 1) ? -1.f : 1.f);
        }
        df *= __expf(-r * dt);
        float h = hazard[t];
        float pd = surv * (1.f - __expf(-h * dt));
        surv -= pd;
        int bucket = t >> 3;
#pragma unroll
        for (int q = 0; q < 8; ++q) {
            if (q == bucket) { epe[q] += df * pd * fmaxf(net, 0.f); ene[q] += df * pd * fminf(net, 0.f); }
        }
    }
#pragma unroll
    for (int q = 0; q < 8; ++q) {
        atomicAdd(&cvaOut[q], (1.f - recovery) * epe[q]);
        atomicAdd(&cvaOut[8 + q], (1.f - recovery) * ene[q]);
    }
}

extern "C" __global__ void discount_survival(const float* __restrict__ r, const float* __restrict__ h, float dt,
                                             int n, float* __restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = expf(-(r[i] + h[i]) * dt * (float)(i + 1));
}
