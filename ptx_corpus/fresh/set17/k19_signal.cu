// Domain: digital signal processing (FIR/IIR filtering, adaptive LMS, CIC decimation, chirp mixing)

#define NTAPS 64
__constant__ float c_taps[NTAPS];

// Block-tiled FIR: input tile + (NTAPS-1) history in shared memory, 4 outputs per thread
extern "C" __global__ void fir64_shared_4out(const float* __restrict__ x, float* __restrict__ y, int n)
{
    __shared__ float tile[4 * 256 + NTAPS];
    int base = blockIdx.x * 1024;
    for (int i = threadIdx.x; i < 1024 + NTAPS - 1; i += blockDim.x) {
        int g = base + i - (NTAPS - 1);
        tile[i] = (g >= 0 && g < n) ? x[g] : 0.f;
    }
    __syncthreads();
    float acc[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll 16
    for (int k = 0; k < NTAPS; ++k) {
        float h = c_taps[k];
#pragma unroll
        for (int q = 0; q < 4; ++q) acc[q] = fmaf(h, tile[threadIdx.x + q * 256 + NTAPS - 1 - k], acc[q]);
    }
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        int o = base + threadIdx.x + q * 256;
        if (o < n) y[o] = acc[q];
    }
}

// 8-section biquad (direct form II transposed) cascade per channel, sequential over samples;
// section state arrays indexed only by unrolled constants -> registers
extern "C" __global__ void biquad_cascade8(const float* __restrict__ coef /*8 x {b0,b1,b2,a1,a2}*/,
                                           const float* __restrict__ x, float* __restrict__ y,
                                           int nChannels, int nSamples)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nChannels) return;
    float b0[8], b1[8], b2[8], a1[8], a2[8], z1[8], z2[8];
#pragma unroll
    for (int s = 0; s < 8; ++s) {
        b0[s] = coef[5 * s]; b1[s] = coef[5 * s + 1]; b2[s] = coef[5 * s + 2];
        a1[s] = coef[5 * s + 3]; a2[s] = coef[5 * s + 4];
        z1[s] = 0.f; z2[s] = 0.f;
    }
    for (int t = 0; t < nSamples; ++t) {
        float v = x[(size_t)t * nChannels + ch];
#pragma unroll
        for (int s = 0; s < 8; ++s) {
            float out = b0[s] * v + z1[s];
            z1[s] = b1[s] * v - a1[s] * out + z2[s];
            z2[s] = b2[s] * v - a2[s] * out;
            v = out;
        }
        y[(size_t)t * nChannels + ch] = v;
    }
}

// Adaptive LMS FIR with a circular delay line (run-time length <= 32) in a local array -> stack
extern "C" __global__ void lms_adaptive_circular(const float* __restrict__ x, const float* __restrict__ d,
                                                 float* __restrict__ e, float* __restrict__ wOut,
                                                 int nSamples, int order, float mu, int nCh)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nCh) return;
    order = min(order, 32);
    float w[32], dl[32];
    for (int i = 0; i < order; ++i) { w[i] = 0.f; dl[i] = 0.f; }
    int head = 0;
    for (int t = 0; t < nSamples; ++t) {
        dl[head] = x[(size_t)ch * nSamples + t];
        float yv = 0.f;
        int idx = head;
        for (int k = 0; k < order; ++k) {
            yv += w[k] * dl[idx];
            idx = (idx == 0) ? order - 1 : idx - 1;
        }
        float err = d[(size_t)ch * nSamples + t] - yv;
        idx = head;
        for (int k = 0; k < order; ++k) {
            w[k] += mu * err * dl[idx];
            idx = (idx == 0) ? order - 1 : idx - 1;
        }
        e[(size_t)ch * nSamples + t] = err;
        head = (head + 1 == order) ? 0 : head + 1;
    }
    for (int k = 0; k < order; ++k) wOut[ch * 32 + k] = w[k];
}

// Linear-FM chirp synthesis + mixing: phase grows without bound, so accurate sinf/cosf take the
// Payne-Hanek slow path for large arguments (local-memory stack frame)
extern "C" __global__ void chirp_mix_downconvert(const float* __restrict__ rx, float2* __restrict__ bb,
                                                 int n, float fs, float f0, float k, float fc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float t = i / fs;
    float phChirp = 6.2831853f * (f0 * t + 0.5f * k * t * t);
    float phLO = 6.2831853f * fc * t;
    float s = rx[i] * sinf(phChirp);
    bb[i] = make_float2(s * cosf(phLO), -s * sinf(phLO));
}

// 5-stage CIC decimator (R = 16) with 64-bit integer integrators and combs per channel
extern "C" __global__ void cic5_decimate_i64(const short* __restrict__ in, int* __restrict__ out,
                                             int nIn, int nCh, int shiftOut)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nCh) return;
    long long integ[5] = {0, 0, 0, 0, 0}, comb[5] = {0, 0, 0, 0, 0};
    int o = 0;
    for (int t = 0; t < nIn; ++t) {
        long long v = in[(size_t)t * nCh + ch];
#pragma unroll
        for (int s = 0; s < 5; ++s) { integ[s] += v; v = integ[s]; }
        if ((t & 15) == 15) {
#pragma unroll
            for (int s = 0; s < 5; ++s) { long long prev = comb[s]; comb[s] = v; v -= prev; }
            out[(size_t)o * nCh + ch] = (int)(v >> shiftOut);
            ++o;
        }
    }
}

