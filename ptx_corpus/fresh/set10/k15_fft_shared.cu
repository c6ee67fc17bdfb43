// FFT kernels operating in shared memory: radix-2 Stockham and radix-4 steps.
#include <cuda_runtime.h>
#include <math_constants.h>

__device__ __forceinline__ float2 cmul(float2 a, float2 b)
{
    return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
__device__ __forceinline__ double2 cmul(double2 a, double2 b)
{
    return make_double2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

// One block performs a full N-point radix-2 FFT (N = 2*blockDim.x) in shared memory.
template <int LOGN>
__device__ __forceinline__ void fftRadix2Shared(float2 *data, int dir)
{
    const int N = 1 << LOGN;
    __shared__ float2 buf[2][N];
    float2 *src = data + (size_t)blockIdx.x * N;
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        int r = __brev(i) >> (32 - LOGN);
        buf[0][r] = src[i];
    }
    __syncthreads();
    int ping = 0;
#pragma unroll 1
    for (int s = 1; s <= LOGN; s++) {
        int m = 1 << s, half = m >> 1;
        for (int t = threadIdx.x; t < N / 2; t += blockDim.x) {
            int k = t % half;
            int j = (t / half) * m;
            float ang = dir * -2.0f * CUDART_PI_F * k / m;
            float sn, cs;
            __sincosf(ang, &sn, &cs);
            float2 w = make_float2(cs, sn);
            float2 u = buf[ping][j + k];
            float2 v = cmul(w, buf[ping][j + k + half]);
            buf[ping ^ 1][j + k] = make_float2(u.x + v.x, u.y + v.y);
            buf[ping ^ 1][j + k + half] = make_float2(u.x - v.x, u.y - v.y);
        }
        ping ^= 1;
        __syncthreads();
    }
    for (int i = threadIdx.x; i < N; i += blockDim.x) src[i] = buf[ping][i];
}

extern "C" __global__ void fft_radix2_shared_1024(float2 *data, int dir) { fftRadix2Shared<10>(data, dir); }
extern "C" __global__ void fft_radix2_shared_256(float2 *data, int dir) { fftRadix2Shared<8>(data, dir); }

// Radix-4 Stockham autosort, double precision, each thread does one radix-4 butterfly per stage.
extern "C" __global__ void fft_radix4_stockham_f64(double2 *data, int logN4, int dir)
{
    extern __shared__ double2 sbuf[];
    int N = 1 << (2 * logN4);
    double2 *x = sbuf, *y = sbuf + N;
    double2 *g = data + (size_t)blockIdx.x * N;
    for (int i = threadIdx.x; i < N; i += blockDim.x) x[i] = g[i];
    __syncthreads();
    int quarter = N / 4;
    for (int Ns = 1; Ns < N; Ns *= 4) {
        for (int j = threadIdx.x; j < quarter; j += blockDim.x) {
            int k = j % Ns;
            double ang = dir * -2.0 * CUDART_PI * k / (Ns * 4);
            double2 v[4];
#pragma unroll
            for (int r = 0; r < 4; r++) {
                double2 a = x[j + r * quarter];
                double s, c;
                sincos(r * ang, &s, &c);
                v[r] = cmul(a, make_double2(c, s));
            }
            double2 t0 = make_double2(v[0].x + v[2].x, v[0].y + v[2].y);
            double2 t1 = make_double2(v[0].x - v[2].x, v[0].y - v[2].y);
            double2 t2 = make_double2(v[1].x + v[3].x, v[1].y + v[3].y);
            double2 t3 = make_double2(v[1].x - v[3].x, v[1].y - v[3].y);
            // multiply t3 by -i*dir
            t3 = make_double2(dir * t3.y, -dir * t3.x);
            int base = (j / Ns) * Ns * 4 + k;
            y[base] = make_double2(t0.x + t2.x, t0.y + t2.y);
            y[base + Ns] = make_double2(t1.x + t3.x, t1.y + t3.y);
            y[base + 2 * Ns] = make_double2(t0.x - t2.x, t0.y - t2.y);
            y[base + 3 * Ns] = make_double2(t1.x - t3.x, t1.y - t3.y);
        }
        __syncthreads();
        double2 *t = x; x = y; y = t;
    }
    for (int i = threadIdx.x; i < N; i += blockDim.x) g[i] = x[i];
}
