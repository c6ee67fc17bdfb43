// r09: block-wide inclusive scan (Hillis-Steele / Kogge-Stone) in shared memory; also emits
// per-block totals for a second pass.
// Launch: any 1-D blockDim.x <= 1024 (typ. 1024), grid = ceil(n/blockDim.x).
extern "C" __global__ void __launch_bounds__(1024)
scan_kogge_stone_race(const float* __restrict__ in, float* __restrict__ out,
                      float* __restrict__ block_sums, int n)
{
    __shared__ float s[1024];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * blockDim.x + tid;
    s[tid] = (g < n) ? in[g] : 0.f;
    __syncthreads();
    for (int off = 1; off < blockDim.x; off <<= 1) {
        if (tid >= off) s[tid] += s[tid - off];
        __syncthreads();
    }
    if (g < n) out[g] = s[tid];
    if (tid == blockDim.x - 1) block_sums[blockIdx.x] = s[tid];
}

extern "C" __global__ void __launch_bounds__(1024)
scan_kogge_stone_ok(const float* __restrict__ in, float* __restrict__ out,
                    float* __restrict__ block_sums, int n)
{
    __shared__ float s[1024];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * blockDim.x + tid;
    s[tid] = (g < n) ? in[g] : 0.f;
    __syncthreads();
    for (int off = 1; off < blockDim.x; off <<= 1) {
        float t = 0.f;
        if (tid >= off) t = s[tid - off];
        __syncthreads();
        if (tid >= off) s[tid] += t;
        __syncthreads();
    }
    if (g < n) out[g] = s[tid];
    if (tid == blockDim.x - 1) block_sums[blockIdx.x] = s[tid];
}
