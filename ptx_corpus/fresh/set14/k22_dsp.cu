// Domain: digital signal processing
// fir_shared_taps        - long FIR filter, taps and input window staged in shared memory, 4 outputs per thread
// iir_biquad_cascade     - per-channel cascade of runtime-count biquad sections (serial recurrence)
// goertzel_bank16        - 16 Goertzel detectors per channel evaluated in one pass over the samples
// polyphase_resample_lb  - 16-phase polyphase rational resampler, 16 accumulators, __launch_bounds__(512,4)

extern "C" __global__ void fir_shared_taps(const float *__restrict__ x, const float *__restrict__ h,
                                           float *__restrict__ y, int n, int ntaps)
{
    extern __shared__ float sm[];
    float *sh = sm;               // ntaps
    float *sx = sm + ntaps;       // 4*blockDim.x + ntaps - 1
    int base = blockIdx.x * blockDim.x * 4;
    for (int i = threadIdx.x; i < ntaps; i += blockDim.x) sh[i] = h[i];
    int win = 4 * blockDim.x + ntaps - 1;
    for (int i = threadIdx.x; i < win; i += blockDim.x) {
        int g = base + i - (ntaps - 1);
        sx[i] = (g >= 0 && g < n) ? x[g] : 0.f;
    }
    __syncthreads();
    float a0 = 0.f, a1 = 0.f, a2 = 0.f, a3 = 0.f;
    int o = threadIdx.x * 4;
    for (int k = 0; k < ntaps; ++k) {
        float hk = sh[ntaps - 1 - k];
        a0 += hk * sx[o + k];
        a1 += hk * sx[o + k + 1];
        a2 += hk * sx[o + k + 2];
        a3 += hk * sx[o + k + 3];
    }
    int g = base + o;
    if (g + 3 < n) {
        *reinterpret_cast<float4 *>(&y[g]) = make_float4(a0, a1, a2, a3);
    } else {
        if (g < n) y[g] = a0;
        if (g + 1 < n) y[g + 1] = a1;
        if (g + 2 < n) y[g + 2] = a2;
    }
}

extern "C" __global__ void iir_biquad_cascade(const float *x, float *y, const float *coef /*5 per section*/,
                                              float *state /*2 per section per channel*/, int nsamp, int nchan,
                                              int nsec)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nchan) return;
    for (int t = 0; t < nsamp; ++t) {
        float v = x[(size_t)t * nchan + ch];
        for (int s = 0; s < nsec; ++s) {
            float b0 = coef[5 * s], b1 = coef[5 * s + 1], b2 = coef[5 * s + 2];
            float a1 = coef[5 * s + 3], a2 = coef[5 * s + 4];
            float *z = state + 2 * ((size_t)ch * nsec + s);
            float out = b0 * v + z[0];
            z[0] = b1 * v - a1 * out + z[1];
            z[1] = b2 * v - a2 * out;
            v = out;
        }
        y[(size_t)t * nchan + ch] = v;
    }
}

extern "C" __global__ void goertzel_bank16(const short *pcm, const float *coeffs /*16*/, float *power,
                                          int nsamp, int nchan)
{
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= nchan) return;
    float c[16], s1[16], s2[16];
#pragma unroll
    for (int k = 0; k < 16; ++k) { c[k] = coeffs[k]; s1[k] = 0.f; s2[k] = 0.f; }
    for (int t = 0; t < nsamp; ++t) {
        float v = pcm[(size_t)t * nchan + ch] * (1.f / 32768.f);
#pragma unroll
        for (int k = 0; k < 16; ++k) {
            float s0 = v + c[k] * s1[k] - s2[k];
            s2[k] = s1[k];
            s1[k] = s0;
        }
    }
#pragma unroll
    for (int k = 0; k < 16; ++k)
        power[ch * 16 + k] = s1[k] * s1[k] + s2[k] * s2[k] - c[k] * s1[k] * s2[k];
}

#define PHASES 16
extern "C" __global__ void __launch_bounds__(512, 4)
polyphase_resample_lb(const float2 *__restrict__ x, const float *__restrict__ h /*PHASES*taps_per*/,
                      float2 *__restrict__ y, int nin, int taps_per, int decim)
{
    // each thread produces PHASES consecutive complex outputs for one input position
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int in0 = t * decim;
    if (in0 >= nin) return;
    float re[PHASES], im[PHASES];
#pragma unroll
    for (int p = 0; p < PHASES; ++p) { re[p] = 0.f; im[p] = 0.f; }
    for (int k = 0; k < taps_per; ++k) {
        int idx = in0 - k;
        float2 v = idx >= 0 ? x[idx] : make_float2(0.f, 0.f);
#pragma unroll
        for (int p = 0; p < PHASES; ++p) {
            float hk = __ldg(&h[p * taps_per + k]);
            re[p] += hk * v.x;
            im[p] += hk * v.y;
        }
    }
#pragma unroll
    for (int p = 0; p < PHASES; ++p) y[(size_t)t * PHASES + p] = make_float2(re[p], im[p]);
}
