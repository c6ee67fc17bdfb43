// Reductions with warp-synchronous tails written for independent thread
// scheduling (explicit __syncwarp between the read and the write of each step).

#define R6_BLOCK 512
#define R5_BLOCK 256

// reduce6-like: grid-stride accumulation, fully unrolled tree, warp tail.
// Launch: blockDim = 512, gridDim = any (e.g. 64)
extern "C" __global__ void __launch_bounds__(R6_BLOCK)
reduce6_warp_syncwarp(const int* __restrict__ g_in, int* __restrict__ g_out, unsigned n)
{
    __shared__ int sdata[R6_BLOCK];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (R6_BLOCK * 2) + tid;
    unsigned gridSize = R6_BLOCK * 2 * gridDim.x;
    int sum = 0;
    while (i < n) {
        sum += g_in[i];
        if (i + R6_BLOCK < n) sum += g_in[i + R6_BLOCK];
        i += gridSize;
    }
    sdata[tid] = sum;
    __syncthreads();
    if (tid < 256) sdata[tid] = sum = sum + sdata[tid + 256];
    __syncthreads();
    if (tid < 128) sdata[tid] = sum = sum + sdata[tid + 128];
    __syncthreads();
    if (tid < 64) sdata[tid] = sum = sum + sdata[tid + 64];
    __syncthreads();
    if (tid < 32) {
        sum += sdata[tid + 32];
        __syncwarp();
        sdata[tid] = sum;
        __syncwarp();
        for (int off = 16; off > 0; off >>= 1) {
            sum += sdata[tid + off];
            __syncwarp();
            sdata[tid] = sum;
            __syncwarp();
        }
    }
    if (tid == 0) g_out[blockIdx.x] = sum;
}

// reduce5-like: loop tree down to 64 partial sums, then unrolled warp tail.
// Launch: blockDim = 256, gridDim = any
extern "C" __global__ void __launch_bounds__(R5_BLOCK)
reduce5_unrolled_tail(const float* __restrict__ g_in, float* __restrict__ g_out, unsigned n)
{
    __shared__ float sdata[R5_BLOCK];
    unsigned tid = threadIdx.x;
    float sum = 0.0f;
    for (unsigned i = blockIdx.x * R5_BLOCK * 2 + tid; i < n; i += R5_BLOCK * 2 * gridDim.x) {
        sum += g_in[i];
        if (i + R5_BLOCK < n) sum += g_in[i + R5_BLOCK];
    }
    sdata[tid] = sum;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        sum += sdata[tid + 32]; __syncwarp(); sdata[tid] = sum; __syncwarp();
        sum += sdata[tid + 16]; __syncwarp(); sdata[tid] = sum; __syncwarp();
        sum += sdata[tid + 8];  __syncwarp(); sdata[tid] = sum;
        sum += sdata[tid + 4];  __syncwarp(); sdata[tid] = sum; __syncwarp();
        sum += sdata[tid + 2];  __syncwarp(); sdata[tid] = sum; __syncwarp();
        sum += sdata[tid + 1];
    }
    if (tid == 0) g_out[blockIdx.x] = sum;
}
