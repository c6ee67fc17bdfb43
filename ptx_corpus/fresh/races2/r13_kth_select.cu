extern "C" __global__ void __launch_bounds__(1024)
radix_select_race(const unsigned* __restrict__ keys, unsigned* __restrict__ kth, int n, int k)
{
    __shared__ unsigned s_prefix;
    int tid = threadIdx.x;
    bool valid = tid < n;
    unsigned key = valid ? keys[(size_t)blockIdx.x * n + tid] : 0xffffffffu;
    if (tid == 0) s_prefix = 0u;
    __syncthreads();

    int kk = k;
    for (int bit = 31; bit >= 0; --bit) {
        unsigned pre = s_prefix;
        unsigned hm = (bit == 31) ? 0u : (0xffffffffu << (bit + 1));
        bool zero_here = valid && ((key & hm) == pre) && !((key >> bit) & 1u);
        int c = __syncthreads_count(zero_here);
        if (kk >= c) {
            kk -= c;
            if (tid == 0) s_prefix = pre | (1u << bit);
        }
    }
    __syncthreads();
    if (tid == 0) kth[blockIdx.x] = s_prefix;
}

extern "C" __global__ void __launch_bounds__(1024)
radix_select_ok(const unsigned* __restrict__ keys, unsigned* __restrict__ kth, int n, int k)
{
    __shared__ unsigned s_prefix;
    int tid = threadIdx.x;
    bool valid = tid < n;
    unsigned key = valid ? keys[(size_t)blockIdx.x * n + tid] : 0xffffffffu;
    if (tid == 0) s_prefix = 0u;
    __syncthreads();

    int kk = k;
    for (int bit = 31; bit >= 0; --bit) {
        unsigned pre = s_prefix;
        unsigned hm = (bit == 31) ? 0u : (0xffffffffu << (bit + 1));
        bool zero_here = valid && ((key & hm) == pre) && !((key >> bit) & 1u);
        int c = __syncthreads_count(zero_here);
        if (kk >= c) {
            kk -= c;
            if (tid == 0) s_prefix = pre | (1u << bit);
        }
        __syncthreads();
    }
    if (tid == 0) kth[blockIdx.x] = s_prefix;
}
