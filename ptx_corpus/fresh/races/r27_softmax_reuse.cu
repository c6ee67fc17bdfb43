// Row softmax, one block per row, 256 threads; the same shared buffer is reused for the max and the sum reductions.
#define NT 256

// RACE: after the max reduction, threads read red[0] as the row max, but a fast thread already overwrites red[tid] (tid 0 overwrites red[0]) with its exp-sum partial -- no barrier between the read of red[0] and the reuse of the buffer (WAR).
extern "C" __global__ void __launch_bounds__(NT) softmax_row_race(const float* x, float* y, int cols)
{
    __shared__ float red[NT];
    int tid = threadIdx.x;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;
    float m = -3.0e38f;
    for (int c = tid; c < cols; c += NT) m = fmaxf(m, xr[c]);
    red[tid] = m;
    __syncthreads();
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
        __syncthreads();
    }
    float rmax = red[0];
    float sum = 0.f;
    for (int c = tid; c < cols; c += NT) sum += __expf(xr[c] - rmax);
    red[tid] = sum;
    __syncthreads();
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    float inv = 1.0f / red[0];
    for (int c = tid; c < cols; c += NT) yr[c] = __expf(xr[c] - rmax) * inv;
}

// OK: __syncthreads() after every thread has copied red[0] into a register and before the buffer is reused for the sum.
extern "C" __global__ void __launch_bounds__(NT) softmax_row_ok(const float* x, float* y, int cols)
{
    __shared__ float red[NT];
    int tid = threadIdx.x;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;
    float m = -3.0e38f;
    for (int c = tid; c < cols; c += NT) m = fmaxf(m, xr[c]);
    red[tid] = m;
    __syncthreads();
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
        __syncthreads();
    }
    float rmax = red[0];
    __syncthreads();
    float sum = 0.f;
    for (int c = tid; c < cols; c += NT) sum += __expf(xr[c] - rmax);
    red[tid] = sum;
    __syncthreads();
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    float inv = 1.0f / red[0];
    for (int c = tid; c < cols; c += NT) yr[c] = __expf(xr[c] - rmax) * inv;
}
