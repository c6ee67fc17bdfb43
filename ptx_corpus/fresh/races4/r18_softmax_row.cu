// Row softmax, one block per row: block max reduction, then block sum reduction of exp(x-max),
// both as shared-memory tree reductions sharing the scratch array `red`.
// Assumed launch: 1-D, blockDim.x == 256, gridDim.x == rows; any cols >= 1.

#define SM_THREADS 256

extern "C" __global__ void __launch_bounds__(SM_THREADS)
softmax_row_race(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    if (blockDim.x != SM_THREADS) return;
    __shared__ float red[SM_THREADS];
    const unsigned tid = threadIdx.x;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float m = -INFINITY;
    for (int i = tid; i < cols; i += SM_THREADS) m = fmaxf(m, xr[i]);
    red[tid] = m;
    __syncthreads();
    for (unsigned s = SM_THREADS / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
        __syncthreads();
    }
    const float rmax = red[0];

    float sum = 0.f;
    for (int i = tid; i < cols; i += SM_THREADS) sum += __expf(xr[i] - rmax);
    red[tid] = sum;
    __syncthreads();
    for (unsigned s = SM_THREADS / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    const float inv = 1.f / red[0];

    for (int i = tid; i < cols; i += SM_THREADS) yr[i] = __expf(xr[i] - rmax) * inv;
}

extern "C" __global__ void __launch_bounds__(SM_THREADS)
softmax_row_ok(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    if (blockDim.x != SM_THREADS) return;
    __shared__ float red[SM_THREADS];
    const unsigned tid = threadIdx.x;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float m = -INFINITY;
    for (int i = tid; i < cols; i += SM_THREADS) m = fmaxf(m, xr[i]);
    red[tid] = m;
    __syncthreads();
    for (unsigned s = SM_THREADS / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
        __syncthreads();
    }
    const float rmax = red[0];
    __syncthreads();

    float sum = 0.f;
    for (int i = tid; i < cols; i += SM_THREADS) sum += __expf(xr[i] - rmax);
    red[tid] = sum;
    __syncthreads();
    for (unsigned s = SM_THREADS / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    const float inv = 1.f / red[0];

    for (int i = tid; i < cols; i += SM_THREADS) yr[i] = __expf(xr[i] - rmax) * inv;
}
