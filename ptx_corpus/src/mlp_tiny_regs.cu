// A tiny per-thread MLP (IN -> HID -> 1, ReLU) evaluated for one input vector per thread; the
// weights sit in constant memory, the input and hidden activations in registers (fully unrolled).
#ifndef IN
#define IN 16
#endif
#ifndef HID
#define HID 32
#endif
#if defined(LB_THREADS) && defined(LB_BLOCKS)
#define BOUNDS __launch_bounds__(LB_THREADS, LB_BLOCKS)
#elif defined(LB_THREADS)
#define BOUNDS __launch_bounds__(LB_THREADS)
#else
#define BOUNDS
#endif
__constant__ float c_w1[HID][IN], c_b1[HID], c_w2[HID], c_b2;

extern "C" __global__ void BOUNDS mlp_tiny_regs(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v[IN];
    // feature-major input: feature k of sample i at x[k * n + i]
#pragma unroll
    for (int k = 0; k < IN; k++)
        v[k] = x[(size_t)k * n + i];
    float h[HID];
#pragma unroll
    for (int j = 0; j < HID; j++) {
        float a = c_b1[j];
#pragma unroll
        for (int k = 0; k < IN; k++)
            a = fmaf(c_w1[j][k], v[k], a);
        h[j] = fmaxf(a, 0.0f);
    }
    float out = c_b2;
#pragma unroll
    for (int j = 0; j < HID; j++)
        out = fmaf(c_w2[j], h[j], out);
    y[i] = out;
}
