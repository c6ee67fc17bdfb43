// Element-wise a*x + b*y -> z. CHECK 0 is the planted bug: no "if (i < n)", so the last block
// reads and writes past the end whenever n is not a multiple of the block size.
#ifndef CHECK
#define CHECK 0
#endif
extern "C" __global__ void vec_ops_nocheck(const float *x, const float *y, float *z, float a, float b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#if CHECK
    if (i < n)
#endif
        z[i] = a * x[i] + b * y[i];
}
