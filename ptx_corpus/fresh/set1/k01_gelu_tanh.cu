// Elementwise GELU variants with transcendental math
#include <math.h>
extern "C" __global__ void gelu_tanh_f32(const float* __restrict__ x, float* __restrict__ y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    const float k0 = 0.7978845608028654f;
    const float k1 = 0.044715f;
    float inner = k0 * (v + k1 * v * v * v);
    y[i] = 0.5f * v * (1.0f + tanhf(inner));
}

extern "C" __global__ void gelu_erf_f32(const float* __restrict__ x, float* __restrict__ y, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float v = x[i];
        y[i] = 0.5f * v * (1.0f + erff(v * 0.70710678118f));
    }
}

extern "C" __global__ void gelu_erf_grad_f32(const float* __restrict__ x, const float* __restrict__ dy,
                                              float* __restrict__ dx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        float cdf = 0.5f * (1.0f + erff(v * 0.70710678118f));
        float pdf = expf(-0.5f * v * v) * 0.3989422804f;
        dx[i] = dy[i] * (cdf + v * pdf);
    }
}
