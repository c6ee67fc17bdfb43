// r06_threadfence_reduction.cu
// Single-pass sum in the style of the SDK "threadFenceReduction" sample: every block
// reduces a grid-strided slice of the input and stores its partial sum; thread 0 takes a
// ticket from a global counter and the last block to retire (ticket == gridDim.x - 1)
// folds all partials into *total with its first warp and resets the counter.
// Launch: blockDim = (256,1,1), gridDim = (G,1,1) with 1 <= G <= 1024 (e.g. 2*numSMs),
//         no dynamic shared memory; g_retired must be 0 at launch (it is reset by the
//         last block).
#define THREADS 256
#define WARPS   (THREADS / 32)

__device__ unsigned int g_retired = 0;

static __device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(THREADS)
sum_lastblock_race(const float* __restrict__ in, unsigned n,
                   float* __restrict__ partial, float* __restrict__ total)
{
    __shared__ float s_warp[WARPS];
    __shared__ bool amLast;
    const unsigned tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;

    float v = 0.f;
    for (unsigned i = blockIdx.x * THREADS + tid; i < n; i += gridDim.x * THREADS) v += in[i];
    v = warp_sum(v);
    if (lane == 0) s_warp[warp] = v;
    __syncthreads();

    if (tid == 0) {
        float b = 0.f;
        for (int w = 0; w < WARPS; ++w) b += s_warp[w];
        partial[blockIdx.x] = b;
        __threadfence();                              // partial visible before the ticket
        const unsigned ticket = atomicInc(&g_retired, gridDim.x);
        amLast = (ticket == gridDim.x - 1);
    }
    __threadfence();                                  // make amLast visible to the block

    if (amLast && warp == 0) {
        float s = 0.f;
        for (unsigned i = lane; i < gridDim.x; i += 32) s += ((volatile float*)partial)[i];
        s = warp_sum(s);
        if (lane == 0) { *total = s; g_retired = 0; }
    }
}

extern "C" __global__ void __launch_bounds__(THREADS)
sum_lastblock_ok(const float* __restrict__ in, unsigned n,
                 float* __restrict__ partial, float* __restrict__ total)
{
    __shared__ float s_warp[WARPS];
    __shared__ bool amLast;
    const unsigned tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;

    float v = 0.f;
    for (unsigned i = blockIdx.x * THREADS + tid; i < n; i += gridDim.x * THREADS) v += in[i];
    v = warp_sum(v);
    if (lane == 0) s_warp[warp] = v;
    __syncthreads();

    if (tid == 0) {
        float b = 0.f;
        for (int w = 0; w < WARPS; ++w) b += s_warp[w];
        partial[blockIdx.x] = b;
        __threadfence();                              // partial visible before the ticket
        const unsigned ticket = atomicInc(&g_retired, gridDim.x);
        amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();                                  // every thread sees amLast

    if (amLast && warp == 0) {
        float s = 0.f;
        for (unsigned i = lane; i < gridDim.x; i += 32) s += ((volatile float*)partial)[i];
        s = warp_sum(s);
        if (lane == 0) { *total = s; g_retired = 0; }
    }
}
