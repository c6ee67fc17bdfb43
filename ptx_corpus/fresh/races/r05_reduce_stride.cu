// Block sum reduction, 256 threads.
#define NT 256

// RACE: the loop barrier is missing, so thread t reads sdata[t+s] while thread t+s is still writing it in the previous stride step.
extern "C" __global__ void __launch_bounds__(NT) block_sum_race(const float* in, float* out, int n)
{
    __shared__ float sdata[NT];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * NT * 2 + tid;
    float v = 0.f;
    if (i < n) v += in[i];
    if (i + NT < n) v += in[i + NT];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned s = NT / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

// OK: __syncthreads() after every halving step (reached by all threads, outside the if).
extern "C" __global__ void __launch_bounds__(NT) block_sum_ok(const float* in, float* out, int n)
{
    __shared__ float sdata[NT];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * NT * 2 + tid;
    float v = 0.f;
    if (i < n) v += in[i];
    if (i + NT < n) v += in[i + NT];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned s = NT / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}
