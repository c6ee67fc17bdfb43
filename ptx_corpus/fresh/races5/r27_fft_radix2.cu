// Batched 512-point complex FFT (radix-2 DIT, in place in shared memory), one transform per
// 256-thread block. Input is loaded in bit-reversed order; thread t loads x[t] and x[t+256],
// which land at positions rev(t) and rev(t)+1 (rev(t) is even), i.e. one stage-1 butterfly pair.
#include <cuda_runtime.h>

#define NFFT    512
#define LOG2N   9
#define THREADS (NFFT / 2)

__device__ __forceinline__ unsigned bitrev9(unsigned v) { return __brev(v) >> (32 - LOG2N); }

__device__ __forceinline__ void butterfly(float* re, float* im, int i, int j, float wr, float wi)
{
    float br = re[j] * wr - im[j] * wi;
    float bi = re[j] * wi + im[j] * wr;
    float ar = re[i], ai = im[i];
    re[i] = ar + br; im[i] = ai + bi;
    re[j] = ar - br; im[j] = ai - bi;
}

extern "C" __global__ void __launch_bounds__(THREADS)
fft_radix2_race(const float2* __restrict__ in, float2* __restrict__ out)
{
    __shared__ float s_re[NFFT], s_im[NFFT];
    const int t = threadIdx.x;
    const float2* x = in + (size_t)blockIdx.x * NFFT;

    const unsigned r0 = bitrev9(t);
    const float2 v0 = x[t], v1 = x[t + THREADS];
    s_re[r0] = v0.x;     s_im[r0] = v0.y;
    s_re[r0 + 1] = v1.x; s_im[r0 + 1] = v1.y;

    // stage 1 (span 1, twiddle 1)
    {
        const int i = 2 * t;
        float ar = s_re[i], ai = s_im[i], br = s_re[i + 1], bi = s_im[i + 1];
        s_re[i] = ar + br;     s_im[i] = ai + bi;
        s_re[i + 1] = ar - br; s_im[i + 1] = ai - bi;
    }
    __syncthreads();

    for (int h = 2; h < NFFT; h <<= 1) {
        const int k = t & (h - 1);
        const int i = ((t - k) << 1) + k;
        float wr, wi;
        __sincosf(-3.14159265358979f * (float)k / (float)h, &wi, &wr);
        butterfly(s_re, s_im, i, i + h, wr, wi);
        __syncthreads();
    }

    float2* y = out + (size_t)blockIdx.x * NFFT;
    y[t]           = make_float2(s_re[t], s_im[t]);
    y[t + THREADS] = make_float2(s_re[t + THREADS], s_im[t + THREADS]);
}

extern "C" __global__ void __launch_bounds__(THREADS)
fft_radix2_ok(const float2* __restrict__ in, float2* __restrict__ out)
{
    __shared__ float s_re[NFFT], s_im[NFFT];
    const int t = threadIdx.x;
    const float2* x = in + (size_t)blockIdx.x * NFFT;

    const unsigned r0 = bitrev9(t);
    const float2 v0 = x[t], v1 = x[t + THREADS];
    s_re[r0] = v0.x;     s_im[r0] = v0.y;
    s_re[r0 + 1] = v1.x; s_im[r0 + 1] = v1.y;

    // stage 1 (span 1, twiddle 1) on the pair this thread just wrote
    {
        const int i = (int)r0;
        float ar = s_re[i], ai = s_im[i], br = s_re[i + 1], bi = s_im[i + 1];
        s_re[i] = ar + br;     s_im[i] = ai + bi;
        s_re[i + 1] = ar - br; s_im[i + 1] = ai - bi;
    }
    __syncthreads();

    for (int h = 2; h < NFFT; h <<= 1) {
        const int k = t & (h - 1);
        const int i = ((t - k) << 1) + k;
        float wr, wi;
        __sincosf(-3.14159265358979f * (float)k / (float)h, &wi, &wr);
        butterfly(s_re, s_im, i, i + h, wr, wi);
        __syncthreads();
    }

    float2* y = out + (size_t)blockIdx.x * NFFT;
    y[t]           = make_float2(s_re[t], s_im[t]);
    y[t + THREADS] = make_float2(s_re[t + THREADS], s_im[t + THREADS]);
}
