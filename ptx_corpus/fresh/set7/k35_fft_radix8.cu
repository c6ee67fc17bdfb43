// FFT building blocks kept in registers: radix-8 butterflies (with the 1/sqrt2 twiddle
// trick), a 64-point FFT per thread (two radix-8 passes, 128 live floats), the same kernel
// under a tight __launch_bounds__ that forces spilling, and a 512-point shared-memory FFT
// per 64-thread block (three radix-8 passes).
#include <cuda_runtime.h>

struct cf { float x, y; };
__device__ __forceinline__ cf cadd(cf a, cf b) { return {a.x + b.x, a.y + b.y}; }
__device__ __forceinline__ cf csub(cf a, cf b) { return {a.x - b.x, a.y - b.y}; }
__device__ __forceinline__ cf cmul(cf a, cf b) { return {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x}; }
__device__ __forceinline__ cf mul_mj(cf a) { return {a.y, -a.x}; }              // * (-i)
__device__ __forceinline__ cf mul_w8(cf a) { const float s = 0.70710678f; return {(a.x + a.y) * s, (a.y - a.x) * s}; }   // * e^{-i pi/4}
__device__ __forceinline__ cf mul_w83(cf a) { const float s = 0.70710678f; return {(a.y - a.x) * s, -(a.x + a.y) * s}; } // * e^{-3i pi/4}

__device__ __forceinline__ void fft8(cf* v)
{
    cf a0 = cadd(v[0], v[4]), a1 = csub(v[0], v[4]);
    cf a2 = cadd(v[2], v[6]), a3 = mul_mj(csub(v[2], v[6]));
    cf a4 = cadd(v[1], v[5]), a5 = csub(v[1], v[5]);
    cf a6 = cadd(v[3], v[7]), a7 = mul_mj(csub(v[3], v[7]));
    cf b0 = cadd(a0, a2), b2 = csub(a0, a2), b1 = cadd(a1, a3), b3 = csub(a1, a3);
    cf b4 = cadd(a4, a6), b6 = mul_mj(csub(a4, a6)), b5 = cadd(a5, a7), b7 = csub(a5, a7);
    b5 = mul_w8(b5); b7 = mul_w83(b7);
    v[0] = cadd(b0, b4); v[4] = csub(b0, b4);
    v[1] = cadd(b1, b5); v[5] = csub(b1, b5);
    v[2] = cadd(b2, b6); v[6] = csub(b2, b6);
    v[3] = cadd(b3, b7); v[7] = csub(b3, b7);
}

__device__ __forceinline__ void fft64_regs(cf* x)
{
    // pass 1: 8 FFT-8 over stride-8 elements, twiddle, pass 2 over contiguous groups
#pragma unroll
    for (int j = 0; j < 8; ++j) {
        cf t[8];
#pragma unroll
        for (int k = 0; k < 8; ++k) t[k] = x[j + 8 * k];
        fft8(t);
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            float s, c;
            __sincosf(-6.283185307f * j * k / 64.f, &s, &c);
            x[j + 8 * k] = cmul(t[k], cf{c, s});
        }
    }
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        cf t[8];
#pragma unroll
        for (int j = 0; j < 8; ++j) t[j] = x[j + 8 * k];
        fft8(t);
#pragma unroll
        for (int j = 0; j < 8; ++j) x[j + 8 * k] = t[j];
    }
}

extern "C" __global__ void fft64_per_thread(const float2* __restrict__ in, float2* __restrict__ out, int nbatch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nbatch) return;
    cf x[64];
#pragma unroll
    for (int i = 0; i < 64; ++i) { float2 v = in[(size_t)i * nbatch + b]; x[i] = {v.x, v.y}; }  // batch-interleaved
    fft64_regs(x);
    // output index: k = k1 + 8*k2 where element stored at j + 8k holds X[k + 8 j]... transpose on write
#pragma unroll
    for (int j = 0; j < 8; ++j)
#pragma unroll
        for (int k = 0; k < 8; ++k)
            out[(size_t)(k + 8 * j) * nbatch + b] = make_float2(x[j + 8 * k].x, x[j + 8 * k].y);
}

extern "C" __global__ void __launch_bounds__(256, 4)
fft64_per_thread_lb(const float2* __restrict__ in, float2* __restrict__ out, int nbatch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= nbatch) return;
    cf x[64];
#pragma unroll
    for (int i = 0; i < 64; ++i) { float2 v = in[(size_t)i * nbatch + b]; x[i] = {v.x, v.y}; }
    fft64_regs(x);
#pragma unroll
    for (int j = 0; j < 8; ++j)
#pragma unroll
        for (int k = 0; k < 8; ++k)
            out[(size_t)(k + 8 * j) * nbatch + b] = make_float2(x[j + 8 * k].x, x[j + 8 * k].y);
}

// 512-point FFT: block of 64 threads, each handles 8 points per pass; Stockham through smem.
extern "C" __global__ void fft512_block(const float2* __restrict__ in, float2* __restrict__ out)
{
    __shared__ float sre[512], sim[512];
    const float2* src = in + (size_t)blockIdx.x * 512;
    int t = threadIdx.x;   // 0..63
    cf v[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) { float2 a = src[t + 64 * k]; v[k] = {a.x, a.y}; }
    int Ns = 1;
#pragma unroll
    for (int pass = 0; pass < 3; ++pass) {
        if (pass > 0) {
#pragma unroll
            for (int k = 0; k < 8; ++k) v[k] = {sre[t + 64 * k], sim[t + 64 * k]};
        }
        int j = t % Ns;
        float ang = -6.283185307f * j / (Ns * 8);
#pragma unroll
        for (int k = 1; k < 8; ++k) {
            float s, c;
            __sincosf(ang * k, &s, &c);
            v[k] = cmul(v[k], cf{c, s});
        }
        fft8(v);
        int base = (t / Ns) * Ns * 8 + j;
        __syncthreads();
        const int rev[8] = {0, 4, 2, 6, 1, 5, 3, 7};
#pragma unroll
        for (int k = 0; k < 8; ++k) { sre[base + Ns * k] = v[rev[k]].x; sim[base + Ns * k] = v[rev[k]].y; }
        __syncthreads();
        Ns *= 8;
    }
    float2* dst = out + (size_t)blockIdx.x * 512;
#pragma unroll
    for (int k = 0; k < 8; ++k) dst[t + 64 * k] = make_float2(sre[t + 64 * k], sim[t + 64 * k]);
}

// Pointwise spectrum multiply with conjugate for cross-correlation (complex float2).
extern "C" __global__ void spectrum_xcorr(const float2* __restrict__ A, const float2* __restrict__ B,
                                          float2* __restrict__ C, size_t n, float scale)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i >= n) return;
    float2 a = A[i], b = B[i];
    C[i] = make_float2((a.x * b.x + a.y * b.y) * scale, (a.y * b.x - a.x * b.y) * scale);
}
