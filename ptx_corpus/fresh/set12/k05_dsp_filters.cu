// Signal processing: tiled FIR filter, cascaded biquad IIR per channel,
// Goertzel tone detection and polyphase decimation.
#include <cuda_runtime.h>

#define FIR_TILE 256
#define FIR_MAXTAPS 128

__constant__ float c_taps[FIR_MAXTAPS];

// y[n] = sum_k h[k] x[n-k]; each thread computes 4 consecutive outputs.
extern "C" __global__ void fir_tiled(const float* __restrict__ x, float* __restrict__ y,
                                     int n, int ntaps)
{
    __shared__ float sx[FIR_TILE * 4 + FIR_MAXTAPS];
    int out0 = blockIdx.x * FIR_TILE * 4;
    for (int k = threadIdx.x; k < FIR_TILE * 4 + ntaps - 1; k += blockDim.x) {
        int src = out0 + k - (ntaps - 1);
        sx[k] = (src >= 0 && src < n) ? x[src] : 0.f;
    }
    __syncthreads();
    int o = threadIdx.x * 4;
    float a0 = 0.f, a1 = 0.f, a2 = 0.f, a3 = 0.f;
    for (int k = 0; k < ntaps; ++k) {
        float h = c_taps[k];
        int b = o + (ntaps - 1) - k;
        a0 = fmaf(h, sx[b + 0], a0);
        a1 = fmaf(h, sx[b + 1], a1);
        a2 = fmaf(h, sx[b + 2], a2);
        a3 = fmaf(h, sx[b + 3], a3);
    }
    int g = out0 + o;
    if (g + 3 < n) {
        *reinterpret_cast<float4*>(y + g) = make_float4(a0, a1, a2, a3);
    } else {
        if (g < n) y[g] = a0;
        if (g + 1 < n) y[g + 1] = a1;
        if (g + 2 < n) y[g + 2] = a2;
    }
}

// 8-section biquad cascade (transposed direct form II), one channel per thread.
#define NSEC 8
extern "C" __global__ void biquad_cascade(const float* __restrict__ in, float* __restrict__ out,
                                          const float* __restrict__ coefs, // [ch][NSEC][5]
                                          float* __restrict__ state,       // [ch][NSEC][2]
                                          int nch, int nsamp)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nch) return;
    float b0[NSEC], b1[NSEC], b2[NSEC], a1[NSEC], a2[NSEC], z1[NSEC], z2[NSEC];
#pragma unroll
    for (int s = 0; s < NSEC; ++s) {
        const float* c = coefs + (ch * NSEC + s) * 5;
        b0[s] = c[0]; b1[s] = c[1]; b2[s] = c[2]; a1[s] = c[3]; a2[s] = c[4];
        z1[s] = state[(ch * NSEC + s) * 2];
        z2[s] = state[(ch * NSEC + s) * 2 + 1];
    }
    for (int t = 0; t < nsamp; ++t) {
        float v = in[(size_t)t * nch + ch];
#pragma unroll
        for (int s = 0; s < NSEC; ++s) {
            float yv = fmaf(b0[s], v, z1[s]);
            z1[s] = fmaf(b1[s], v, fmaf(-a1[s], yv, z2[s]));
            z2[s] = fmaf(b2[s], v, -a2[s] * yv);
            v = yv;
        }
        out[(size_t)t * nch + ch] = v;
    }
#pragma unroll
    for (int s = 0; s < NSEC; ++s) {
        state[(ch * NSEC + s) * 2] = z1[s];
        state[(ch * NSEC + s) * 2 + 1] = z2[s];
    }
}

// Goertzel power at a set of target bins; one block per frame, one warp per bin.
extern "C" __global__ void goertzel_bins(const float* __restrict__ frames, int frame_len,
                                         const float* __restrict__ bin_freq, int nbins,
                                         float fs, float* __restrict__ power)
{
    int frame = blockIdx.x;
    int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    int nwarps = blockDim.x >> 5;
    const float* x = frames + (size_t)frame * frame_len;
    for (int b = warp; b < nbins; b += nwarps) {
        float w = 2.f * 3.14159265f * bin_freq[b] / fs;
        float cw = __cosf(w), sw = __sinf(w);
        // split the frame into 32 segments and combine with the matrix form
        int seg = (frame_len + 31) / 32;
        int s0 = lane * seg, s1 = min(s0 + seg, frame_len);
        float q1 = 0.f, q2 = 0.f, coeff = 2.f * cw;
        for (int t = s0; t < s1; ++t) {
            float q0 = fmaf(coeff, q1, -q2) + x[t];
            q2 = q1; q1 = q0;
        }
        // partial DFT of segment evaluated at its start, rotate to global phase
        float re = q1 - q2 * cw, im = q2 * sw;
        float ph = -w * (float)(s1 - 1);
        float cp = __cosf(ph), sp = __sinf(ph);
        float rr = re * cp - im * sp, ri = re * sp + im * cp;
        for (int o = 16; o > 0; o >>= 1) {
            rr += __shfl_xor_sync(0xffffffffu, rr, o);
            ri += __shfl_xor_sync(0xffffffffu, ri, o);
        }
        if (lane == 0) power[frame * nbins + b] = rr * rr + ri * ri;
    }
}

// Polyphase decimator by factor M with L taps per phase (M*L total taps).
extern "C" __global__ void polyphase_decimate(const float2* __restrict__ x, int nin,
                                              const float* __restrict__ h, int M, int L,
                                              float2* __restrict__ y, int nout)
{
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (n >= nout) return;
    float accr = 0.f, acci = 0.f;
    int base = n * M;
    for (int p = 0; p < M; ++p) {
        for (int l = 0; l < L; ++l) {
            int idx = base - (l * M + p);
            if (idx < 0 || idx >= nin) continue;
            float c = __ldg(&h[p * L + l]);
            float2 v = __ldg(&x[idx]);
            accr = fmaf(c, v.x, accr);
            acci = fmaf(c, v.y, acci);
        }
    }
    y[n] = make_float2(accr, acci);
}
