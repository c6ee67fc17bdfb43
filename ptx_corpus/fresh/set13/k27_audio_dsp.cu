// k27_audio_dsp.cu
// Audio DSP: multichannel filtering and effects.
//  - biquad_cascade_8_lb: 8-section transposed direct form II IIR cascade per channel (unrolled state),
//                         __launch_bounds__(128, 16)
//  - fir_polyphase_resample: polyphase FIR resampler L/M with 32 taps per phase (taps from __constant__)
//  - feedback_delay_reverb: Feedback delay network reverb, 4 delay lines kept in a thread-local
//                          circular buffer with run-time read/write pointers
//  - rms_envelope_gain:   attack/release compressor gain computer (small)

#define NSEC 8
#define NTAPS 32
__constant__ float c_polyTaps[16 * NTAPS];

extern "C" __global__ void __launch_bounds__(128, 16)
biquad_cascade_8_lb(const float* __restrict__ in, float* __restrict__ out,
                                            const float* __restrict__ coef /* ch x NSEC x 5 */, int nCh, int nSamp)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nCh) return;
    float b0[NSEC], b1[NSEC], b2[NSEC], a1[NSEC], a2[NSEC], z1[NSEC], z2[NSEC];
#pragma unroll
    for (int s = 0; s < NSEC; ++s) {
        const float* c = coef + ((size_t)ch * NSEC + s) * 5;
        b0[s] = c[0]; b1[s] = c[1]; b2[s] = c[2]; a1[s] = c[3]; a2[s] = c[4];
        z1[s] = 0.f; z2[s] = 0.f;
    }
    for (int n = 0; n < nSamp; ++n) {
        float x = in[(size_t)n * nCh + ch];
#pragma unroll
        for (int s = 0; s < NSEC; ++s) {
            float y = b0[s] * x + z1[s];
            z1[s] = b1[s] * x - a1[s] * y + z2[s];
            z2[s] = b2[s] * x - a2[s] * y;
            x = y;
        }
        out[(size_t)n * nCh + ch] = x;
    }
}

extern "C" __global__ void fir_polyphase_resample(const float* __restrict__ in, int nIn, int L, int M,
                                                  float* __restrict__ out, int nOut)
{
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= nOut) return;
    long long pos = (long long)m * M;
    int phase = (int)(pos % L);
    int base = (int)(pos / L);
    const float* h = c_polyTaps + phase * NTAPS;
    float acc0 = 0.f, acc1 = 0.f;
#pragma unroll
    for (int k = 0; k < NTAPS; k += 2) {
        int i0 = base - k, i1 = base - k - 1;
        acc0 += (i0 >= 0 && i0 < nIn) ? h[k] * in[i0] : 0.f;
        acc1 += (i1 >= 0 && i1 < nIn) ? h[k + 1] * in[i1] : 0.f;
    }
    out[m] = (acc0 + acc1) * L;
}

extern "C" __global__ void feedback_delay_reverb(const float* __restrict__ in, float* __restrict__ out, int nCh, int nSamp,
                                                 int d0, int d1, int d2, int d3, float g, float mix)
{
    const int MAXD = 96;
    float buf[4][MAXD];
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nCh) return;
    int len[4] = {min(d0, MAXD), min(d1, MAXD), min(d2, MAXD), min(d3, MAXD)};
    int wp[4] = {0, 0, 0, 0};
    for (int l = 0; l < 4; ++l)
        for (int i = 0; i < MAXD; ++i) buf[l][i] = 0.f;
    float lp[4] = {0, 0, 0, 0};
    for (int n = 0; n < nSamp; ++n) {
        float x = in[(size_t)n * nCh + ch];
        float y[4];
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            float v = buf[l][wp[l]];
            lp[l] = 0.7f * lp[l] + 0.3f * v;   // damping
            y[l] = lp[l];
        }
        // Householder feedback matrix
        float s = 0.5f * (y[0] + y[1] + y[2] + y[3]);
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            buf[l][wp[l]] = x + g * (y[l] - s);
            wp[l] = (wp[l] + 1 == len[l]) ? 0 : wp[l] + 1;
        }
        out[(size_t)n * nCh + ch] = (1.f - mix) * x + mix * 0.25f * (y[0] + y[1] + y[2] + y[3]);
    }
}

extern "C" __global__ void rms_envelope_gain(const float* __restrict__ in, float* __restrict__ gain, int nCh, int nSamp,
                                             float attack, float release, float thresholdDb, float ratio)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nCh) return;
    float env = 0.f;
    for (int n = 0; n < nSamp; ++n) {
        float x = in[(size_t)n * nCh + ch];
        float p = x * x;
        float c = p > env ? attack : release;
        env = c * env + (1.f - c) * p;
        float db = 10.f * __log10f(env + 1e-12f);
        float over = db - thresholdDb;
        float gdb = over > 0.f ? -over * (1.f - 1.f / ratio) : 0.f;
        gain[(size_t)n * nCh + ch] = exp10f(0.05f * gdb);
    }
}
