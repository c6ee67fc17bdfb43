// Domain: digital signal processing (FIR/IIR filter banks, multirate, tone detection)
// fir64_4out: 64-tap FIR per channel, taps in shared memory, each thread computes 4 consecutive outputs from a register window.
// iir_biquad_cascade8: per-channel cascade of 8 biquad sections (transposed direct form II), state held in registers.
// polyphase_decim8: polyphase decimate-by-8 with a 64-tap prototype (8 phases x 8 taps) per channel.
// goertzel_8tones: Goertzel detector for 8 target frequencies over blocks of samples (DTMF-style power output).
// fir_stream_ring: streaming per-channel FIR with a runtime-indexed 32-sample ring buffer (history carried between calls).

#define NTAPS 64

extern "C" __global__ void fir64_4out(const float* __restrict__ x, const float* __restrict__ taps,
                                      float* __restrict__ y, int len, int nch)
{
    // x/y: [nch][len]; x is assumed zero before t = 0
    __shared__ float h[NTAPS];
    for (int k = threadIdx.x; k < NTAPS; k += blockDim.x) h[k] = taps[k];
    __syncthreads();
    int ch = blockIdx.y;
    int t0 = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    if (ch >= nch || t0 >= len) return;
    const float* xc = x + (size_t)ch * len;
    float a0 = 0.f, a1 = 0.f, a2 = 0.f, a3 = 0.f;
    // window holds x[t0+3-k-3 .. t0+3-k]
    float w0 = t0 + 3 < len ? xc[t0 + 3] : 0.f;
    float w1 = t0 + 2 < len ? xc[t0 + 2] : 0.f;
    float w2 = t0 + 1 < len ? xc[t0 + 1] : 0.f;
#pragma unroll 8
    for (int k = 0; k < NTAPS; k++) {
        int idx = t0 - k;
        float w3 = idx >= 0 ? __ldg(&xc[idx]) : 0.f;
        float hk = h[k];
        a3 = fmaf(hk, w0, a3);
        a2 = fmaf(hk, w1, a2);
        a1 = fmaf(hk, w2, a1);
        a0 = fmaf(hk, w3, a0);
        w0 = w1; w1 = w2; w2 = w3;
    }
    float* yc = y + (size_t)ch * len;
    yc[t0] = a0;
    if (t0 + 1 < len) yc[t0 + 1] = a1;
    if (t0 + 2 < len) yc[t0 + 2] = a2;
    if (t0 + 3 < len) yc[t0 + 3] = a3;
}

__constant__ float c_sos[8][5];   // b0 b1 b2 a1 a2 per section

extern "C" __global__ void iir_biquad_cascade8(const float* __restrict__ x, float* __restrict__ y,
                                               float* __restrict__ state, int len, int nch)
{
    // x/y: [len][nch] interleaved so consecutive channels are coalesced; state: [nch][16]
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nch) return;
    float z1[8], z2[8];
#pragma unroll
    for (int s = 0; s < 8; s++) { z1[s] = state[(size_t)ch * 16 + 2 * s]; z2[s] = state[(size_t)ch * 16 + 2 * s + 1]; }
    for (int t = 0; t < len; t++) {
        float v = x[(size_t)t * nch + ch];
#pragma unroll
        for (int s = 0; s < 8; s++) {
            float out = fmaf(c_sos[s][0], v, z1[s]);
            z1[s] = fmaf(c_sos[s][1], v, fmaf(-c_sos[s][3], out, z2[s]));
            z2[s] = fmaf(c_sos[s][2], v, -c_sos[s][4] * out);
            v = out;
        }
        y[(size_t)t * nch + ch] = v;
    }
#pragma unroll
    for (int s = 0; s < 8; s++) { state[(size_t)ch * 16 + 2 * s] = z1[s]; state[(size_t)ch * 16 + 2 * s + 1] = z2[s]; }
}

__constant__ float c_proto[64];

extern "C" __global__ void polyphase_decim8(const float2* __restrict__ x, float2* __restrict__ y,
                                            int len_in, int nch)
{
    // complex baseband decimation: y[m] = sum_k h[k] x[8m - k]
    int ch = blockIdx.y;
    int m = blockIdx.x * blockDim.x + threadIdx.x;
    int len_out = len_in / 8;
    if (ch >= nch || m >= len_out) return;
    const float2* xc = x + (size_t)ch * len_in;
    float re = 0.f, im = 0.f;
#pragma unroll
    for (int p = 0; p < 8; p++) {          // phase p handles taps k = p + 8j
#pragma unroll
        for (int j = 0; j < 8; j++) {
            int k = p + 8 * j;
            int idx = 8 * m - k;
            if (idx >= 0) {
                float2 v = __ldg(&xc[idx]);
                re = fmaf(c_proto[k], v.x, re);
                im = fmaf(c_proto[k], v.y, im);
            }
        }
    }
    y[(size_t)ch * len_out + m] = make_float2(re, im);
}

__constant__ float c_goertzel_coef[8];   // 2*cos(2*pi*f_k/fs)

extern "C" __global__ void goertzel_8tones(const float* __restrict__ x, int block_len, int nblocks,
                                           float* __restrict__ power)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nblocks) return;
    const float* xb = x + (size_t)b * block_len;
    float s1[8], s2[8];
#pragma unroll
    for (int k = 0; k < 8; k++) { s1[k] = 0.f; s2[k] = 0.f; }
    for (int n = 0; n < block_len; n++) {
        float v = xb[n];
#pragma unroll
        for (int k = 0; k < 8; k++) {
            float s0 = fmaf(c_goertzel_coef[k], s1[k], v - s2[k]);
            s2[k] = s1[k];
            s1[k] = s0;
        }
    }
#pragma unroll
    for (int k = 0; k < 8; k++)
        power[(size_t)b * 8 + k] = s1[k] * s1[k] + s2[k] * s2[k] - c_goertzel_coef[k] * s1[k] * s2[k];
}

#define RING 32
extern "C" __global__ void fir_stream_ring(const float* __restrict__ x, float* __restrict__ y,
                                           const float* __restrict__ taps, int ntaps,
                                           float* __restrict__ hist, int* __restrict__ hist_pos,
                                           int len, int nch)
{
    // each thread owns one channel; x/y: [nch][len]; hist: [nch][RING]; ntaps <= RING
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nch) return;
    ntaps = min(ntaps, RING);
    float ring[RING];
    for (int k = 0; k < RING; k++) ring[k] = hist[(size_t)ch * RING + k];
    int pos = hist_pos[ch] & (RING - 1);
    const float* xc = x + (size_t)ch * len;
    float* yc = y + (size_t)ch * len;
    for (int t = 0; t < len; t++) {
        ring[pos] = xc[t];
        float acc = 0.f;
        int idx = pos;
        for (int k = 0; k < ntaps; k++) {
            acc = fmaf(__ldg(&taps[k]), ring[idx], acc);
            idx = (idx - 1) & (RING - 1);
        }
        yc[t] = acc;
        pos = (pos + 1) & (RING - 1);
    }
    for (int k = 0; k < RING; k++) hist[(size_t)ch * RING + k] = ring[k];
    hist_pos[ch] = pos;
}
