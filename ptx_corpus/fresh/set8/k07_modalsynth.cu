// Physical-model audio synthesis: mass-spring string networks (one voice per block),
// modal resonator banks (complex one-pole per mode), and a Karplus-Strong plucked string
// with fractional-delay allpass tuning.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// 1D chain of N masses with springs, semi-implicit Euler, output is the velocity of a pickup mass.
extern "C" __global__ void __launch_bounds__(256)
mass_spring_string(const float *__restrict__ stiffness, const float *__restrict__ damping,
                   const float *__restrict__ excitation,   // [nvoice][nsamples] force at pluck point
                   const int *__restrict__ pluck_idx, const int *__restrict__ pickup_idx,
                   int nmass, int nsamples, float dt, int oversample, float *__restrict__ out)
{
    extern __shared__ float sm[];
    float *x = sm;
    float *v = sm + nmass;
    int voice = blockIdx.x;
    float k = stiffness[voice], c = damping[voice];
    int pl = pluck_idx[voice], pu = pickup_idx[voice];
    for (int i = threadIdx.x; i < nmass; i += blockDim.x) { x[i] = 0.f; v[i] = 0.f; }
    __syncthreads();
    float h = dt / oversample;
    for (int s = 0; s < nsamples; ++s) {
        float fext = excitation[(size_t)voice * nsamples + s];
        for (int o = 0; o < oversample; ++o) {
            // compute new velocities
            for (int i = threadIdx.x; i < nmass; i += blockDim.x) {
                float xl = i > 0 ? x[i - 1] : 0.f;           // fixed ends
                float xr = i < nmass - 1 ? x[i + 1] : 0.f;
                float f = k * (xl - 2.f * x[i] + xr) - c * v[i] + (i == pl ? fext : 0.f);
                // stiffness (bending) term from second neighbours
                float xll = i > 1 ? x[i - 2] : 0.f, xrr = i < nmass - 2 ? x[i + 2] : 0.f;
                f -= 0.01f * k * (xll - 4.f * xl + 6.f * x[i] - 4.f * xr + xrr);
                v[i] += h * f;
            }
            __syncthreads();
            for (int i = threadIdx.x; i < nmass; i += blockDim.x) x[i] += h * v[i];
            __syncthreads();
        }
        if (threadIdx.x == 0) out[(size_t)voice * nsamples + s] = v[pu];
    }
}

// Modal synthesis: each thread renders a block of samples for one voice, summing NMODES
// exponentially decaying complex resonators held entirely in registers.
#define NMODES 24
extern "C" __global__ void modal_bank_render(const float *__restrict__ freq, const float *__restrict__ decay,
                                             const float *__restrict__ gain, const float *__restrict__ impulse,
                                             int nvoice, int nsamples, float sr, __half *__restrict__ out)
{
    int vidx = blockIdx.x * blockDim.x + threadIdx.x;
    if (vidx >= nvoice) return;
    float re[NMODES], im[NMODES], cr[NMODES], ci[NMODES], g[NMODES];
#pragma unroll
    for (int m = 0; m < NMODES; ++m) {
        float f = freq[vidx * NMODES + m];
        float r = __expf(-decay[vidx * NMODES + m] / sr);
        float s, c;
        __sincosf(6.2831853f * f / sr, &s, &c);
        cr[m] = r * c; ci[m] = r * s;
        re[m] = 0.f; im[m] = 0.f;
        g[m] = gain[vidx * NMODES + m] * (f < 0.45f * sr ? 1.f : 0.f);
    }
    for (int n = 0; n < nsamples; ++n) {
        float x = impulse[(size_t)vidx * nsamples + n];
        float y = 0.f;
#pragma unroll
        for (int m = 0; m < NMODES; ++m) {
            float nr = cr[m] * re[m] - ci[m] * im[m] + x;
            float ni = cr[m] * im[m] + ci[m] * re[m];
            re[m] = nr; im[m] = ni;
            y += g[m] * ni;
        }
        out[(size_t)vidx * nsamples + n] = __float2half_rn(tanhf(y));
    }
}

// Karplus-Strong with a dynamically indexed delay line in local memory plus allpass tuning.
extern "C" __global__ void karplus_strong(const float *__restrict__ f0, const float *__restrict__ brightness,
                                          const unsigned *__restrict__ seed, int nvoice, int nsamples,
                                          float sr, float *__restrict__ out)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= nvoice) return;
    float line[512];
    float period = sr / f0[v];
    int N = min(511, max(2, (int)floorf(period - 0.5f)));
    float frac = period - 0.5f - N;
    float apc = (1.f - frac) / (1.f + frac);
    unsigned s = seed[v] | 1u;
    float b = brightness[v];
    float lp = 0.f;
    for (int i = 0; i < N; ++i) {
        s = s * 1664525u + 1013904223u;
        float noise = (s >> 9) * (2.f / 8388608.f) - 1.f;
        lp = lp + b * (noise - lp);   // shaped excitation
        line[i] = lp;
    }
    int idx = 0;
    float prev = 0.f, apx = 0.f, apy = 0.f;
    for (int n = 0; n < nsamples; ++n) {
        float cur = line[idx];
        float avg = 0.5f * (cur + prev) * 0.996f;
        prev = cur;
        float y = apc * (avg - apy) + apx;   // first-order allpass
        apx = avg; apy = y;
        line[idx] = y;
        idx = idx + 1 == N ? 0 : idx + 1;
        out[(size_t)v * nsamples + n] = cur;
    }
}
