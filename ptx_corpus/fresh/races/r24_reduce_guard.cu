// Interleaved-pair block min reduction, 256 threads.
#define NT 256

// RACE: the guard is tid <= s instead of tid < s: thread s writes smin[s] (smin[s] = min(smin[s], smin[2s])) while thread 0 reads smin[0+s] in the same step.
extern "C" __global__ void __launch_bounds__(NT) block_min_race(const int* in, int* out, int n)
{
    __shared__ int smin[2 * NT];
    int tid = threadIdx.x;
    int i = blockIdx.x * NT + tid;
    smin[tid] = (i < n) ? in[i] : 0x7fffffff;
    smin[tid + NT] = 0x7fffffff;
    __syncthreads();
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (tid <= s)
            smin[tid] = min(smin[tid], smin[tid + s]);
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = smin[0];
}

// OK: guard tid < s, so the set of writers [0,s) and the set of read partners [s,2s) are disjoint in each step.
extern "C" __global__ void __launch_bounds__(NT) block_min_ok(const int* in, int* out, int n)
{
    __shared__ int smin[2 * NT];
    int tid = threadIdx.x;
    int i = blockIdx.x * NT + tid;
    smin[tid] = (i < n) ? in[i] : 0x7fffffff;
    smin[tid + NT] = 0x7fffffff;
    __syncthreads();
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (tid < s)
            smin[tid] = min(smin[tid], smin[tid + s]);
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = smin[0];
}
