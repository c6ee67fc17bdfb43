// Register tiling: every thread keeps ACC accumulators live across the k loop.
#ifndef ACC
#define ACC 16
#endif
#if defined(LB_THREADS)
#define BOUNDS __launch_bounds__(LB_THREADS, LB_BLOCKS)
#elif defined(MAXNREG)
#define BOUNDS __maxnreg__(MAXNREG)
#else
#define BOUNDS
#endif
extern "C" __global__ void BOUNDS regtile(const float *a, const float *b, float *c, int k_total, int n)
{
    float acc[ACC];
#pragma unroll
    for (int j = 0; j < ACC; j++)
        acc[j] = 0.0f;
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < k_total; k++) {
        float x = a[k * n + row];
#pragma unroll
        for (int j = 0; j < ACC; j++)
            acc[j] += x * b[k * ACC + j];
    }
#pragma unroll
    for (int j = 0; j < ACC; j++)
        c[j * n + row] = acc[j];
}
