// Domain: fast Fourier transforms (radix-2/4/8 butterflies in registers, shared-memory Stockham FFT)
#include <math_constants.h>

struct cf { float x, y; };
__device__ __forceinline__ cf cmul(cf a, cf b) { return {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x}; }
__device__ __forceinline__ cf cadd(cf a, cf b) { return {a.x + b.x, a.y + b.y}; }
__device__ __forceinline__ cf csub(cf a, cf b) { return {a.x - b.x, a.y - b.y}; }

__host__ __device__ constexpr int bitrev(int i, int n) { return n <= 1 ? 0 : (((i & 1) * (n >> 1)) | bitrev(i >> 1, n >> 1)); }

template <int N, int LEN>
__device__ __forceinline__ void fft_stage(cf (&v)[N], float dir)
{
#pragma unroll
    for (int i = 0; i < N; i += LEN) {
#pragma unroll
        for (int j = 0; j < LEN / 2; ++j) {
            float s, c;
            __sincosf(dir * 2.f * CUDART_PI_F * j / LEN, &s, &c);
            cf w = {c, s};
            cf u = v[i + j], t = cmul(w, v[i + j + LEN / 2]);
            v[i + j] = cadd(u, t);
            v[i + j + LEN / 2] = csub(u, t);
        }
    }
    if constexpr (LEN < N) fft_stage<N, LEN * 2>(v, dir);
}

template <int N>
__device__ __forceinline__ void fft_regs(cf (&v)[N], float dir)
{
#pragma unroll
    for (int i = 0; i < N; ++i) {
        const int r = bitrev(i, N);
        if (r > i) { cf t = v[i]; v[i] = v[r]; v[r] = t; }
    }
    fft_stage<N, 2>(v, dir);
}

// fft8_registers_batched: one 8-point complex FFT per thread entirely in registers (batched)
extern "C" __global__ void fft8_registers_batched(const float2* __restrict__ in, float2* __restrict__ out, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    cf v[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) { float2 t = in[b * 8 + i]; v[i] = {t.x, t.y}; }
    fft_regs<8>(v, -1.f);
#pragma unroll
    for (int i = 0; i < 8; ++i) out[b * 8 + i] = make_float2(v[i].x, v[i].y);
}

// fft32_registers_batched: one 32-point complex FFT per thread in registers (heavily unrolled, 64 live floats)
extern "C" __global__ void fft32_registers_batched(const float2* __restrict__ in, float2* __restrict__ out, int batch, float scale)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    cf v[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) { float2 t = in[(size_t)i * batch + b]; v[i] = {t.x, t.y}; }
    fft_regs<32>(v, 1.f);
#pragma unroll
    for (int i = 0; i < 32; ++i) out[(size_t)i * batch + b] = make_float2(v[i].x * scale, v[i].y * scale);
}

// fft_stockham_smem_1024: 1024-point radix-4 Stockham FFT in shared memory, 256 threads, one transform per block
extern "C" __global__ void fft_stockham_smem_1024(const float2* __restrict__ in, float2* __restrict__ out)
{
    __shared__ float2 buf[2][1024];
    const int N = 1024;
    const float2* src = in + (size_t)blockIdx.x * N;
    int t = threadIdx.x;
#pragma unroll
    for (int k = 0; k < 4; ++k) buf[0][t + k * 256] = src[t + k * 256];
    __syncthreads();
    int p = 0;
    for (int Ns = 1; Ns < N; Ns *= 4) {
        int j = t;
        int k = j & (Ns - 1);
        cf a[4];
#pragma unroll
        for (int r = 0; r < 4; ++r) { float2 q = buf[p][j + r * (N / 4)]; a[r] = {q.x, q.y}; }
        float ang = -2.f * CUDART_PI_F * k / (Ns * 4);
#pragma unroll
        for (int r = 1; r < 4; ++r) { float s, c; __sincosf(ang * r, &s, &c); a[r] = cmul(a[r], {c, s}); }
        cf b0 = cadd(a[0], a[2]), b1 = csub(a[0], a[2]), b2 = cadd(a[1], a[3]), b3 = csub(a[1], a[3]);
        cf b3j = {b3.y, -b3.x};
        cf y0 = cadd(b0, b2), y2 = csub(b0, b2), y1 = cadd(b1, b3j), y3 = csub(b1, b3j);
        int idxD = (j / Ns) * Ns * 4 + k;
        buf[1 - p][idxD] = make_float2(y0.x, y0.y);
        buf[1 - p][idxD + Ns] = make_float2(y1.x, y1.y);
        buf[1 - p][idxD + 2 * Ns] = make_float2(y2.x, y2.y);
        buf[1 - p][idxD + 3 * Ns] = make_float2(y3.x, y3.y);
        p = 1 - p;
        __syncthreads();
    }
    float2* dst = out + (size_t)blockIdx.x * N;
#pragma unroll
    for (int k = 0; k < 4; ++k) dst[t + k * 256] = buf[p][t + k * 256];
}

template <int LEN>
__device__ __forceinline__ void dfft_stage(double (&re)[16], double (&im)[16])
{
#pragma unroll
    for (int i = 0; i < 16; i += LEN) {
#pragma unroll
        for (int j = 0; j < LEN / 2; ++j) {
            double s, c;
            sincospi(-2.0 * j / LEN, &s, &c);
            int a = i + j, q = i + j + LEN / 2;
            double tr = c * re[q] - s * im[q], ti = c * im[q] + s * re[q];
            re[q] = re[a] - tr; im[q] = im[a] - ti;
            re[a] += tr; im[a] += ti;
        }
    }
    if constexpr (LEN < 16) dfft_stage<LEN * 2>(re, im);
}

// fft16_double_registers: 16-point double-complex FFT per thread in registers with precomputed twiddles (double precision)
extern "C" __global__ void fft16_double_registers(const double2* __restrict__ in, double2* __restrict__ out, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    double re[16], im[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) {
        int r = ((i & 1) << 3) | ((i & 2) << 1) | ((i & 4) >> 1) | ((i & 8) >> 3);
        double2 t = in[(size_t)b * 16 + r];
        re[i] = t.x; im[i] = t.y;
    }
    dfft_stage<2>(re, im);
#pragma unroll
    for (int i = 0; i < 16; ++i) out[(size_t)b * 16 + i] = make_double2(re[i], im[i]);
}

// fft64_registers_strided_lb: 64-point complex FFT per thread fully in registers (128 live floats), loads strided by batch, __launch_bounds__(128)
extern "C" __global__ void __launch_bounds__(128) fft64_registers_strided_lb(const float2* __restrict__ in, float2* __restrict__ out, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    cf v[64];
#pragma unroll
    for (int i = 0; i < 64; ++i) { float2 t = in[(size_t)i * batch + b]; v[i] = {t.x, t.y}; }
    fft_regs<64>(v, -1.f);
#pragma unroll
    for (int i = 0; i < 64; ++i) out[(size_t)i * batch + b] = make_float2(v[i].x, v[i].y);
}
