// Loops with various unroll pragmas
extern "C" __global__ void horner_poly_unroll4(const float* __restrict__ x, const float* __restrict__ coef,
                                               float* __restrict__ y, int degree, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float xv = x[i];
    float acc = 0.f;
#pragma unroll 4
    for (int d = degree; d >= 0; --d) acc = acc * xv + coef[d];
    y[i] = acc;
}

extern "C" __global__ void moving_sum_unroll1(const float* __restrict__ x, float* __restrict__ y, int window, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float s = 0.f;
#pragma unroll 1
    for (int k = 0; k < window; ++k) {
        int j = i - k;
        s += (j >= 0) ? x[j] : 0.f;
    }
    y[i] = s / window;
}

extern "C" __global__ void fir16_full_unroll(const float* __restrict__ x, const float* __restrict__ taps,
                                             float* __restrict__ y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 16 > n) return;
    float t[16];
#pragma unroll
    for (int k = 0; k < 16; ++k) t[k] = taps[k];
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < 16; ++k) acc = fmaf(t[k], x[i + k], acc);
    y[i] = acc;
}
