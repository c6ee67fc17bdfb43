extern "C" __global__ void
count_matches_race(const char* __restrict__ text, int n,
                   const char* __restrict__ pat, int m, int* __restrict__ block_counts)
{
    __shared__ int s_count;
    if (threadIdx.x == 0) s_count = 0;
    __syncthreads();

    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i + m <= n; i += stride) {
        bool hit = true;
        for (int k = 0; k < m; ++k)
            if (text[i + k] != pat[k]) { hit = false; break; }
        if (hit) s_count = s_count + 1;
    }
    __syncthreads();
    if (threadIdx.x == 0) block_counts[blockIdx.x] = s_count;
}

extern "C" __global__ void
count_matches_ok(const char* __restrict__ text, int n,
                 const char* __restrict__ pat, int m, int* __restrict__ block_counts)
{
    __shared__ int s_count;
    if (threadIdx.x == 0) s_count = 0;
    __syncthreads();

    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i + m <= n; i += stride) {
        bool hit = true;
        for (int k = 0; k < m; ++k)
            if (text[i + k] != pat[k]) { hit = false; break; }
        if (hit) atomicAdd(&s_count, 1);
    }
    __syncthreads();
    if (threadIdx.x == 0) block_counts[blockIdx.x] = s_count;
}
