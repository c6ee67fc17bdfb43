// Audio codec transform pieces: windowed MDCT (N=256 -> 128 coeffs) via direct O(N^2) in
// shared memory, IMDCT + TDAC overlap-add, and per-band energy / scale-factor computation.

#define MDCT_N 256
#define MDCT_H 128

// Sine window + MDCT of one frame per block (128 threads: one output coefficient each).
extern "C" __global__ void __launch_bounds__(MDCT_H)
mdct256_frames(const float* __restrict__ pcm, int nframes, int hop, float* __restrict__ spec)
{
    __shared__ float x[MDCT_N];
    __shared__ float cos_tab[4 * MDCT_N];   // cos(pi/(2N) * m) for m in [0, 4N)
    int f = blockIdx.x;
    if (f >= nframes) return;
    const float* in = pcm + (long)f * hop;
    for (int n = threadIdx.x; n < MDCT_N; n += blockDim.x) {
        float w = __sinf(3.14159265f * (n + 0.5f) / MDCT_N);
        x[n] = w * in[n];
    }
    for (int m = threadIdx.x; m < 4 * MDCT_N; m += blockDim.x)
        cos_tab[m] = __cosf(3.14159265f / (2.f * MDCT_N) * m);
    __syncthreads();
    int k = threadIdx.x;
    // X[k] = sum_n x[n] cos(pi/N (n + 0.5 + N/4)(k + 0.5))  ; phase index in units of pi/(2N)*... use integer arithmetic mod 4N
    // arg = pi/N * (n + 0.5 + N/4) * (k + 0.5) = pi/(4N) * (2n + 1 + N/2) * (2k + 1)
    // cos_tab uses pi/(2N) steps, so index = ((2n+1+N/2)*(2k+1)) / 2 mod 4N; product is odd*odd -> use 8N period table with half step.
    float acc0 = 0.f, acc1 = 0.f;
    int kk = 2 * k + 1;
#pragma unroll 8
    for (int n = 0; n < MDCT_N; n += 2) {
        int p0 = ((2 * n + 1 + MDCT_N / 2) * kk) % (8 * MDCT_N);
        int p1 = ((2 * n + 3 + MDCT_N / 2) * kk) % (8 * MDCT_N);
        // cos(pi/(4N) * p) = cos(pi/(2N) * p/2): interpolate odd p by averaging neighbours in cos_tab (exact enough for coding)
        float c0 = (p0 & 1) ? 0.5f * (cos_tab[(p0 >> 1) & (4 * MDCT_N - 1)] + cos_tab[((p0 >> 1) + 1) & (4 * MDCT_N - 1)])
                            : cos_tab[(p0 >> 1) & (4 * MDCT_N - 1)];
        float c1 = (p1 & 1) ? 0.5f * (cos_tab[(p1 >> 1) & (4 * MDCT_N - 1)] + cos_tab[((p1 >> 1) + 1) & (4 * MDCT_N - 1)])
                            : cos_tab[(p1 >> 1) & (4 * MDCT_N - 1)];
        acc0 = fmaf(x[n], c0, acc0);
        acc1 = fmaf(x[n + 1], c1, acc1);
    }
    spec[(long)f * MDCT_H + k] = acc0 + acc1;
}

// IMDCT (direct, double-precision accumulation for reference quality) + window + overlap-add
// with the previous frame's saved tail.
extern "C" __global__ void imdct256_overlap_add(const float* __restrict__ spec, int nframes, float* __restrict__ tail,
                                                float* __restrict__ pcm_out)
{
    __shared__ float X[MDCT_H];
    __shared__ float y[MDCT_N];
    int f = blockIdx.x;
    if (f >= nframes) return;
    for (int k = threadIdx.x; k < MDCT_H; k += blockDim.x) X[k] = spec[(long)f * MDCT_H + k];
    __syncthreads();
    for (int n = threadIdx.x; n < MDCT_N; n += blockDim.x) {
        double acc = 0.0;
        double base = 3.141592653589793 / MDCT_H * (n + 0.5 + MDCT_H / 2.0);
        for (int k = 0; k < MDCT_H; ++k) acc += (double)X[k] * cos(base * (k + 0.5));
        float w = __sinf(3.14159265f * (n + 0.5f) / MDCT_N);
        y[n] = w * (float)(acc * (2.0 / MDCT_H));
    }
    __syncthreads();
    for (int n = threadIdx.x; n < MDCT_H; n += blockDim.x) {
        float prev = tail[(long)f * MDCT_H + n];
        pcm_out[(long)f * MDCT_H + n] = prev + y[n];
        tail[(long)(f + 1) * MDCT_H + n] = y[n + MDCT_H];
    }
}

// Band energies + scale factors (24 critical bands) + simple perceptual masking threshold spreading.
extern "C" __global__ void band_energy_scalefactors(const float* __restrict__ spec, int nframes,
                                                    const int* __restrict__ band_edges /*25*/,
                                                    float* __restrict__ energy_db, int* __restrict__ scalefac)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x;
    if (f >= nframes) return;
    const float* X = spec + (long)f * MDCT_H;
    // energies kept in double: the masking sum spans > 100 dB of dynamic range
    double e[24];
#pragma unroll
    for (int b = 0; b < 24; ++b) {
        double s = 1e-12;
        int lo = __ldg(&band_edges[b]), hi = __ldg(&band_edges[b + 1]);
        for (int k = lo; k < hi; ++k) { double v = X[k]; s = fma(v, v, s); }
        e[b] = s / (double)(hi - lo);
    }
    // spreading: -25 dB/bark lower slope, -10 dB/bark upper slope (in linear domain)
    double thr[24];
#pragma unroll
    for (int b = 0; b < 24; ++b) {
        double t = 0.0;
#pragma unroll
        for (int j = 0; j < 24; ++j) {
            int d = b - j;
            double att = d >= 0 ? (double)__powf(10.f, -1.0f * d) : (double)__powf(10.f, 2.5f * d);
            t = fma(e[j], att, t);
        }
        thr[b] = t * 0.03;
    }
#pragma unroll
    for (int b = 0; b < 24; ++b) {
        energy_db[(long)f * 24 + b] = 10.f * __log10f((float)e[b]);
        float smr = (float)(e[b] / thr[b]);
        scalefac[(long)f * 24 + b] = max(0, min(60, __float2int_rn(2.f * __log2f(smr + 1.f))));
    }
}
