// Multirate DSP: rational polyphase resampler (L/M) with per-phase FIR taps in shared
// memory, multi-channel complex decimating FIR with block-wise output tiling, and a
// Farrow cubic fractional-delay interpolator.
#include <cuda_runtime.h>

#define TAPS_PER_PHASE 24

extern "C" __global__ void polyphase_resample(const float* __restrict__ in, float* __restrict__ out,
                                              const float* __restrict__ taps,   // [L][TAPS_PER_PHASE]
                                              int L, int M, int nin, int nout, int nchan)
{
    extern __shared__ float sh_taps[];
    for (int t = threadIdx.x; t < L * TAPS_PER_PHASE; t += blockDim.x) sh_taps[t] = taps[t];
    __syncthreads();
    int ch = blockIdx.y;
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (n >= nout) return;
    long long pos = (long long)n * M;
    int phase = (int)(pos % L);
    long long base = pos / L;
    const float* x = in + (size_t)ch * nin;
    const float* h = sh_taps + phase * TAPS_PER_PHASE;
    float acc0 = 0.f, acc1 = 0.f;
#pragma unroll
    for (int k = 0; k < TAPS_PER_PHASE; k += 2) {
        long long i0 = base - k, i1 = base - k - 1;
        float x0 = (i0 >= 0 && i0 < nin) ? __ldg(x + i0) : 0.f;
        float x1 = (i1 >= 0 && i1 < nin) ? __ldg(x + i1) : 0.f;
        acc0 = fmaf(h[k], x0, acc0);
        acc1 = fmaf(h[k + 1], x1, acc1);
    }
    out[(size_t)ch * nout + n] = (acc0 + acc1) * L;
}

// Complex decimating FIR: each thread computes OUT_PER_THREAD consecutive outputs,
// sharing the input window through registers.
#define OPT 4
#define NTAPS 32
__constant__ float2 c_ctaps[NTAPS];

extern "C" __global__ void complex_decimate_fir(const float2* __restrict__ in, float2* __restrict__ out,
                                                int nin, int nout, int D)
{
    int ch = blockIdx.y;
    int o0 = (blockIdx.x * blockDim.x + threadIdx.x) * OPT;
    if (o0 >= nout) return;
    const float2* x = in + (size_t)ch * nin;
    float accr[OPT], acci[OPT];
#pragma unroll
    for (int j = 0; j < OPT; ++j) { accr[j] = 0.f; acci[j] = 0.f; }
#pragma unroll 8
    for (int k = 0; k < NTAPS; ++k) {
        float2 h = c_ctaps[k];
#pragma unroll
        for (int j = 0; j < OPT; ++j) {
            int idx = (o0 + j) * D - k;
            float2 v = (idx >= 0 && idx < nin) ? __ldg(x + idx) : make_float2(0.f, 0.f);
            accr[j] = fmaf(h.x, v.x, fmaf(-h.y, v.y, accr[j]));
            acci[j] = fmaf(h.x, v.y, fmaf(h.y, v.x, acci[j]));
        }
    }
#pragma unroll
    for (int j = 0; j < OPT; ++j)
        if (o0 + j < nout) out[(size_t)ch * nout + o0 + j] = make_float2(accr[j], acci[j]);
}

// Farrow structure: cubic Lagrange fractional delay, variable rate ratio per channel.
extern "C" __global__ void farrow_resample(const float* __restrict__ in, float* __restrict__ out,
                                           const double* __restrict__ ratio, const double* __restrict__ t0,
                                           int nin, int nout)
{
    int ch = blockIdx.y;
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (n >= nout) return;
    double t = t0[ch] + n * ratio[ch];
    long long i = (long long)floor(t);
    float mu = (float)(t - (double)i);
    const float* x = in + (size_t)ch * nin;
    float xm1 = x[max(0LL, min(i - 1, (long long)nin - 1))];
    float x0 = x[max(0LL, min(i, (long long)nin - 1))];
    float x1 = x[max(0LL, min(i + 1, (long long)nin - 1))];
    float x2 = x[max(0LL, min(i + 2, (long long)nin - 1))];
    float c0 = x0;
    float c1 = -xm1 / 3.f - 0.5f * x0 + x1 - x2 / 6.f;
    float c2 = 0.5f * (xm1 + x1) - x0;
    float c3 = (x2 - xm1) / 6.f + 0.5f * (x0 - x1);
    out[(size_t)ch * nout + n] = ((c3 * mu + c2) * mu + c1) * mu + c0;
}
