// r14: odd-even transposition sort of 2*blockDim.x floats per block in shared memory
// (thread t owns pair (2t,2t+1) in even phases and (2t+1,2t+2) in odd phases).
// Launch: any 1-D blockDim.x <= 256 (typ. 256), grid = number of 2*blockDim.x segments.
extern "C" __global__ void __launch_bounds__(256)
oddeven_sort_race(float* data)
{
    __shared__ float s[512];
    const int tid = threadIdx.x;
    const int n = 2 * blockDim.x;
    float* seg = data + (size_t)blockIdx.x * n;
    s[tid] = seg[tid];
    s[tid + blockDim.x] = seg[tid + blockDim.x];
    __syncthreads();
    for (int phase = 0; phase < n; phase += 2) {
        int i = 2 * tid;                       // even phase
        {
            const float a = s[i], b = s[i + 1];
            s[i] = fminf(a, b);
            s[i + 1] = fmaxf(a, b);
        }
        i = 2 * tid + 1;                       // odd phase
        if (i + 1 < n) {
            const float a = s[i], b = s[i + 1];
            s[i] = fminf(a, b);
            s[i + 1] = fmaxf(a, b);
        }
        __syncthreads();
    }
    seg[tid] = s[tid];
    seg[tid + blockDim.x] = s[tid + blockDim.x];
}

extern "C" __global__ void __launch_bounds__(256)
oddeven_sort_ok(float* data)
{
    __shared__ float s[512];
    const int tid = threadIdx.x;
    const int n = 2 * blockDim.x;
    float* seg = data + (size_t)blockIdx.x * n;
    s[tid] = seg[tid];
    s[tid + blockDim.x] = seg[tid + blockDim.x];
    __syncthreads();
    for (int phase = 0; phase < n; phase += 2) {
        int i = 2 * tid;                       // even phase
        {
            const float a = s[i], b = s[i + 1];
            s[i] = fminf(a, b);
            s[i + 1] = fmaxf(a, b);
        }
        __syncthreads();
        i = 2 * tid + 1;                       // odd phase
        if (i + 1 < n) {
            const float a = s[i], b = s[i + 1];
            s[i] = fminf(a, b);
            s[i + 1] = fmaxf(a, b);
        }
        __syncthreads();
    }
    seg[tid] = s[tid];
    seg[tid + blockDim.x] = s[tid + blockDim.x];
}
