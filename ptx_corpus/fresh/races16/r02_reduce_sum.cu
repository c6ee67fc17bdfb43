// arch: sm_80
// Launch: blockDim = (256,1,1), gridDim = (any,1,1), n arbitrary (>= 0).
//         Static shared memory only. Grid-stride loop, each thread first adds two
//         elements per iteration (CUDA SDK "reduce6"-style), then a tree reduction
//         in shared memory, finished with warp shuffles. out has gridDim.x entries.

#define RBLOCK 256

extern "C" __global__ void
reduce_sum_race(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float sdata[RBLOCK];
    const unsigned tid = threadIdx.x;
    const unsigned gridSize = RBLOCK * 2 * gridDim.x;

    float sum = 0.0f;
    for (unsigned i = blockIdx.x * RBLOCK * 2 + tid; i < (unsigned)n; i += gridSize) {
        sum += in[i];
        if (i + RBLOCK < (unsigned)n) sum += in[i + RBLOCK];
    }
    sdata[tid] = sum;
    __syncthreads();

    for (unsigned s = blockDim.x / 2; s > 64; s >>= 1) {
        if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
        __syncthreads();
    }

    if (tid < 64) sdata[tid] = sum = sum + sdata[tid + 64];
    __syncwarp();

    if (tid < 32) {
        sum += sdata[tid + 32];
        for (int off = 16; off > 0; off >>= 1)
            sum += __shfl_down_sync(0xffffffffu, sum, off);
    }
    if (tid == 0) out[blockIdx.x] = sum;
}

extern "C" __global__ void
reduce_sum_ok(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float sdata[RBLOCK];
    const unsigned tid = threadIdx.x;
    const unsigned gridSize = RBLOCK * 2 * gridDim.x;

    float sum = 0.0f;
    for (unsigned i = blockIdx.x * RBLOCK * 2 + tid; i < (unsigned)n; i += gridSize) {
        sum += in[i];
        if (i + RBLOCK < (unsigned)n) sum += in[i + RBLOCK];
    }
    sdata[tid] = sum;
    __syncthreads();

    for (unsigned s = blockDim.x / 2; s > 64; s >>= 1) {
        if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
        __syncthreads();
    }

    if (tid < 64) sdata[tid] = sum = sum + sdata[tid + 64];
    __syncthreads();

    if (tid < 32) {
        sum += sdata[tid + 32];
        for (int off = 16; off > 0; off >>= 1)
            sum += __shfl_down_sync(0xffffffffu, sum, off);
    }
    if (tid == 0) out[blockIdx.x] = sum;
}
