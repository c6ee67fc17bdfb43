// Shared-memory FFTs: in-place radix-2 Cooley-Tukey (float and double) and a 1024-point radix-4 Stockham FFT, one transform per block.
#include <cuda_runtime.h>
#include <math_constants.h>

__device__ __forceinline__ float2 cmul(float2 a, float2 b)
{
    return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

// log2n <= 11; blockDim.x == n/2. data is batch x n complex values.
extern "C" __global__ void fft_radix2_shared(float2* __restrict__ data, int log2n, int inverse)
{
    extern __shared__ float2 s[];
    const int n = 1 << log2n;
    const int t = threadIdx.x;
    float2* x = data + (size_t)blockIdx.x * n;

    // bit-reversed load
    for (int i = t; i < n; i += blockDim.x) {
        unsigned r = __brev((unsigned)i) >> (32 - log2n);
        s[r] = x[i];
    }
    __syncthreads();

    const float sign = inverse ? 1.f : -1.f;
    for (int stage = 1; stage <= log2n; ++stage) {
        int half = 1 << (stage - 1);
        int j = t & (half - 1);
        int grp = t >> (stage - 1);
        int i0 = (grp << stage) + j;
        int i1 = i0 + half;
        float sn, cs;
        __sincosf(sign * CUDART_PI_F * (float)j / (float)half, &sn, &cs);
        float2 w = make_float2(cs, sn);
        float2 a = s[i0];
        float2 b = cmul(w, s[i1]);
        __syncthreads();
        s[i0] = make_float2(a.x + b.x, a.y + b.y);
        s[i1] = make_float2(a.x - b.x, a.y - b.y);
        __syncthreads();
    }
    float scale = inverse ? 1.f / (float)n : 1.f;
    for (int i = t; i < n; i += blockDim.x)
        x[i] = make_float2(s[i].x * scale, s[i].y * scale);
}

extern "C" __global__ void fft_radix2_shared_f64(double2* __restrict__ data, const double2* __restrict__ twiddle,
                                                 int log2n)
{
    extern __shared__ double2 sd[];
    const int n = 1 << log2n;
    const int t = threadIdx.x;
    double2* x = data + (size_t)blockIdx.x * n;

    for (int i = t; i < n; i += blockDim.x) {
        unsigned r = __brev((unsigned)i) >> (32 - log2n);
        sd[r] = x[i];
    }
    __syncthreads();

    for (int stage = 1; stage <= log2n; ++stage) {
        int half = 1 << (stage - 1);
        for (int b = t; b < n / 2; b += blockDim.x) {
            int j = b & (half - 1);
            int i0 = ((b >> (stage - 1)) << stage) + j;
            int i1 = i0 + half;
            double2 w = twiddle[j << (log2n - stage)];   // table of exp(-2*pi*i*k/n), k < n/2
            double2 u = sd[i0], v = sd[i1];
            double2 tv = make_double2(w.x * v.x - w.y * v.y, w.x * v.y + w.y * v.x);
            sd[i0] = make_double2(u.x + tv.x, u.y + tv.y);
            sd[i1] = make_double2(u.x - tv.x, u.y - tv.y);
        }
        __syncthreads();
    }
    for (int i = t; i < n; i += blockDim.x) x[i] = sd[i];
}

// 1024-point Stockham radix-4 FFT: 5 passes, 256 threads, each doing one radix-4 butterfly per pass.
#define N4 1024
extern "C" __global__ void __launch_bounds__(256)
fft1024_radix4_stockham(const float2* __restrict__ in, float2* __restrict__ out, int batch)
{
    __shared__ float2 buf[2][N4];
    const int b = blockIdx.x;
    if (b >= batch) return;
    const int t = threadIdx.x;
    const float2* src = in + (size_t)b * N4;

#pragma unroll
    for (int i = 0; i < 4; ++i) buf[0][t + i * 256] = src[t + i * 256];
    __syncthreads();

    int ping = 0;
    int Ns = 1;
#pragma unroll
    for (int pass = 0; pass < 5; ++pass) {
        float2 v[4];
        int k = t % Ns;
#pragma unroll
        for (int r = 0; r < 4; ++r) v[r] = buf[ping][t + r * (N4 / 4)];

        float ang = -2.f * CUDART_PI_F * (float)k / (float)(Ns * 4);
#pragma unroll
        for (int r = 1; r < 4; ++r) {
            float sn, cs;
            __sincosf(ang * r, &sn, &cs);
            v[r] = cmul(v[r], make_float2(cs, sn));
        }
        // radix-4 butterfly
        float2 a0 = make_float2(v[0].x + v[2].x, v[0].y + v[2].y);
        float2 a1 = make_float2(v[0].x - v[2].x, v[0].y - v[2].y);
        float2 a2 = make_float2(v[1].x + v[3].x, v[1].y + v[3].y);
        float2 a3 = make_float2(v[1].y - v[3].y, v[3].x - v[1].x);   // -i*(v1 - v3)
        v[0] = make_float2(a0.x + a2.x, a0.y + a2.y);
        v[2] = make_float2(a0.x - a2.x, a0.y - a2.y);
        v[1] = make_float2(a1.x + a3.x, a1.y + a3.y);
        v[3] = make_float2(a1.x - a3.x, a1.y - a3.y);

        int idxD = (t / Ns) * Ns * 4 + k;
#pragma unroll
        for (int r = 0; r < 4; ++r) buf[ping ^ 1][idxD + r * Ns] = v[r];
        ping ^= 1;
        Ns *= 4;
        __syncthreads();
    }
    float2* dst = out + (size_t)b * N4;
#pragma unroll
    for (int i = 0; i < 4; ++i) dst[t + i * 256] = buf[ping][t + i * 256];
}
