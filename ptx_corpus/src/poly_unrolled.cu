// Many independent polynomial chains per thread: register pressure grows with CHAINS.
#ifndef CHAINS
#define CHAINS 8
#endif
#if defined(LB_THREADS)
#define BOUNDS __launch_bounds__(LB_THREADS, LB_BLOCKS)
#elif defined(MAXNREG)
#define BOUNDS __maxnreg__(MAXNREG)
#else
#define BOUNDS
#endif
extern "C" __global__ void BOUNDS poly_unrolled(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x[CHAINS];
#pragma unroll
    for (int c = 0; c < CHAINS; c++)
        x[c] = in[i + c * n];
    for (int it = 0; it < 64; it++) {
#pragma unroll
        for (int c = 0; c < CHAINS; c++)
            x[c] = x[c] * x[c] * 0.5f + x[(c + 1) % CHAINS] * 0.25f + 1.0f;
    }
    float s = 0.0f;
#pragma unroll
    for (int c = 0; c < CHAINS; c++)
        s += x[c];
    out[i] = s;
}
