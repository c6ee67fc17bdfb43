// Domain: audio coding and DSP (IMA-ADPCM encoding, MDCT transform, IIR biquad cascades, LPC analysis via Levinson-Durbin)

__constant__ short c_stepTable[89] = {
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80, 88, 97, 107, 118,
    130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724, 796, 876, 963, 1060,
    1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484,
    7132, 7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767};
__constant__ signed char c_indexTable[16] = {-1, -1, -1, -1, 2, 4, 6, 8, -1, -1, -1, -1, 2, 4, 6, 8};

// ima_adpcm_encode_blocks: IMA-ADPCM 4-bit encoder, one thread per independent 505-sample block (sequential predictor/step state)
extern "C" __global__ void ima_adpcm_encode_blocks(const short* __restrict__ pcm, unsigned char* __restrict__ outNibbles,
                                                   short* __restrict__ headers, int nBlocks, int samplesPerBlock)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nBlocks) return;
    const short* in = pcm + (size_t)b * samplesPerBlock;
    unsigned char* out = outNibbles + (size_t)b * (samplesPerBlock / 2);
    int pred = in[0], idx = 0;
    // initial step index guess from first difference
    int d0 = abs(in[1] - in[0]);
    while (idx < 88 && c_stepTable[idx] < d0) ++idx;
    headers[2 * b] = (short)pred; headers[2 * b + 1] = (short)idx;
    unsigned char packed = 0;
    for (int i = 1; i < samplesPerBlock; ++i) {
        int step = c_stepTable[idx];
        int diff = in[i] - pred;
        int code = 0;
        if (diff < 0) { code = 8; diff = -diff; }
        int vpdiff = step >> 3;
        if (diff >= step) { code |= 4; diff -= step; vpdiff += step; }
        step >>= 1;
        if (diff >= step) { code |= 2; diff -= step; vpdiff += step; }
        step >>= 1;
        if (diff >= step) { code |= 1; vpdiff += step; }
        pred += (code & 8) ? -vpdiff : vpdiff;
        pred = max(-32768, min(32767, pred));
        idx = max(0, min(88, idx + c_indexTable[code]));
        if (i & 1) packed = (unsigned char)code;
        else { packed |= (unsigned char)(code << 4); out[(i - 1) >> 1] = packed; }
    }
}

// mdct64_to_32_registers: direct 64-sample -> 32-coefficient MDCT per thread with sine window, all samples and outputs in registers
extern "C" __global__ void mdct64_to_32_registers(const float* __restrict__ frames, float* __restrict__ coef, int nFrames, int hop)
{
    const int N2 = 64, N = 32;
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nFrames) return;
    const float* x = frames + (size_t)f * hop;
    float xs[N2];
#pragma unroll
    for (int n = 0; n < N2; ++n) xs[n] = x[n] * __sinf(3.14159265f * (n + 0.5f) / N2);
    float X[N];
#pragma unroll
    for (int k = 0; k < N; ++k) X[k] = 0.f;
#pragma unroll
    for (int n = 0; n < N2; ++n) {
#pragma unroll
        for (int k = 0; k < N; ++k) {
            // cos(pi/N (n + 0.5 + N/2)(k + 0.5)) - constant folded after unrolling
            const float c = __cosf(3.14159265358979f / N * (n + 0.5f + N / 2) * (k + 0.5f));
            X[k] = fmaf(xs[n], c, X[k]);
        }
    }
#pragma unroll
    for (int k = 0; k < N; ++k) coef[(size_t)f * N + k] = X[k];
}

// biquad_cascade8_channels: 8-section direct-form-II-transposed IIR cascade per channel, coefficients and 16 states in registers
extern "C" __global__ void biquad_cascade8_channels(const float* __restrict__ in, float* __restrict__ out, const float* __restrict__ coefs,
                                                    float* __restrict__ state, int nChannels, int nSamples)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nChannels) return;
    float b0[8], b1[8], b2[8], a1[8], a2[8], z1[8], z2[8];
#pragma unroll
    for (int s = 0; s < 8; ++s) {
        const float* c = coefs + (size_t)ch * 40 + s * 5;
        b0[s] = c[0]; b1[s] = c[1]; b2[s] = c[2]; a1[s] = c[3]; a2[s] = c[4];
        z1[s] = state[(size_t)ch * 16 + 2 * s]; z2[s] = state[(size_t)ch * 16 + 2 * s + 1];
    }
    for (int t = 0; t < nSamples; ++t) {
        float v = in[(size_t)t * nChannels + ch];
#pragma unroll
        for (int s = 0; s < 8; ++s) {
            float y = b0[s] * v + z1[s];
            z1[s] = b1[s] * v - a1[s] * y + z2[s];
            z2[s] = b2[s] * v - a2[s] * y;
            v = y;
        }
        out[(size_t)t * nChannels + ch] = v;
    }
#pragma unroll
    for (int s = 0; s < 8; ++s) { state[(size_t)ch * 16 + 2 * s] = z1[s]; state[(size_t)ch * 16 + 2 * s + 1] = z2[s]; }
}

// lpc16_levinson_durbin: per-frame autocorrelation (17 lags) and order-16 Levinson-Durbin with run-time indexed local arrays
extern "C" __global__ void lpc16_levinson_durbin(const float* __restrict__ frames, float* __restrict__ lpc, float* __restrict__ refl,
                                                       int nFrames, int frameLen)
{
    const int P = 16;
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nFrames) return;
    const float* x = frames + (size_t)f * frameLen;
    float R[P + 1];
#pragma unroll
    for (int l = 0; l <= P; ++l) R[l] = 0.f;
    for (int n = 0; n < frameLen; ++n) {
        float xn = x[n];
#pragma unroll
        for (int l = 0; l <= P; ++l) if (n - l >= 0) R[l] += xn * x[n - l];
    }
    float a[P + 1], tmp[P + 1];
    a[0] = 1.f;
    for (int i = 1; i <= P; ++i) a[i] = 0.f;
    float err = R[0] + 1e-9f;
    for (int i = 1; i <= P; ++i) {
        float acc = R[i];
        for (int j = 1; j < i; ++j) acc += a[j] * R[i - j];     // dynamic indices
        float k = -acc / err;
        refl[(size_t)f * P + i - 1] = k;
        for (int j = 1; j < i; ++j) tmp[j] = a[j] + k * a[i - j];
        for (int j = 1; j < i; ++j) a[j] = tmp[j];
        a[i] = k;
        err *= (1.f - k * k);
    }
    for (int i = 1; i <= P; ++i) lpc[(size_t)f * P + i - 1] = a[i];
}
