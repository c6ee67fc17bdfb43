// Parallel reduction, CUDA SDK "reduction" sample style (reduce0 / reduce3).

#define R0_BLOCK 256

// reduce0: interleaved addressing, divergent modulo branch.
// Launch: blockDim = 256, gridDim = ceil(n / 256)
extern "C" __global__ void __launch_bounds__(R0_BLOCK)
reduce0_interleaved(const float* __restrict__ g_in, float* __restrict__ g_out, unsigned n)
{
    __shared__ float sdata[R0_BLOCK];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * R0_BLOCK + tid;
    sdata[tid] = (i < n) ? g_in[i] : 0.0f;
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if ((tid % (2 * s)) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) g_out[blockIdx.x] = sdata[0];
}

// reduce3-like: first add during a grid-stride load (two elements per step),
// NaNs are skipped, then sequential-addressing tree in dynamic shared memory.
// Launch: blockDim = power of two in [64, 1024], gridDim = any,
//         dynamic shared memory = blockDim.x * sizeof(float)
extern "C" __global__ void
reduce3_gridstride(const float* __restrict__ g_in, float* __restrict__ g_out, int n)
{
    extern __shared__ float sdata3[];
    unsigned tid = threadIdx.x;
    float acc = 0.0f;
    for (int i = blockIdx.x * blockDim.x * 2 + tid; i < n; i += gridDim.x * blockDim.x * 2) {
        float a = g_in[i];
        if (i + (int)blockDim.x < n) a += g_in[i + blockDim.x];
        if (a != a) continue;
        acc += a;
    }
    sdata3[tid] = acc;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata3[tid] += sdata3[tid + s];
        __syncthreads();
    }
    if (tid == 0) g_out[blockIdx.x] = sdata3[0];
}
