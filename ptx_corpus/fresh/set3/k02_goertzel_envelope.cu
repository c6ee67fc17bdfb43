// Spectral probes and dynamics processing for audio streams.
#include <cuda_runtime.h>
#include <math.h>

// Goertzel detector: one block per frame, each thread evaluates one frequency bin.
extern "C" __global__ void goertzel_bins(const float* __restrict__ frames, float* __restrict__ power,
                                         const float* __restrict__ bin_freqs, int frame_len,
                                         int n_bins, float sample_rate)
{
    int frame = blockIdx.x;
    int b = threadIdx.x + blockIdx.y * blockDim.x;
    if (b >= n_bins) return;
    const float* x = frames + (size_t)frame * frame_len;
    float w = 2.f * 3.14159265358979f * bin_freqs[b] / sample_rate;
    float coeff = 2.f * __cosf(w);
    float s1 = 0.f, s2 = 0.f;
    for (int n = 0; n < frame_len; n += 4) {
        float4 v = *reinterpret_cast<const float4*>(x + n);
        float s0;
        s0 = v.x + coeff * s1 - s2; s2 = s1; s1 = s0;
        s0 = v.y + coeff * s1 - s2; s2 = s1; s1 = s0;
        s0 = v.z + coeff * s1 - s2; s2 = s1; s1 = s0;
        s0 = v.w + coeff * s1 - s2; s2 = s1; s1 = s0;
    }
    power[(size_t)frame * n_bins + b] = s1 * s1 + s2 * s2 - coeff * s1 * s2;
}

// Feed-forward compressor with attack/release envelope follower in log domain.
extern "C" __global__ void compressor_envelope(const float* __restrict__ in, float* __restrict__ out,
                                               float* __restrict__ env_state, int frames, int channels,
                                               float thresh_db, float ratio, float knee_db,
                                               float attack_coef, float release_coef, float makeup_db)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= channels) return;
    float env = env_state[ch];
    float slope = 1.f - 1.f / ratio;
    float half_knee = 0.5f * knee_db;
    for (int t = 0; t < frames; ++t) {
        float x = in[(size_t)t * channels + ch];
        float lvl = 20.f * log10f(fabsf(x) + 1e-9f);
        float over = lvl - thresh_db;
        float gr;
        if (over <= -half_knee) gr = 0.f;
        else if (over >= half_knee) gr = slope * over;
        else { float k = over + half_knee; gr = slope * k * k / (2.f * knee_db); }
        float c = gr > env ? attack_coef : release_coef;
        env = c * env + (1.f - c) * gr;
        float g = exp10f((makeup_db - env) * 0.05f);
        out[(size_t)t * channels + ch] = x * g;
    }
    env_state[ch] = env;
}

#define N_MEL 40
#define N_CEP 13
__constant__ short c_mel_edges[N_MEL + 2];

// MFCC: triangular mel filterbank over a power spectrum, log, then DCT-II; one frame per thread.
extern "C" __global__ void mfcc_frame(const float* __restrict__ power, int n_bins, int n_frames,
                                      const float* __restrict__ lifter, float* __restrict__ mfcc)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= n_frames) return;
    const float* p = power + (size_t)f * n_bins;
    float mel[N_MEL];
#pragma unroll
    for (int m = 0; m < N_MEL; ++m) {
        int lo = c_mel_edges[m], mid = c_mel_edges[m + 1], hi = c_mel_edges[m + 2];
        float acc = 0.f;
        float up = 1.f / max(mid - lo, 1), dn = 1.f / max(hi - mid, 1);
        for (int k = lo; k < mid; ++k) acc += p[k] * (k - lo) * up;
        for (int k = mid; k < hi; ++k) acc += p[k] * (hi - k) * dn;
        mel[m] = __logf(fmaxf(acc, 1e-10f));
    }
    const float scale = sqrtf(2.f / N_MEL);
#pragma unroll
    for (int c = 0; c < N_CEP; ++c) {
        float s = 0.f;
#pragma unroll
        for (int m = 0; m < N_MEL; ++m) s = fmaf(mel[m], __cosf(3.14159265f * c * (m + 0.5f) / N_MEL), s);
        mfcc[(size_t)f * N_CEP + c] = s * scale * lifter[c];
    }
}
