// Dynamic shared memory carved into two arrays: keys[blockDim.x] and vals[blockDim.x].
// launched with 256 threads and 2*256*sizeof(float) bytes of dynamic shared memory

// RACE: vals is carved at smem + blockDim.x - 1, so vals[0] aliases keys[blockDim.x-1]: thread 0's vals store and thread blockDim.x-1's keys store hit the same word.
extern "C" __global__ void __launch_bounds__(256) kv_weight_race(const float* k_in, const float* v_in, float* out, int n)
{
    extern __shared__ float smem[];
    float* keys = smem;
    float* vals = smem + blockDim.x - 1;
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    keys[t] = (i < n) ? k_in[i] : 0.f;
    vals[t] = (i < n) ? v_in[i] : 0.f;
    __syncthreads();
    int j = (t + 1) % blockDim.x;
    if (i < n) out[i] = keys[t] * vals[j] + keys[j] * vals[t];
}

// OK: vals starts at smem + blockDim.x, disjoint from keys.
extern "C" __global__ void __launch_bounds__(256) kv_weight_ok(const float* k_in, const float* v_in, float* out, int n)
{
    extern __shared__ float smem[];
    float* keys = smem;
    float* vals = smem + blockDim.x;
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    keys[t] = (i < n) ? k_in[i] : 0.f;
    vals[t] = (i < n) ? v_in[i] : 0.f;
    __syncthreads();
    int j = (t + 1) % blockDim.x;
    if (i < n) out[i] = keys[t] * vals[j] + keys[j] * vals[t];
}
