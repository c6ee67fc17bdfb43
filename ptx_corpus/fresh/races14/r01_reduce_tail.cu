// r01_reduce_tail.cu
// Block sum reduction in the style of the CUDA SDK "reduction" sample: grid-stride
// loads, a shared-memory tree down to 64 partial sums, then a warp-shuffle tail
// run by warp 0.  Each block adds its partial sum to *out with one atomicAdd.
//
// Launch (both kernels): blockDim = 256 (BLOCK, fixed by __launch_bounds__),
//                        gridDim  = min(ceil(n / (2*256)), 1024), 1-D.
#define BLOCK 256
#define FULL_MASK 0xffffffffu

extern "C" __global__ void __launch_bounds__(BLOCK)
reduce_tail_race(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float sdata[BLOCK];
    const unsigned tid = threadIdx.x;

    float sum = 0.f;
    for (int i = blockIdx.x * (BLOCK * 2) + tid; i < n; i += gridDim.x * (BLOCK * 2)) {
        sum += in[i];
        if (i + BLOCK < n) sum += in[i + BLOCK];
    }
    sdata[tid] = sum;

    // Tree in shared memory; the barrier sits at the top of each step.
    for (unsigned s = BLOCK / 2; s > 32; s >>= 1) {
        __syncthreads();
        if (tid < s) sdata[tid] += sdata[tid + s];
    }

    // Warp-synchronous tail.  The __syncwarp only orders warp 0 with itself; the
    // last tree step (s == 64) was written by threads 32..63 of warp 1.
    if (tid < 32) {
        __syncwarp();
        float v = sdata[tid] + sdata[tid + 32];
        #pragma unroll
        for (int off = 16; off > 0; off >>= 1)
            v += __shfl_down_sync(FULL_MASK, v, off);
        if (tid == 0) atomicAdd(out, v);
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
reduce_tail_ok(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float sdata[BLOCK];
    const unsigned tid = threadIdx.x;

    float sum = 0.f;
    for (int i = blockIdx.x * (BLOCK * 2) + tid; i < n; i += gridDim.x * (BLOCK * 2)) {
        sum += in[i];
        if (i + BLOCK < n) sum += in[i + BLOCK];
    }
    sdata[tid] = sum;

    for (unsigned s = BLOCK / 2; s > 32; s >>= 1) {
        __syncthreads();
        if (tid < s) sdata[tid] += sdata[tid + s];
    }
    __syncthreads();   // last tree step (s == 64) is complete before warp 0 reads it

    if (tid < 32) {
        __syncwarp();
        float v = sdata[tid] + sdata[tid + 32];
        #pragma unroll
        for (int off = 16; off > 0; off >>= 1)
            v += __shfl_down_sync(FULL_MASK, v, off);
        if (tid == 0) atomicAdd(out, v);
    }
}
