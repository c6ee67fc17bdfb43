// Hillis-Steele inclusive scan of one block-sized chunk, single shared buffer.
// Launch (both kernels): blockDim = 512, gridDim = n / 512, n = 1<<20 ints.
// Each block scans its own 512-element chunk (block-local prefix sums).

extern "C" __global__ void scan_inplace_race(const int* __restrict__ in, int* __restrict__ out)
{
    __shared__ int s[1024];
    unsigned tid = threadIdx.x;
    unsigned gi = blockIdx.x * blockDim.x + tid;
    s[tid] = in[gi];
    __syncthreads();
    for (unsigned off = 1; off < blockDim.x; off <<= 1) {
        if (tid >= off)
            s[tid] += s[tid - off];
        __syncthreads();
    }
    out[gi] = s[tid];
}

extern "C" __global__ void scan_inplace_ok(const int* __restrict__ in, int* __restrict__ out)
{
    __shared__ int s[1024];
    unsigned tid = threadIdx.x;
    unsigned gi = blockIdx.x * blockDim.x + tid;
    s[tid] = in[gi];
    __syncthreads();
    for (unsigned off = 1; off < blockDim.x; off <<= 1) {
        int t = (tid >= off) ? s[tid - off] : 0;
        __syncthreads();
        s[tid] += t;
        __syncthreads();
    }
    out[gi] = s[tid];
}
