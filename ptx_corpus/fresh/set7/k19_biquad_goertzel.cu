// Audio-free IIR/spectral DSP for sensor data: cascaded biquad (transposed direct form II)
// filter banks with 8 sections per channel held in registers, block-parallel Goertzel
// detection of 16 tones, and a double-precision DC-blocker + envelope follower.
#include <cuda_runtime.h>

#define NSEC 8

struct Biquad { float b0, b1, b2, a1, a2; };

extern "C" __global__ void biquad_cascade_tdf2(const float* __restrict__ in, float* __restrict__ out,
                                               const Biquad* __restrict__ coeffs,   // [nchan][NSEC]
                                               float* __restrict__ state,            // [nchan][NSEC][2]
                                               int nchan, int nsamp)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nchan) return;
    Biquad c[NSEC];
    float z1[NSEC], z2[NSEC];
#pragma unroll
    for (int s = 0; s < NSEC; ++s) {
        c[s] = coeffs[ch * NSEC + s];
        z1[s] = state[(ch * NSEC + s) * 2];
        z2[s] = state[(ch * NSEC + s) * 2 + 1];
    }
    for (int n = 0; n < nsamp; ++n) {
        float x = in[(size_t)n * nchan + ch];       // interleaved channels: coalesced
#pragma unroll
        for (int s = 0; s < NSEC; ++s) {
            float y = fmaf(c[s].b0, x, z1[s]);
            z1[s] = fmaf(c[s].b1, x, fmaf(-c[s].a1, y, z2[s]));
            z2[s] = fmaf(c[s].b2, x, -c[s].a2 * y);
            x = y;
        }
        out[(size_t)n * nchan + ch] = x;
    }
#pragma unroll
    for (int s = 0; s < NSEC; ++s) {
        state[(ch * NSEC + s) * 2] = z1[s];
        state[(ch * NSEC + s) * 2 + 1] = z2[s];
    }
}

#define NTONES 16
__constant__ float c_goertzel_coef[NTONES];   // 2 cos(2 pi k / N)

extern "C" __global__ void goertzel_multi_tone(const short* __restrict__ pcm, float* __restrict__ power,
                                               int nframes, int frame_len)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nframes) return;
    const short* x = pcm + (size_t)f * frame_len;
    float s1[NTONES], s2[NTONES];
#pragma unroll
    for (int k = 0; k < NTONES; ++k) { s1[k] = 0.f; s2[k] = 0.f; }
    for (int n = 0; n < frame_len; ++n) {
        float v = x[n] * (1.f / 32768.f);
#pragma unroll
        for (int k = 0; k < NTONES; ++k) {
            float s0 = fmaf(c_goertzel_coef[k], s1[k], v - s2[k]);
            s2[k] = s1[k];
            s1[k] = s0;
        }
    }
    float inv = 1.f / ((float)frame_len * frame_len);
#pragma unroll
    for (int k = 0; k < NTONES; ++k)
        power[(size_t)f * NTONES + k] = (s1[k] * s1[k] + s2[k] * s2[k] - c_goertzel_coef[k] * s1[k] * s2[k]) * inv;
}

extern "C" __global__ void dc_block_envelope(const float* __restrict__ in, float* __restrict__ env,
                                             double* __restrict__ st, int nchan, int nsamp,
                                             double R, double attack, double release)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nchan) return;
    double xprev = st[ch * 3], yprev = st[ch * 3 + 1], e = st[ch * 3 + 2];
    for (int n = 0; n < nsamp; ++n) {
        double x = in[(size_t)ch * nsamp + n];
        double y = x - xprev + R * yprev;
        xprev = x; yprev = y;
        double a = fabs(y);
        double coef = a > e ? attack : release;
        e = a + coef * (e - a);
        env[(size_t)ch * nsamp + n] = (float)e;
    }
    st[ch * 3] = xprev; st[ch * 3 + 1] = yprev; st[ch * 3 + 2] = e;
}

// DTMF/MFSK-style bank with 48 tones per frame; occupancy capped at 2 blocks of 256 threads
// (<= 128 registers), so the 96-value Goertzel state sits right at the limit.
#define NT48 48
__constant__ float c_coef48[NT48];

extern "C" __global__ void __launch_bounds__(256, 2)
goertzel_48_tones_occ2(const float* __restrict__ x, float* __restrict__ mag2, int nframes, int frame_len, int hop)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nframes) return;
    const float* s = x + (size_t)f * hop;
    float s1[NT48], s2[NT48];
#pragma unroll
    for (int k = 0; k < NT48; ++k) { s1[k] = 0.f; s2[k] = 0.f; }
    for (int n = 0; n < frame_len; ++n) {
        // Hann window applied on the fly
        float w = 0.5f - 0.5f * __cosf(6.2831853f * n / (frame_len - 1));
        float v = s[n] * w;
#pragma unroll
        for (int k = 0; k < NT48; ++k) {
            float s0 = fmaf(c_coef48[k], s1[k], v - s2[k]);
            s2[k] = s1[k];
            s1[k] = s0;
        }
    }
#pragma unroll
    for (int k = 0; k < NT48; ++k)
        mag2[(size_t)f * NT48 + k] = s1[k] * s1[k] + s2[k] * s2[k] - c_coef48[k] * s1[k] * s2[k];
}
