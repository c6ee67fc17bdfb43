// Domain: FFT with small radix butterflies held in registers (Stockham formulation)
// fft_radix4_stockham: one radix-4 Stockham pass over a batch of complex signals (length N, stride Ns).
// fft_radix8_stockham: one radix-8 Stockham pass, 8 complex values per thread with per-element twiddles.
// fft16_fourstep_pass: first pass of a four-step FFT: 16-point DFT in registers followed by an N-point twiddle.
// fft16_fourstep_pass_lb: the same four-step pass under __launch_bounds__(256,8).
// fft64_shared_radix8: complete 64-point FFTs, 8 threads per transform, two radix-8 passes through shared memory.

#define PI_F 3.14159265358979323846f

__device__ __forceinline__ float2 cadd(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__device__ __forceinline__ float2 csub(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }
__device__ __forceinline__ float2 cmul(float2 a, float2 b)
{
    return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
__device__ __forceinline__ float2 mul_mi(float2 a) { return make_float2(a.y, -a.x); }   // a * (-i)

__device__ __forceinline__ void fft4(float2& a0, float2& a1, float2& a2, float2& a3)
{
    float2 t0 = cadd(a0, a2), t1 = csub(a0, a2);
    float2 t2 = cadd(a1, a3), t3 = mul_mi(csub(a1, a3));
    a0 = cadd(t0, t2); a2 = csub(t0, t2);
    a1 = cadd(t1, t3); a3 = csub(t1, t3);
}

__device__ __forceinline__ void fft8(float2* v)
{
    float2 e0 = v[0], e1 = v[2], e2 = v[4], e3 = v[6];
    float2 o0 = v[1], o1 = v[3], o2 = v[5], o3 = v[7];
    fft4(e0, e1, e2, e3);
    fft4(o0, o1, o2, o3);
    const float c = 0.70710678118654752f;
    o1 = make_float2(c * (o1.x + o1.y), c * (o1.y - o1.x));      // * W8^1
    o2 = mul_mi(o2);                                             // * W8^2
    o3 = make_float2(c * (o3.y - o3.x), -c * (o3.x + o3.y));     // * W8^3
    v[0] = cadd(e0, o0); v[4] = csub(e0, o0);
    v[1] = cadd(e1, o1); v[5] = csub(e1, o1);
    v[2] = cadd(e2, o2); v[6] = csub(e2, o2);
    v[3] = cadd(e3, o3); v[7] = csub(e3, o3);
}

// output: v[4*k1 + k2] = X[k1 + 4*k2]
__device__ __forceinline__ void fft16_transposed(float2* v)
{
#pragma unroll
    for (int n2 = 0; n2 < 4; n2++) fft4(v[n2], v[4 + n2], v[8 + n2], v[12 + n2]);
#pragma unroll
    for (int k1 = 1; k1 < 4; k1++)
#pragma unroll
        for (int n2 = 1; n2 < 4; n2++) {
            float s, c;
            __sincosf(-2.f * PI_F * (float)(k1 * n2) / 16.f, &s, &c);
            v[4 * k1 + n2] = cmul(v[4 * k1 + n2], make_float2(c, s));
        }
#pragma unroll
    for (int k1 = 0; k1 < 4; k1++) fft4(v[4 * k1], v[4 * k1 + 1], v[4 * k1 + 2], v[4 * k1 + 3]);
}

extern "C" __global__ void fft_radix4_stockham(const float2* __restrict__ src, float2* __restrict__ dst,
                                               int N, int Ns, int batch)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int b = blockIdx.y;
    if (j >= N / 4 || b >= batch) return;
    const float2* in = src + (size_t)b * N;
    float2* out = dst + (size_t)b * N;
    int q = N / 4;
    float2 v[4];
    float ang = -2.f * PI_F * (float)(j % Ns) / (float)(Ns * 4);
#pragma unroll
    for (int r = 0; r < 4; r++) {
        v[r] = in[j + r * q];
        if (r) { float s, c; __sincosf(r * ang, &s, &c); v[r] = cmul(v[r], make_float2(c, s)); }
    }
    fft4(v[0], v[1], v[2], v[3]);
    int idxD = (j / Ns) * Ns * 4 + (j % Ns);
#pragma unroll
    for (int r = 0; r < 4; r++) out[idxD + r * Ns] = v[r];
}

extern "C" __global__ void fft_radix8_stockham(const float2* __restrict__ src, float2* __restrict__ dst,
                                               int N, int Ns, int batch)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int b = blockIdx.y;
    if (j >= N / 8 || b >= batch) return;
    const float2* in = src + (size_t)b * N;
    float2* out = dst + (size_t)b * N;
    int q = N / 8;
    float2 v[8];
    float ang = -2.f * PI_F * (float)(j % Ns) / (float)(Ns * 8);
#pragma unroll
    for (int r = 0; r < 8; r++) {
        v[r] = in[j + r * q];
        if (r) { float s, c; sincosf(r * ang, &s, &c); v[r] = cmul(v[r], make_float2(c, s)); }
    }
    fft8(v);
    int idxD = (j / Ns) * Ns * 8 + (j % Ns);
#pragma unroll
    for (int r = 0; r < 8; r++) out[idxD + r * Ns] = v[r];
}

// Data viewed as a 16 x M matrix (N = 16*M); thread j transforms column j and applies W_N^(j*k).
__device__ __forceinline__ void fft16_fourstep_body(const float2* __restrict__ src, float2* __restrict__ dst,
                                                    int M, int batch, int inverse)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int b = blockIdx.y;
    if (j >= M || b >= batch) return;
    int N = 16 * M;
    const float2* in = src + (size_t)b * N;
    float2* out = dst + (size_t)b * N;
    float2 v[16];
#pragma unroll
    for (int n = 0; n < 16; n++) {
        v[n] = in[j + n * M];
        if (inverse) v[n].y = -v[n].y;
    }
    fft16_transposed(v);
    float base = -2.f * PI_F * (float)j / (float)N;
#pragma unroll
    for (int k1 = 0; k1 < 4; k1++)
#pragma unroll
        for (int k2 = 0; k2 < 4; k2++) {
            int k = k1 + 4 * k2;
            float2 x = v[4 * k1 + k2];
            if (k) { float s, c; sincosf(base * k, &s, &c); x = cmul(x, make_float2(c, s)); }
            if (inverse) x.y = -x.y;
            out[(size_t)j * 16 + k] = x;
        }
}

extern "C" __global__ void fft16_fourstep_pass(const float2* __restrict__ src, float2* __restrict__ dst,
                                               int M, int batch, int inverse)
{
    fft16_fourstep_body(src, dst, M, batch, inverse);
}

extern "C" __global__ void __launch_bounds__(256, 8)
fft16_fourstep_pass_lb(const float2* __restrict__ src, float2* __restrict__ dst,
                       int M, int batch, int inverse)
{
    fft16_fourstep_body(src, dst, M, batch, inverse);
}

extern "C" __global__ void fft64_shared_radix8(const float2* __restrict__ src, float2* __restrict__ dst,
                                               int nfft)
{
    // blockDim.x = 64: 8 transforms per block, 8 threads each
    __shared__ float2 sh[8][64 + 1];
    int t = threadIdx.x & 7;
    int f = threadIdx.x >> 3;
    int g = blockIdx.x * 8 + f;
    bool ok = g < nfft;
    const float2* in = src + (size_t)g * 64;
    float2 v[8];
#pragma unroll
    for (int r = 0; r < 8; r++) v[r] = ok ? in[t + 8 * r] : make_float2(0.f, 0.f);
    fft8(v);
#pragma unroll
    for (int r = 0; r < 8; r++) sh[f][t * 8 + r] = v[r];
    __syncthreads();
    float ang = -2.f * PI_F * (float)t / 64.f;
#pragma unroll
    for (int r = 0; r < 8; r++) {
        v[r] = sh[f][t + 8 * r];
        if (r) { float s, c; __sincosf(r * ang, &s, &c); v[r] = cmul(v[r], make_float2(c, s)); }
    }
    fft8(v);
    if (ok) {
        float2* out = dst + (size_t)g * 64;
#pragma unroll
        for (int r = 0; r < 8; r++) out[t + 8 * r] = v[r];
    }
}
