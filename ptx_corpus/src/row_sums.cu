// Sum of each row of a row-major rows x cols matrix, one thread per row (ROW_PER_THREAD 1: the
// planted bug, neighbouring threads read addresses cols floats apart) or of each column, one
// thread per column (ROW_PER_THREAD 0: neighbouring threads read neighbouring floats).
#ifndef ROW_PER_THREAD
#define ROW_PER_THREAD 1
#endif
extern "C" __global__ void row_sums(const float *m, float *sums, int rows, int cols)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
#if ROW_PER_THREAD
    if (t >= rows)
        return;
    float s = 0.0f;
    for (int c = 0; c < cols; c++)
        s += m[(size_t)t * cols + c];
#else
    if (t >= cols)
        return;
    float s = 0.0f;
    for (int r = 0; r < rows; r++)
        s += m[(size_t)r * cols + t];
#endif
    sums[t] = s;
}
