#define NTAPS 63
__constant__ float c_taps[NTAPS];

extern "C" __global__ void fir_const_taps_smem(const float* __restrict__ x, float* __restrict__ y, int n)
{
    __shared__ float sx[256 + NTAPS - 1];
    int base = blockIdx.x * blockDim.x;
    for (int i = threadIdx.x; i < blockDim.x + NTAPS - 1; i += blockDim.x) {
        int g = base + i - (NTAPS - 1);
        sx[i] = (g >= 0 && g < n) ? x[g] : 0.f;
    }
    __syncthreads();
    int i = base + threadIdx.x;
    if (i >= n) return;
    float acc0 = 0.f, acc1 = 0.f;
#pragma unroll
    for (int k = 0; k < NTAPS - 1; k += 2) {
        acc0 += c_taps[k] * sx[threadIdx.x + NTAPS - 1 - k];
        acc1 += c_taps[k + 1] * sx[threadIdx.x + NTAPS - 2 - k];
    }
    acc0 += c_taps[NTAPS - 1] * sx[threadIdx.x];
    y[i] = acc0 + acc1;
}

extern "C" __global__ void biquad_cascade_channels(const float* __restrict__ in, float* __restrict__ out,
    const float* __restrict__ coeffs, float* __restrict__ state, int channels, int frames, int sections)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= channels) return;
    float z1[8], z2[8], b0[8], b1[8], b2[8], a1[8], a2[8];
#pragma unroll
    for (int s = 0; s < 8; ++s) {
        if (s < sections) {
            const float* c = coeffs + s * 5;
            b0[s] = c[0]; b1[s] = c[1]; b2[s] = c[2]; a1[s] = c[3]; a2[s] = c[4];
            z1[s] = state[(ch * 8 + s) * 2]; z2[s] = state[(ch * 8 + s) * 2 + 1];
        } else { b0[s] = 1.f; b1[s] = b2[s] = a1[s] = a2[s] = 0.f; z1[s] = z2[s] = 0.f; }
    }
    for (int t = 0; t < frames; ++t) {
        float v = in[(size_t)t * channels + ch];
#pragma unroll
        for (int s = 0; s < 8; ++s) {
            float o = b0[s] * v + z1[s];
            z1[s] = b1[s] * v - a1[s] * o + z2[s];
            z2[s] = b2[s] * v - a2[s] * o;
            v = o;
        }
        out[(size_t)t * channels + ch] = v;
    }
#pragma unroll
    for (int s = 0; s < 8; ++s)
        if (s < sections) { state[(ch * 8 + s) * 2] = z1[s]; state[(ch * 8 + s) * 2 + 1] = z2[s]; }
}

extern "C" __global__ void goertzel_bins(const short* __restrict__ pcm, const float* __restrict__ coefK,
    float* __restrict__ power, int frameLen, int nbins)
{
    int frame = blockIdx.y;
    int bin = blockIdx.x * blockDim.x + threadIdx.x;
    if (bin >= nbins) return;
    float c = coefK[bin];
    float s1 = 0.f, s2 = 0.f;
    const short* p = pcm + (size_t)frame * frameLen;
    for (int t = 0; t < frameLen; ++t) {
        float s0 = p[t] * (1.f / 32768.f) + c * s1 - s2;
        s2 = s1; s1 = s0;
    }
    power[frame * nbins + bin] = s1 * s1 + s2 * s2 - c * s1 * s2;
}
