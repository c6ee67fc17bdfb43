// Two-pass sum with the "last block done" pattern (threadFenceReduction style). 256 threads.
#define NT 256

__device__ unsigned int g_retire_count = 0;

// RACE: thread 0 writes s_isLast and the other threads read it with no __syncthreads() in between.
extern "C" __global__ void __launch_bounds__(NT) sum_lastblock_race(const float* in, float* partial, float* result, int n)
{
    __shared__ float sd[NT];
    __shared__ bool s_isLast;
    int tid = threadIdx.x;
    int i = blockIdx.x * NT + tid;
    sd[tid] = (i < n) ? in[i] : 0.f;
    __syncthreads();
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (tid < s) sd[tid] += sd[tid + s];
        __syncthreads();
    }
    if (tid == 0) {
        partial[blockIdx.x] = sd[0];
        __threadfence();
        unsigned ticket = atomicInc(&g_retire_count, gridDim.x);
        s_isLast = (ticket == gridDim.x - 1);
    }
    if (s_isLast) {
        // *result is zeroed by the host before launch
        float v = 0.f;
        for (int b = tid; b < gridDim.x; b += NT) v += partial[b];
        atomicAdd(result, v);
        if (tid == 0) g_retire_count = 0;
    }
}

// OK: __syncthreads() after thread 0 sets s_isLast, so every thread sees the same value.
extern "C" __global__ void __launch_bounds__(NT) sum_lastblock_ok(const float* in, float* partial, float* result, int n)
{
    __shared__ float sd[NT];
    __shared__ bool s_isLast;
    int tid = threadIdx.x;
    int i = blockIdx.x * NT + tid;
    sd[tid] = (i < n) ? in[i] : 0.f;
    __syncthreads();
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (tid < s) sd[tid] += sd[tid + s];
        __syncthreads();
    }
    if (tid == 0) {
        partial[blockIdx.x] = sd[0];
        __threadfence();
        unsigned ticket = atomicInc(&g_retire_count, gridDim.x);
        s_isLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (s_isLast) {
        // *result is zeroed by the host before launch
        float v = 0.f;
        for (int b = tid; b < gridDim.x; b += NT) v += partial[b];
        atomicAdd(result, v);
        if (tid == 0) g_retire_count = 0;
    }
}
