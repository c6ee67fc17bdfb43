// A per-thread array indexed only by unrolled loop counters: it lives in registers.
#ifndef N
#define N 8
#endif
extern "C" __global__ void window_unrolled(const float *in, float *out, int n)
{
    float window[N];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
#pragma unroll
    for (int j = 0; j < N; j++)
        window[j] = in[i + j * n];
    float s = 0.0f;
#pragma unroll
    for (int j = 0; j < N; j++)
        s += window[j] * window[N - 1 - j];
    out[i] = s;
}
