// r06: block sum reduction (each thread first adds two elements), tree in shared memory,
// last warp unrolled.
// Launch: blockDim.x a power of two in [64, 512] (typ. 512), grid = ceil(n / (2*blockDim.x)).
extern "C" __global__ void __launch_bounds__(512)
reduce_warp_unrolled_race(const float* __restrict__ in, float* __restrict__ out, unsigned int n)
{
    __shared__ float sdata[512];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = blockIdx.x * (blockDim.x * 2) + tid;
    float v = (i < n) ? in[i] : 0.f;
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] = v = v + sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        // "warp-synchronous" unrolled tail (pre-Volta idiom)
        volatile float* vs = sdata;
        vs[tid] = v = v + vs[tid + 32];
        vs[tid] = v = v + vs[tid + 16];
        vs[tid] = v = v + vs[tid + 8];
        vs[tid] = v = v + vs[tid + 4];
        vs[tid] = v = v + vs[tid + 2];
        vs[tid] = v = v + vs[tid + 1];
    }
    if (tid == 0) out[blockIdx.x] = v;
}

extern "C" __global__ void __launch_bounds__(512)
reduce_warp_unrolled_ok(const float* __restrict__ in, float* __restrict__ out, unsigned int n)
{
    __shared__ float sdata[512];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = blockIdx.x * (blockDim.x * 2) + tid;
    float v = (i < n) ? in[i] : 0.f;
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] = v = v + sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        for (unsigned int off = 32; off > 0; off >>= 1) {
            v += sdata[tid + off];
            __syncwarp();
            sdata[tid] = v;
            __syncwarp();
        }
    }
    if (tid == 0) out[blockIdx.x] = v;
}
