// r08: single-pass multi-block reduction (threadFenceReduction pattern): every block writes its
// partial sum, the last block to retire (ticket from atomicInc) sums the partials.
// Blocks that are not last leave early.
// Launch: blockDim.x a power of two <= 128 (typ. 128), any grid (typ. 64);
//         *retire_count must be 0 before the first launch (it wraps back to 0 itself).
__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(128)
reduce_lastblock_race(const float* __restrict__ in, float* partial, float* out,
                      unsigned int* retire_count, int n)
{
    __shared__ float sdata[128];
    __shared__ bool amLast;
    const unsigned int tid = threadIdx.x;
    float sum = 0.f;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x)
        sum += in[i];
    sdata[tid] = sum;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) {
        partial[blockIdx.x] = sdata[0];
        __threadfence();
        const unsigned int ticket = atomicInc(retire_count, gridDim.x - 1);
        amLast = (ticket == gridDim.x - 1);
    }
    if (!amLast) return;            // early exit of all blocks but the last one
    if (tid < 32) {
        float v = 0.f;
        for (unsigned int i = tid; i < gridDim.x; i += 32)
            v += ((volatile float*)partial)[i];
        v = warp_sum(v);
        if (tid == 0) *out = v;
    }
}

extern "C" __global__ void __launch_bounds__(128)
reduce_lastblock_ok(const float* __restrict__ in, float* partial, float* out,
                    unsigned int* retire_count, int n)
{
    __shared__ float sdata[128];
    __shared__ bool amLast;
    const unsigned int tid = threadIdx.x;
    float sum = 0.f;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x)
        sum += in[i];
    sdata[tid] = sum;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) {
        partial[blockIdx.x] = sdata[0];
        __threadfence();
        const unsigned int ticket = atomicInc(retire_count, gridDim.x - 1);
        amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (!amLast) return;            // early exit of all blocks but the last one
    if (tid < 32) {
        float v = 0.f;
        for (unsigned int i = tid; i < gridDim.x; i += 32)
            v += ((volatile float*)partial)[i];
        v = warp_sum(v);
        if (tid == 0) *out = v;
    }
}
