// y = A x for a batch of 32 x 32 matrices, one warp per matrix, no shared memory: lane l holds
// x[l] and computes y[l]; x[j] is broadcast from lane j with __shfl_sync. A is stored column by
// column so that the 32 lanes read 32 consecutive floats.
extern "C" __global__ void warp_shfl_matvec(const float *A, const float *x, float *y, unsigned nmat)
{
    unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    unsigned lane = threadIdx.x & 31;
    if (warp >= nmat)
        return;
    const float *a = A + (size_t)warp * 1024;
    float xl = x[warp * 32 + lane];
    float acc = 0.0f;
#pragma unroll 8
    for (int j = 0; j < 32; j++)
        acc += a[j * 32 + lane] * __shfl_sync(0xffffffffu, xl, j);
    y[warp * 32 + lane] = acc;
}
