// Register tiling in double precision: each accumulator takes two registers.
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
extern "C" __global__ void BOUNDS regtile_f64(const double *a, const double *b, double *c, int k_total, int n)
{
    double acc[ACC];
#pragma unroll
    for (int j = 0; j < ACC; j++)
        acc[j] = 0.0;
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < k_total; k++) {
        double x = a[k * n + row];
#pragma unroll
        for (int j = 0; j < ACC; j++)
            acc[j] += x * b[k * ACC + j];
    }
#pragma unroll
    for (int j = 0; j < ACC; j++)
        c[j * n + row] = acc[j];
}
