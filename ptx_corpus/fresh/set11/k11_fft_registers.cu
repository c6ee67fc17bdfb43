// Register-resident FFTs: batched 8- and 16-point transforms per thread, a double 8-point, and a 512-point FFT built from three radix-8 passes through shared memory.
#include <cuda_runtime.h>
#include <math_constants.h>

#define M_SQRT1_2F 0.70710678118654752f

struct cf { float x, y; };
__device__ __forceinline__ cf operator+(cf a, cf b) { return {a.x + b.x, a.y + b.y}; }
__device__ __forceinline__ cf operator-(cf a, cf b) { return {a.x - b.x, a.y - b.y}; }
__device__ __forceinline__ cf cmulf(cf a, cf b) { return {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x}; }
__device__ __forceinline__ cf mul_mi(cf a) { return {a.y, -a.x}; }            // * (-i)
__device__ __forceinline__ cf mul_w8(cf a)  { return {(a.x + a.y) * M_SQRT1_2F, (a.y - a.x) * M_SQRT1_2F}; }   // * e^{-i pi/4}
__device__ __forceinline__ cf mul_w83(cf a) { return {(a.y - a.x) * M_SQRT1_2F, -(a.x + a.y) * M_SQRT1_2F}; } // * e^{-3i pi/4}

__device__ __forceinline__ void fft2(cf& a, cf& b) { cf t = a; a = t + b; b = t - b; }

// In-place forward DFT of 8 points, output in natural order.
__device__ __forceinline__ void fft8(cf* v)
{
    fft2(v[0], v[4]); fft2(v[1], v[5]); fft2(v[2], v[6]); fft2(v[3], v[7]);
    v[5] = mul_w8(v[5]); v[6] = mul_mi(v[6]); v[7] = mul_w83(v[7]);
    fft2(v[0], v[2]); fft2(v[1], v[3]); fft2(v[4], v[6]); fft2(v[5], v[7]);
    v[3] = mul_mi(v[3]); v[7] = mul_mi(v[7]);
    fft2(v[0], v[1]); fft2(v[2], v[3]); fft2(v[4], v[5]); fft2(v[6], v[7]);
    // bit-reverse permutation: 1<->4, 3<->6
    cf t = v[1]; v[1] = v[4]; v[4] = t;
    t = v[3]; v[3] = v[6]; v[6] = t;
}

extern "C" __global__ void fft8_batched(const float2* __restrict__ in, float2* __restrict__ out, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    cf v[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) { float2 t = in[(size_t)b * 8 + i]; v[i] = {t.x, t.y}; }
    fft8(v);
#pragma unroll
    for (int i = 0; i < 8; ++i) out[(size_t)b * 8 + i] = make_float2(v[i].x, v[i].y);
}

// 16-point = 4 x radix-4 on columns, twiddle, 4 x radix-4 on rows.
__device__ __forceinline__ void fft4(cf& a0, cf& a1, cf& a2, cf& a3)
{
    cf t0 = a0 + a2, t1 = a0 - a2, t2 = a1 + a3, t3 = mul_mi(a1 - a3);
    a0 = t0 + t2; a2 = t0 - t2; a1 = t1 + t3; a3 = t1 - t3;
}

extern "C" __global__ void fft16_batched(const float2* __restrict__ in, float2* __restrict__ out, int batch, int stride)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    cf v[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) { float2 t = in[(size_t)i * stride + b]; v[i] = {t.x, t.y}; }   // interleaved layout
#pragma unroll
    for (int c = 0; c < 4; ++c) fft4(v[c], v[c + 4], v[c + 8], v[c + 12]);
#pragma unroll
    for (int c = 1; c < 4; ++c)
#pragma unroll
        for (int r = 1; r < 4; ++r) {
            float sn, cs;
            sincospif(-2.f * (float)(c * r) / 16.f, &sn, &cs);
            v[c + 4 * r] = cmulf(v[c + 4 * r], cf{cs, sn});
        }
#pragma unroll
    for (int r = 0; r < 4; ++r) fft4(v[4 * r], v[4 * r + 1], v[4 * r + 2], v[4 * r + 3]);
    // X[k1 + 4*k2] = v[4*k1 + k2]
#pragma unroll
    for (int k1 = 0; k1 < 4; ++k1)
#pragma unroll
        for (int k2 = 0; k2 < 4; ++k2) {
            cf r = v[4 * k1 + k2];
            out[(size_t)(k1 + 4 * k2) * stride + b] = make_float2(r.x, r.y);
        }
}

// Double-precision 8-point DFT per thread (e.g. small batched spectral solves).
extern "C" __global__ void fft8_batched_f64(double2* __restrict__ data, int batch)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch) return;
    const double s = 0.70710678118654752440;
    double2 v[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) v[i] = data[(size_t)b * 8 + i];
    double2 a[8];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        a[i]     = make_double2(v[i].x + v[i + 4].x, v[i].y + v[i + 4].y);
        a[i + 4] = make_double2(v[i].x - v[i + 4].x, v[i].y - v[i + 4].y);
    }
    a[5] = make_double2((a[5].x + a[5].y) * s, (a[5].y - a[5].x) * s);
    a[6] = make_double2(a[6].y, -a[6].x);
    a[7] = make_double2((a[7].y - a[7].x) * s, -(a[7].x + a[7].y) * s);
    double2 c[8];
#pragma unroll
    for (int h = 0; h < 8; h += 4) {
        c[h + 0] = make_double2(a[h].x + a[h + 2].x, a[h].y + a[h + 2].y);
        c[h + 2] = make_double2(a[h].x - a[h + 2].x, a[h].y - a[h + 2].y);
        c[h + 1] = make_double2(a[h + 1].x + a[h + 3].x, a[h + 1].y + a[h + 3].y);
        double2 d = make_double2(a[h + 1].x - a[h + 3].x, a[h + 1].y - a[h + 3].y);
        c[h + 3] = make_double2(d.y, -d.x);
    }
    const int br[8] = {0, 4, 2, 6, 1, 5, 3, 7};
#pragma unroll
    for (int i = 0; i < 8; i += 2) {
        double2 p = c[i], q = c[i + 1];
        data[(size_t)b * 8 + br[i]]     = make_double2(p.x + q.x, p.y + q.y);
        data[(size_t)b * 8 + br[i + 1]] = make_double2(p.x - q.x, p.y - q.y);
    }
}

// 512-point FFT: 64 threads x 8 points, three radix-8 passes with shared-memory exchange.
extern "C" __global__ void __launch_bounds__(64)
fft512_radix8(const float2* __restrict__ in, float2* __restrict__ out)
{
    __shared__ float smem[8 * 8 * 9];     // one component at a time, padded
    const int t = threadIdx.x;
    const float2* src = in + (size_t)blockIdx.x * 512;
    cf v[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) { float2 q = src[t + 64 * i]; v[i] = {q.x, q.y}; }

    int Ns = 1;
#pragma unroll
    for (int pass = 0; pass < 3; ++pass) {
        int k = t % Ns;
        if (pass > 0) {
#pragma unroll
            for (int r = 1; r < 8; ++r) {
                float sn, cs;
                __sincosf(-2.f * CUDART_PI_F * (float)(k * r) / (float)(Ns * 8), &sn, &cs);
                v[r] = cmulf(v[r], cf{cs, sn});
            }
        }
        fft8(v);
        if (pass == 2) break;
        int dst = (t / Ns) * Ns * 8 + k;
        // exchange real parts, then imaginary parts
#pragma unroll
        for (int comp = 0; comp < 2; ++comp) {
            __syncthreads();
#pragma unroll
            for (int r = 0; r < 8; ++r) {
                int idx = dst + r * Ns;
                smem[idx + idx / 8] = comp == 0 ? v[r].x : v[r].y;
            }
            __syncthreads();
#pragma unroll
            for (int r = 0; r < 8; ++r) {
                int idx = t + 64 * r;
                float val = smem[idx + idx / 8];
                if (comp == 0) v[r].x = val; else v[r].y = val;
            }
        }
        Ns *= 8;
    }
    float2* d = out + (size_t)blockIdx.x * 512;
    int k = t % 64;
#pragma unroll
    for (int r = 0; r < 8; ++r) d[(t / 64) * 512 + k + r * 64] = make_float2(v[r].x, v[r].y);
}
