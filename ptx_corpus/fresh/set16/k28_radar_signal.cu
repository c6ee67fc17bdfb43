// Domain: radar signal processing (CA-CFAR detection, delay-and-sum beamforming, pulse compression, slow-time Doppler DFT)

// cfar_ca_1d_range: cell-averaging CFAR along range for each pulse: guard cells 2, training cells 16 each side, threshold from Pfa factor
extern "C" __global__ void cfar_ca_1d_range(const float* __restrict__ power, unsigned char* __restrict__ det, float* __restrict__ noise,
                                            int nRange, int nPulses, float alphaFactor)
{
    const int G = 2, T = 16;
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    int p = blockIdx.y;
    if (r >= nRange || p >= nPulses) return;
    const float* row = power + (size_t)p * nRange;
    float sum = 0.f;
    int cnt = 0;
#pragma unroll
    for (int k = G + 1; k <= G + T; ++k) {
        if (r - k >= 0) { sum += row[r - k]; ++cnt; }
        if (r + k < nRange) { sum += row[r + k]; ++cnt; }
    }
    float nz = sum / max(cnt, 1);
    noise[(size_t)p * nRange + r] = nz;
    det[(size_t)p * nRange + r] = row[r] > alphaFactor * nz;
}

// beamform_delay_sum_16ch: delay-and-sum beamforming of 16 array channels with fractional-delay linear interpolation for 8 steering angles
extern "C" __global__ void beamform_delay_sum_16ch(const float2* __restrict__ ch, const float* __restrict__ delays, float2* __restrict__ beams,
                                                   int nSamples)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nSamples) return;
#pragma unroll 1
    for (int b = 0; b < 8; ++b) {
        float re = 0.f, im = 0.f;
#pragma unroll
        for (int c = 0; c < 16; ++c) {
            float d = __ldg(&delays[b * 16 + c]);
            float ts = t - d;
            int i0 = __float2int_rd(ts);
            float fr = ts - i0;
            if (i0 >= 0 && i0 + 1 < nSamples) {
                float2 a = ch[(size_t)c * nSamples + i0], bb = ch[(size_t)c * nSamples + i0 + 1];
                re += a.x + fr * (bb.x - a.x);
                im += a.y + fr * (bb.y - a.y);
            }
        }
        beams[(size_t)b * nSamples + t] = make_float2(re * (1.f / 16), im * (1.f / 16));
    }
}

// pulse_compression_matched64_smem: matched filtering against a 64-tap complex chirp replica (conjugated, in shared memory), 4 outputs per thread
extern "C" __global__ void pulse_compression_matched64_smem(const float2* __restrict__ rx, const float2* __restrict__ replica, float2* __restrict__ out,
                                                            int nRange)
{
    __shared__ float2 h[64];
    __shared__ float2 xs[4 * 128 + 64];
    int p = blockIdx.y;
    int base = blockIdx.x * 4 * blockDim.x;   // blockDim.x == 128
    if (threadIdx.x < 64) { float2 v = replica[63 - threadIdx.x]; h[threadIdx.x] = make_float2(v.x, -v.y); }
    for (int i = threadIdx.x; i < 4 * 128 + 64; i += blockDim.x) {
        int g = base + i;
        xs[i] = (g < nRange) ? rx[(size_t)p * nRange + g] : make_float2(0.f, 0.f);
    }
    __syncthreads();
    float2 acc[4];
#pragma unroll
    for (int o = 0; o < 4; ++o) acc[o] = make_float2(0.f, 0.f);
#pragma unroll 8
    for (int k = 0; k < 64; ++k) {
        float2 hk = h[k];
#pragma unroll
        for (int o = 0; o < 4; ++o) {
            float2 x = xs[threadIdx.x + o * 128 + k];
            acc[o].x += x.x * hk.x - x.y * hk.y;
            acc[o].y += x.x * hk.y + x.y * hk.x;
        }
    }
#pragma unroll
    for (int o = 0; o < 4; ++o) {
        int g = base + threadIdx.x + o * 128;
        if (g < nRange) out[(size_t)p * nRange + g] = acc[o];
    }
}

// doppler_dft32_hann_lb: 32-pulse slow-time DFT with Hann window per range bin (32 complex inputs and outputs in per-thread arrays, twiddles folded at compile time) under __launch_bounds__(256,8)
extern "C" __global__ void __launch_bounds__(256, 8)
doppler_dft32_hann_lb(const float2* __restrict__ cube, float* __restrict__ rdMapDb, int nRange)
{
    const int P = 32;
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= nRange) return;
    float xr[P], xi[P];
#pragma unroll
    for (int p = 0; p < P; ++p) {
        float w = 0.5f - 0.5f * __cosf(6.283185307f * p / (P - 1));
        float2 v = cube[(size_t)p * nRange + r];
        xr[p] = v.x * w; xi[p] = v.y * w;
    }
#pragma unroll
    for (int k = 0; k < P; ++k) {
        float re = 0.f, im = 0.f;
#pragma unroll
        for (int p = 0; p < P; ++p) {
            const float c = __cosf(6.283185307f * ((k * p) % P) / P), s = -__sinf(6.283185307f * ((k * p) % P) / P);
            re += xr[p] * c - xi[p] * s;
            im += xr[p] * s + xi[p] * c;
        }
        int kk = (k + P / 2) % P;   // fftshift
        rdMapDb[(size_t)kk * nRange + r] = 10.f * __log10f(re * re + im * im + 1e-20f);
    }
}
