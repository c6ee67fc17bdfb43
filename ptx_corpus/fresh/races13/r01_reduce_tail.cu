// Block sum reduction in the style of the CUDA SDK "reduction" sample (reduce4/5):
// tree reduction with __syncthreads(), then a warp-synchronous tail using __syncwarp().
// Launch (both kernels): blockDim = 256 (fixed by BS / __launch_bounds__),
// gridDim = n / (2*256), n = 1<<20 floats -> 2048 blocks. out[blockIdx.x] = partial sum.
#define BS 256

extern "C" __global__ void __launch_bounds__(BS)
reduce_tail_race(const float* __restrict__ g_in, float* __restrict__ g_out, unsigned n)
{
    __shared__ float sdata[BS];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (BS * 2) + tid;

    float mySum = (i < n) ? g_in[i] : 0.0f;
    if (i + BS < n) mySum += g_in[i + BS];
    sdata[tid] = mySum;
    __syncthreads();

    // tree part: stops one step too early (s = 128 only)
    for (unsigned s = BS / 2; s > 64; s >>= 1) {
        if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
        __syncthreads();
    }

    // "warp" tail started with 64 threads = two warps, synchronised only with __syncwarp
    if (tid < 64) {
        for (unsigned off = 64; off > 0; off >>= 1) {
            mySum += sdata[tid + off];
            __syncwarp();
            sdata[tid] = mySum;
            __syncwarp();
        }
    }
    if (tid == 0) g_out[blockIdx.x] = mySum;
}

extern "C" __global__ void __launch_bounds__(BS)
reduce_tail_ok(const float* __restrict__ g_in, float* __restrict__ g_out, unsigned n)
{
    __shared__ float sdata[BS];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (BS * 2) + tid;

    float mySum = (i < n) ? g_in[i] : 0.0f;
    if (i + BS < n) mySum += g_in[i + BS];
    sdata[tid] = mySum;
    __syncthreads();

    for (unsigned s = BS / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
        __syncthreads();
    }

    // single-warp tail
    if (tid < 32) {
        for (unsigned off = 32; off > 0; off >>= 1) {
            mySum += sdata[tid + off];
            __syncwarp();
            sdata[tid] = mySum;
            __syncwarp();
        }
    }
    if (tid == 0) g_out[blockIdx.x] = mySum;
}
