// Double-precision GEMM micro-kernel with an RM x RN register tile per thread (fp64 values take
// two registers each), operands read through the read-only path; used with and without launch
// bounds and register caps to make ptxas spill or not. M, N, K multiples of the tiles.
#ifndef RM
#define RM 4
#endif
#ifndef RN
#define RN 4
#endif
#if defined(LB_THREADS) && defined(LB_BLOCKS)
#define BOUNDS __launch_bounds__(LB_THREADS, LB_BLOCKS)
#elif defined(LB_THREADS)
#define BOUNDS __launch_bounds__(LB_THREADS)
#elif defined(MAXNREG)
#define BOUNDS __maxnreg__(MAXNREG)
#else
#define BOUNDS
#endif
extern "C" __global__ void BOUNDS dgemm_regtile(const double *__restrict__ A, const double *__restrict__ B,
                                                double *__restrict__ C, int M, int N, int K)
{
    int r0 = (blockIdx.y * blockDim.y + threadIdx.y) * RM;
    int c0 = (blockIdx.x * blockDim.x + threadIdx.x) * RN;
    if (r0 >= M || c0 >= N)
        return;
    double acc[RM][RN];
#pragma unroll
    for (int i = 0; i < RM; i++)
#pragma unroll
        for (int j = 0; j < RN; j++)
            acc[i][j] = 0.0;
    for (int k = 0; k < K; k++) {
        double a[RM], b[RN];
#pragma unroll
        for (int i = 0; i < RM; i++)
            a[i] = __ldg(&A[(size_t)k * M + r0 + i]);
#pragma unroll
        for (int j = 0; j < RN; j++)
            b[j] = __ldg(&B[(size_t)k * N + c0 + j]);
#pragma unroll
        for (int i = 0; i < RM; i++)
#pragma unroll
            for (int j = 0; j < RN; j++)
                acc[i][j] = fma(a[i], b[j], acc[i][j]);
    }
#pragma unroll
    for (int i = 0; i < RM; i++)
#pragma unroll
        for (int j = 0; j < RN; j++)
            C[(size_t)(r0 + i) * N + c0 + j] = acc[i][j];
}
