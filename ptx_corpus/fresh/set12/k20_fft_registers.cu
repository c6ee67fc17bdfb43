// Fast Fourier transforms with butterflies held in registers: batched
// 16-point FFT per thread, a 256-point FFT built from two radix-16 passes
// through shared memory, a double-precision radix-8 pass, and a register-
// capped version of the 16-point kernel.
#include <cuda_runtime.h>

struct cpx { float x, y; };
__device__ __forceinline__ cpx cadd(cpx a, cpx b) { return {a.x + b.x, a.y + b.y}; }
__device__ __forceinline__ cpx csub(cpx a, cpx b) { return {a.x - b.x, a.y - b.y}; }
__device__ __forceinline__ cpx cmul(cpx a, cpx b) { return {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x}; }
__device__ __forceinline__ cpx mul_mi(cpx a) { return {a.y, -a.x}; }   // * (-i)

__device__ __forceinline__ void bfly4(cpx& a0, cpx& a1, cpx& a2, cpx& a3)
{
    cpx t0 = cadd(a0, a2), t1 = csub(a0, a2), t2 = cadd(a1, a3), t3 = mul_mi(csub(a1, a3));
    a0 = cadd(t0, t2); a2 = csub(t0, t2); a1 = cadd(t1, t3); a3 = csub(t1, t3);
}

// 16-point forward DFT as 4x4 with internal twiddles; output in natural order.
__device__ __forceinline__ void fft16(cpx v[16])
{
#pragma unroll
    for (int i = 0; i < 4; ++i) bfly4(v[i], v[i + 4], v[i + 8], v[i + 12]);
    // twiddles W16^(i*k) for column i, row k
#pragma unroll
    for (int i = 1; i < 4; ++i)
#pragma unroll
        for (int k = 1; k < 4; ++k) {
            float s, c;
            sincospif(-2.f * i * k / 16.f, &s, &c);
            v[i + 4 * k] = cmul(v[i + 4 * k], cpx{c, s});
        }
#pragma unroll
    for (int k = 0; k < 4; ++k) bfly4(v[4 * k], v[4 * k + 1], v[4 * k + 2], v[4 * k + 3]);
    // transpose 4x4 to get natural order: out[k + 4*i] = v[4*k + i]
    cpx t[16];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int k = 0; k < 4; ++k) t[k + 4 * i] = v[4 * k + i];
#pragma unroll
    for (int j = 0; j < 16; ++j) v[j] = t[j];
}

extern "C" __global__ void fft16_batched(const float2* __restrict__ in, float2* __restrict__ out, int nbatch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nbatch) return;
    cpx v[16];
    const float4* src = reinterpret_cast<const float4*>(in + (size_t)b * 16);
#pragma unroll
    for (int j = 0; j < 8; ++j) {
        float4 q = src[j];
        v[2 * j] = {q.x, q.y}; v[2 * j + 1] = {q.z, q.w};
    }
    fft16(v);
    float4* dst = reinterpret_cast<float4*>(out + (size_t)b * 16);
#pragma unroll
    for (int j = 0; j < 8; ++j) dst[j] = make_float4(v[2 * j].x, v[2 * j].y, v[2 * j + 1].x, v[2 * j + 1].y);
}

// Same transform but with large blocks capped at 32 registers/thread.
extern "C" __global__ void __launch_bounds__(512, 4)
fft16_batched_capped(const float2* __restrict__ in, float2* __restrict__ out, int nbatch, float scale)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nbatch) return;
    cpx v[16];
    const float4* src = reinterpret_cast<const float4*>(in + (size_t)b * 16);
#pragma unroll
    for (int j = 0; j < 8; ++j) {
        float4 q = src[j];
        v[2 * j] = {q.x * scale, q.y * scale}; v[2 * j + 1] = {q.z * scale, q.w * scale};
    }
    fft16(v);
    // second pass on the spectrum magnitude-weighted (e.g. cepstrum-like)
#pragma unroll
    for (int j = 0; j < 16; ++j) {
        float m = sqrtf(v[j].x * v[j].x + v[j].y * v[j].y);
        v[j].x *= __logf(1.f + m); v[j].y *= __logf(1.f + m);
    }
    fft16(v);
    float4* dst = reinterpret_cast<float4*>(out + (size_t)b * 16);
#pragma unroll
    for (int j = 0; j < 8; ++j) dst[j] = make_float4(v[2 * j].x, v[2 * j].y, v[2 * j + 1].x, v[2 * j + 1].y);
}

// 256-point FFT: 16 threads per transform, 4 transforms per 64-thread block.
extern "C" __global__ void fft256_two_pass(const float2* __restrict__ in, float2* __restrict__ out, int nbatch)
{
    __shared__ float2 sh[4][256 + 16];
    int sub = threadIdx.x >> 4, t = threadIdx.x & 15;
    int b = blockIdx.x * 4 + sub;
    bool valid = b < nbatch;
    const float2* src = in + (size_t)min(b, nbatch - 1) * 256;
    cpx v[16];
    // pass 1: stride-16 decimation, thread t takes x[t + 16*j]
#pragma unroll
    for (int j = 0; j < 16; ++j) { float2 q = src[t + 16 * j]; v[j] = {q.x, q.y}; }
    fft16(v);
#pragma unroll
    for (int k = 0; k < 16; ++k) {
        float s, c;
        sincospif(-2.f * t * k / 256.f, &s, &c);
        cpx w = cmul(v[k], cpx{c, s});
        sh[sub][t * 17 + k] = make_float2(w.x, w.y);
    }
    __syncthreads();
    // pass 2: thread t handles output frequency group k1 = t
#pragma unroll
    for (int j = 0; j < 16; ++j) {
        float2 q = sh[sub][j * 17 + t];
        v[j] = {q.x, q.y};
    }
    fft16(v);
    if (valid) {
        float2* dst = out + (size_t)b * 256;
#pragma unroll
        for (int k2 = 0; k2 < 16; ++k2) dst[t + 16 * k2] = make_float2(v[k2].x, v[k2].y);
    }
}

// One radix-8 Stockham pass in double precision: reads 8 points at stride
// N/8, applies twiddles, writes them contiguously.
extern "C" __global__ void fft_radix8_pass_f64(const double2* __restrict__ in, double2* __restrict__ out,
                                               int N, int stride_s, int nbatch)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int per = N / 8;
    if (gid >= per * nbatch) return;
    int b = gid / per, j = gid % per;
    int k = j % stride_s;
    const double2* src = in + (size_t)b * N;
    double2* dst = out + (size_t)b * N;
    double2 a[8];
#pragma unroll
    for (int r = 0; r < 8; ++r) a[r] = src[j + r * per];
    if (stride_s > 1) {
#pragma unroll
        for (int r = 1; r < 8; ++r) {
            double s, c;
            sincospi(-2.0 * r * k / (8.0 * stride_s), &s, &c);
            double2 t = a[r];
            a[r] = make_double2(t.x * c - t.y * s, t.x * s + t.y * c);
        }
    }
    const double h = 0.70710678118654752440;
    // radix-2 stages
    double2 b0[8];
#pragma unroll
    for (int r = 0; r < 4; ++r) {
        b0[r] = make_double2(a[r].x + a[r + 4].x, a[r].y + a[r + 4].y);
        b0[r + 4] = make_double2(a[r].x - a[r + 4].x, a[r].y - a[r + 4].y);
    }
    // twiddle W8^r on lower half
    b0[5] = make_double2(h * (b0[5].x + b0[5].y), h * (b0[5].y - b0[5].x));
    b0[6] = make_double2(b0[6].y, -b0[6].x);
    b0[7] = make_double2(h * (b0[7].y - b0[7].x), -h * (b0[7].x + b0[7].y));
    double2 c0[8];
#pragma unroll
    for (int g = 0; g < 8; g += 4) {
        c0[g + 0] = make_double2(b0[g].x + b0[g + 2].x, b0[g].y + b0[g + 2].y);
        c0[g + 2] = make_double2(b0[g].x - b0[g + 2].x, b0[g].y - b0[g + 2].y);
        c0[g + 1] = make_double2(b0[g + 1].x + b0[g + 3].x, b0[g + 1].y + b0[g + 3].y);
        double2 d = make_double2(b0[g + 1].x - b0[g + 3].x, b0[g + 1].y - b0[g + 3].y);
        c0[g + 3] = make_double2(d.y, -d.x);
    }
    double2 o[8];
#pragma unroll
    for (int g = 0; g < 8; g += 2) {
        o[g] = make_double2(c0[g].x + c0[g + 1].x, c0[g].y + c0[g + 1].y);
        o[g + 1] = make_double2(c0[g].x - c0[g + 1].x, c0[g].y - c0[g + 1].y);
    }
    // bit-reversed order of o: 0,4,2,6,1,5,3,7
    const int rev[8] = {0, 4, 2, 6, 1, 5, 3, 7};
    int obase = (j / stride_s) * stride_s * 8 + k;
#pragma unroll
    for (int r = 0; r < 8; ++r) dst[obase + rev[r] * stride_s] = o[r];
}
