// Register-resident FFTs: radix-8 and radix-16 butterflies with shared-memory exchange
// (in the style of Volkov & Kazian / SDK FFT samples).
#include <cuda_runtime.h>
#include <math_constants.h>

#define M_SQRT1_2F 0.70710678118654752440f

__device__ __forceinline__ float2 operator+(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__device__ __forceinline__ float2 operator-(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }
__device__ __forceinline__ float2 operator*(float2 a, float s) { return make_float2(a.x * s, a.y * s); }
__device__ __forceinline__ float2 cm(float2 a, float2 b) { return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
__device__ __forceinline__ float2 exp_i(float phi) { float s, c; __sincosf(phi, &s, &c); return make_float2(c, s); }

__device__ __forceinline__ void FFT2(float2 &a0, float2 &a1) { float2 c0 = a0; a0 = c0 + a1; a1 = c0 - a1; }
__device__ __forceinline__ void FFT4(float2 &a0, float2 &a1, float2 &a2, float2 &a3)
{
    FFT2(a0, a2); FFT2(a1, a3);
    a3 = make_float2(a3.y, -a3.x);
    FFT2(a0, a1); FFT2(a2, a3);
}
__device__ __forceinline__ void FFT8(float2 *a)
{
    FFT2(a[0], a[4]); FFT2(a[1], a[5]); FFT2(a[2], a[6]); FFT2(a[3], a[7]);
    a[5] = make_float2(a[5].x + a[5].y, -a[5].x + a[5].y) * M_SQRT1_2F;
    a[6] = make_float2(a[6].y, -a[6].x);
    a[7] = make_float2(-a[7].x + a[7].y, -a[7].x - a[7].y) * M_SQRT1_2F;
    FFT4(a[0], a[1], a[2], a[3]);
    FFT4(a[4], a[5], a[6], a[7]);
}

template <int R>
__device__ __forceinline__ void twiddle(float2 *a, int i, int n)
{
#pragma unroll
    for (int j = 1; j < R; j++) a[j] = cm(a[j], exp_i((-2.f * CUDART_PI_F * j / n) * i));
}

template <int R>
__device__ __forceinline__ void transposeSh(float2 *a, float *s, int sx, int sy, int ds, int ry, int rx)
{
    // sx: store stride, sy/ds/ry/rx: load pattern; real then imaginary parts.
#pragma unroll
    for (int i = 0; i < R; i++) s[i * sx] = a[i].x;
    __syncthreads();
#pragma unroll
    for (int i = 0; i < R; i++) a[i].x = s[i * sy + (i / ry) * ds];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < R; i++) s[i * sx] = a[i].y;
    __syncthreads();
#pragma unroll
    for (int i = 0; i < R; i++) a[i].y = s[i * sy + (i / ry) * ds];
    __syncthreads();
}

// 512-point FFT with 64 threads: three radix-8 passes.
extern "C" __global__ void __launch_bounds__(64) fft512_radix8_regs(float2 *work)
{
    int tid = threadIdx.x;
    int hi = tid >> 3, lo = tid & 7;
    work += (blockIdx.y * gridDim.x + blockIdx.x) * 512 + tid;
    float2 a[8];
    __shared__ float smem[8 * 8 * 9];
#pragma unroll
    for (int i = 0; i < 8; i++) a[i] = work[i * 64];
    FFT8(a);
    twiddle<8>(a, tid, 512);
    transposeSh<8>(a, &smem[hi * 8 + lo * 66], 66, 8, 0, 8, 0);
    FFT8(a);
    twiddle<8>(a, hi, 64);
    float *sp = &smem[hi * 8 + lo];
#pragma unroll
    for (int i = 0; i < 8; i++) sp[i * 72] = a[i].x;
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 8; i++) a[i].x = smem[lo * 72 + i * 8 + hi];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 8; i++) sp[i * 72] = a[i].y;
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 8; i++) a[i].y = smem[lo * 72 + i * 8 + hi];
    __syncthreads();
    FFT8(a);
#pragma unroll
    for (int i = 0; i < 8; i++) work[i * 64] = a[i];
}

// Batched small FFTs entirely in registers: 16-point (radix 4x4) per thread.
extern "C" __global__ void fft16_per_thread(float2 *data, int batch, int inverse)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    float2 a[16];
    const float2 *src = data + (size_t)b * 16;
#pragma unroll
    for (int i = 0; i < 16; i++) {
        a[i] = src[i];
        if (inverse) a[i].y = -a[i].y;
    }
    // columns: 4 FFT4 on stride 4
#pragma unroll
    for (int c = 0; c < 4; c++) FFT4(a[c], a[c + 4], a[c + 8], a[c + 12]);
    // twiddles W16^(c*r)
#pragma unroll
    for (int r = 1; r < 4; r++)
#pragma unroll
        for (int c = 1; c < 4; c++)
            a[c + 4 * r] = cm(a[c + 4 * r], exp_i(-2.f * CUDART_PI_F * (float)(r * c) / 16.f));
#pragma unroll
    for (int r = 0; r < 4; r++) FFT4(a[4 * r], a[4 * r + 1], a[4 * r + 2], a[4 * r + 3]);
    float2 *dst = data + (size_t)b * 16;
    float scale = inverse ? (1.f / 16.f) : 1.f;
#pragma unroll
    for (int r = 0; r < 4; r++)
#pragma unroll
        for (int c = 0; c < 4; c++) {
            float2 v = a[4 * r + c];
            if (inverse) v.y = -v.y;
            dst[c * 4 + r] = v * scale;
        }
}

// Radix-8 in double precision, one butterfly per thread per pass (global memory Stockham pass).
extern "C" __global__ void fft_radix8_pass_f64(const double2 *in, double2 *out, int N, int Ns)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= N / 8) return;
    double2 v[8];
    int k = j % Ns;
    double ang = -2.0 * CUDART_PI * k / (Ns * 8);
#pragma unroll
    for (int r = 0; r < 8; r++) {
        double2 a = in[j + r * (N / 8)];
        double s, c;
        sincos(r * ang, &s, &c);
        v[r] = make_double2(a.x * c - a.y * s, a.x * s + a.y * c);
    }
    // naive 8-point DFT with precomputed unit roots
    double2 o[8];
#pragma unroll
    for (int q = 0; q < 8; q++) {
        double re = 0, im = 0;
#pragma unroll
        for (int r = 0; r < 8; r++) {
            double s, c;
            sincospi(-2.0 * ((q * r) & 7) / 8.0, &s, &c);
            re += v[r].x * c - v[r].y * s;
            im += v[r].x * s + v[r].y * c;
        }
        o[q] = make_double2(re, im);
    }
    int base = (j / Ns) * Ns * 8 + k;
#pragma unroll
    for (int q = 0; q < 8; q++) out[base + q * Ns] = o[q];
}
