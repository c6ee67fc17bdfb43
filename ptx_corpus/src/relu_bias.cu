// y[r][c] = max(x[r][c] + bias[c], 0) over a rows x cols matrix with a 2-D grid. CHECK 0 is
// the planted bug: the row test is there but the column test was forgotten.
#ifndef CHECK
#define CHECK 1
#endif
extern "C" __global__ void relu_bias(const float *x, const float *bias, float *y, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
#if CHECK
    if (c >= cols)
        return;
#endif
    if (r < rows)
        y[(size_t)r * cols + c] = fmaxf(x[(size_t)r * cols + c] + bias[c], 0.0f);
}
