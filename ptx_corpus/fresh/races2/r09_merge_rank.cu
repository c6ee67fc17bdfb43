#define MR_N 256
#define MR_HALF (MR_N / 2)

__device__ __forceinline__ int lower_bound_s(const float* a, int len, float v)
{
    int lo = 0, hi = len;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (a[mid] < v) lo = mid + 1; else hi = mid;
    }
    return lo;
}

__device__ __forceinline__ int upper_bound_s(const float* a, int len, float v)
{
    int lo = 0, hi = len;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (a[mid] <= v) lo = mid + 1; else hi = mid;
    }
    return lo;
}

extern "C" __global__ void __launch_bounds__(MR_N)
merge_halves_race(float* __restrict__ data)
{
    __shared__ float s[MR_N];
    int tid = threadIdx.x;
    float* d = data + (size_t)blockIdx.x * MR_N;
    s[tid] = d[tid];
    __syncthreads();

    float v = s[tid];
    int rank;
    if (tid < MR_HALF) rank = tid + lower_bound_s(s + MR_HALF, MR_HALF, v);
    else               rank = (tid - MR_HALF) + upper_bound_s(s, MR_HALF, v);
    s[rank] = v;
    __syncthreads();
    d[tid] = s[tid];
}

extern "C" __global__ void __launch_bounds__(MR_N)
merge_halves_ok(float* __restrict__ data)
{
    __shared__ float s[MR_N];
    __shared__ float s_out[MR_N];
    int tid = threadIdx.x;
    float* d = data + (size_t)blockIdx.x * MR_N;
    s[tid] = d[tid];
    __syncthreads();

    float v = s[tid];
    int rank;
    if (tid < MR_HALF) rank = tid + lower_bound_s(s + MR_HALF, MR_HALF, v);
    else               rank = (tid - MR_HALF) + upper_bound_s(s, MR_HALF, v);
    s_out[rank] = v;
    __syncthreads();
    d[tid] = s_out[tid];
}
