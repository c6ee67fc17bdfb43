// Polyphase sample-rate conversion and biquad cascade for multichannel audio.
#include <cuda_runtime.h>
#include <stdint.h>

#define TAPS_PER_PHASE 16

// Rational resampler L/M: each output sample picks a phase of the prototype filter.
extern "C" __global__ void polyphase_resample_f32(const float* __restrict__ in,
                                                  float* __restrict__ out,
                                                  const float* __restrict__ coeffs, // [L][TAPS_PER_PHASE]
                                                  int in_len, int out_len,
                                                  int L, int M, int channels)
{
    int ch = blockIdx.y;
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (n >= out_len || ch >= channels) return;
    long long pos = (long long)n * M;
    int base = (int)(pos / L);
    int phase = (int)(pos - (long long)base * L);
    const float* h = coeffs + phase * TAPS_PER_PHASE;
    const float* x = in + (size_t)ch * in_len;
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < TAPS_PER_PHASE; ++k) {
        int idx = base - k;
        float s = (idx >= 0 && idx < in_len) ? __ldg(x + idx) : 0.f;
        acc = fmaf(h[k], s, acc);
    }
    out[(size_t)ch * out_len + n] = acc;
}

struct Biquad { float b0, b1, b2, a1, a2; };

// Each thread runs one channel through a cascade of second-order sections (DF-II transposed).
extern "C" __global__ void __launch_bounds__(128)
biquad_cascade_df2t(const float* __restrict__ in, float* __restrict__ out,
                    const Biquad* __restrict__ sections, float* __restrict__ state,
                    int n_sections, int frames, int channels)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= channels) return;
    float z1[8], z2[8];
    Biquad bq[8];
    int ns = n_sections > 8 ? 8 : n_sections;
#pragma unroll
    for (int s = 0; s < 8; ++s) {
        if (s < ns) {
            bq[s] = sections[s];
            z1[s] = state[(ch * 8 + s) * 2 + 0];
            z2[s] = state[(ch * 8 + s) * 2 + 1];
        } else {
            bq[s].b0 = 1.f; bq[s].b1 = bq[s].b2 = bq[s].a1 = bq[s].a2 = 0.f;
            z1[s] = z2[s] = 0.f;
        }
    }
    for (int t = 0; t < frames; ++t) {
        float x = in[(size_t)t * channels + ch];
#pragma unroll
        for (int s = 0; s < 8; ++s) {
            float y = fmaf(bq[s].b0, x, z1[s]);
            z1[s] = fmaf(bq[s].b1, x, fmaf(-bq[s].a1, y, z2[s]));
            z2[s] = fmaf(bq[s].b2, x, -bq[s].a2 * y);
            x = y;
        }
        out[(size_t)t * channels + ch] = x;
    }
#pragma unroll
    for (int s = 0; s < 8; ++s) {
        if (s < ns) {
            state[(ch * 8 + s) * 2 + 0] = z1[s];
            state[(ch * 8 + s) * 2 + 1] = z2[s];
        }
    }
}
