// Single-pass multi-block sum ("threadFenceReduction" pattern): every block writes a partial sum,
// the last block to retire (ticket from a global counter) reduces all partials.
// Assumed launch: 1-D, blockDim.x == 256, any gridDim.x; *retire_count == 0 at first launch
// (the last block resets it).

#define LB_BLOCK 256

static __device__ __forceinline__ void lb_tree(float* sdata, unsigned tid)
{
    for (unsigned s = LB_BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
}

extern "C" __global__ void __launch_bounds__(LB_BLOCK)
last_block_reduce_race(const float* __restrict__ in, float* partial, float* result,
                       unsigned* retire_count, unsigned n)
{
    if (blockDim.x != LB_BLOCK) return;
    __shared__ float sdata[LB_BLOCK];
    __shared__ bool amLast;
    const unsigned tid = threadIdx.x;

    float acc = 0.f;
    for (unsigned i = blockIdx.x * LB_BLOCK + tid; i < n; i += gridDim.x * LB_BLOCK) acc += in[i];
    sdata[tid] = acc;
    __syncthreads();
    lb_tree(sdata, tid);

    if (tid == 0) partial[blockIdx.x] = sdata[0];
    __threadfence();   // partial must be visible device-wide before taking a ticket

    if (tid == 0) {
        const unsigned ticket = atomicInc(retire_count, gridDim.x);
        amLast = (ticket == gridDim.x - 1);
    }

    if (amLast) {
        float s = 0.f;
        for (unsigned i = tid; i < gridDim.x; i += LB_BLOCK) s += ((volatile float*)partial)[i];
        sdata[tid] = s;
        __syncthreads();
        lb_tree(sdata, tid);
        if (tid == 0) {
            *result = sdata[0];
            *retire_count = 0;
        }
    }
}

extern "C" __global__ void __launch_bounds__(LB_BLOCK)
last_block_reduce_ok(const float* __restrict__ in, float* partial, float* result,
                     unsigned* retire_count, unsigned n)
{
    if (blockDim.x != LB_BLOCK) return;
    __shared__ float sdata[LB_BLOCK];
    __shared__ bool amLast;
    const unsigned tid = threadIdx.x;

    float acc = 0.f;
    for (unsigned i = blockIdx.x * LB_BLOCK + tid; i < n; i += gridDim.x * LB_BLOCK) acc += in[i];
    sdata[tid] = acc;
    __syncthreads();
    lb_tree(sdata, tid);

    if (tid == 0) partial[blockIdx.x] = sdata[0];
    __threadfence();

    if (tid == 0) {
        const unsigned ticket = atomicInc(retire_count, gridDim.x);
        amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();

    if (amLast) {
        float s = 0.f;
        for (unsigned i = tid; i < gridDim.x; i += LB_BLOCK) s += ((volatile float*)partial)[i];
        sdata[tid] = s;
        __syncthreads();
        lb_tree(sdata, tid);
        if (tid == 0) {
            *result = sdata[0];
            *retire_count = 0;
        }
    }
}
