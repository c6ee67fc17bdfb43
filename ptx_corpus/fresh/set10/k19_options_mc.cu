// Binomial option pricing (SDK binomialOptions) and Monte Carlo pricing with an inline RNG.
#include <cuda_runtime.h>

#define NUM_STEPS 2048
#define THREADBLOCK_SIZE 128
#define ELEMS_PER_THREAD (NUM_STEPS / THREADBLOCK_SIZE)

typedef struct { float S, X, vDt, puByDf, pdByDf; } __TOptionData;
__constant__ __TOptionData d_OptionData[1024];

__device__ inline float expiryCallValue(float S, float X, float vDt, int i)
{
    float d = S * __expf(vDt * (2.0f * i - NUM_STEPS)) - X;
    return (d > 0.0F) ? d : 0.0F;
}

extern "C" __global__ void binomialOptionsKernel(float *d_CallValue)
{
    __shared__ float call_exchange[THREADBLOCK_SIZE + 1];
    const int tid = threadIdx.x;
    const float S = d_OptionData[blockIdx.x].S;
    const float X = d_OptionData[blockIdx.x].X;
    const float vDt = d_OptionData[blockIdx.x].vDt;
    const float puByDf = d_OptionData[blockIdx.x].puByDf;
    const float pdByDf = d_OptionData[blockIdx.x].pdByDf;
    float call[ELEMS_PER_THREAD + 1];
#pragma unroll
    for (int i = 0; i < ELEMS_PER_THREAD; ++i) call[i] = expiryCallValue(S, X, vDt, tid * ELEMS_PER_THREAD + i);
    if (tid == 0) call_exchange[THREADBLOCK_SIZE] = expiryCallValue(S, X, vDt, NUM_STEPS);
    int final_it = max(0, tid * ELEMS_PER_THREAD - 1);
#pragma unroll 16
    for (int i = NUM_STEPS; i > 0; --i) {
        call_exchange[tid] = call[0];
        __syncthreads();
        call[ELEMS_PER_THREAD] = call_exchange[tid + 1];
        __syncthreads();
        if (i > final_it) {
#pragma unroll
            for (int j = 0; j < ELEMS_PER_THREAD; ++j) call[j] = puByDf * call[j + 1] + pdByDf * call[j];
        }
    }
    if (tid == 0) d_CallValue[blockIdx.x] = call[0];
}

// Philox-free lightweight RNG: xorshift + Box-Muller.
__device__ __forceinline__ unsigned int xorshift32(unsigned int &s)
{
    s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s;
}
__device__ __forceinline__ float2 boxMuller(unsigned int &s)
{
    float u1 = (xorshift32(s) + 1.0f) * 2.3283064e-10f;
    float u2 = xorshift32(s) * 2.3283064e-10f;
    float r = sqrtf(-2.f * __logf(u1));
    float sn, cs;
    __sincosf(6.2831853f * u2, &sn, &cs);
    return make_float2(r * cs, r * sn);
}

// European call Monte Carlo with per-block shared reduction (float), templated paths per thread.
template <int PATHS_PER_THREAD>
__device__ __forceinline__ void mcEuropean(float *partial, float S0, float K, float r, float sigma, float T, unsigned int seed)
{
    __shared__ float ssum[256];
    unsigned int s = seed ^ (blockIdx.x * blockDim.x + threadIdx.x) * 2654435761u;
    if (s == 0) s = 1;
    float drift = (r - 0.5f * sigma * sigma) * T;
    float vol = sigma * sqrtf(T);
    float sum = 0.f;
#pragma unroll 4
    for (int p = 0; p < PATHS_PER_THREAD; p += 2) {
        float2 z = boxMuller(s);
        float ST1 = S0 * __expf(drift + vol * z.x);
        float ST2 = S0 * __expf(drift + vol * z.y);
        sum += fmaxf(ST1 - K, 0.f) + fmaxf(ST2 - K, 0.f);
    }
    ssum[threadIdx.x] = sum;
    __syncthreads();
    for (int st = blockDim.x / 2; st > 0; st >>= 1) {
        if (threadIdx.x < st) ssum[threadIdx.x] += ssum[threadIdx.x + st];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = ssum[0] * __expf(-r * T);
}

extern "C" __global__ void mcEuropeanCall_64(float *partial, float S0, float K, float r, float sigma, float T, unsigned int seed)
{
    mcEuropean<64>(partial, S0, K, r, sigma, T, seed);
}

// Asian arithmetic-average option, path simulation with NSTEPS time steps, double accumulation.
extern "C" __global__ void __launch_bounds__(256, 2)
mcAsianCall(double *partial, const float *normals, int nPaths, int nSteps, float S0, float K, float r, float sigma, float dt)
{
    __shared__ double ssum[8];
    int path = blockIdx.x * blockDim.x + threadIdx.x;
    double payoff = 0.0;
    if (path < nPaths) {
        float S = S0;
        double avg = 0.0;
        float drift = (r - 0.5f * sigma * sigma) * dt;
        float vsq = sigma * sqrtf(dt);
        for (int t = 0; t < nSteps; t++) {
            S *= __expf(drift + vsq * normals[(size_t)t * nPaths + path]);
            avg += S;
        }
        avg /= nSteps;
        payoff = fmax(avg - (double)K, 0.0) * exp(-(double)r * dt * nSteps);
    }
    for (int o = 16; o > 0; o >>= 1) payoff += __shfl_down_sync(0xffffffffu, payoff, o);
    if ((threadIdx.x & 31) == 0) ssum[threadIdx.x >> 5] = payoff;
    __syncthreads();
    if (threadIdx.x == 0) {
        double t = 0;
        for (int w = 0; w < blockDim.x / 32; w++) t += ssum[w];
        partial[blockIdx.x] = t;
    }
}
