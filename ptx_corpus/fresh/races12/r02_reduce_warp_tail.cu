// Block sum reduction (SDK "reduce" style): each block reduces a grid-stride slice of in[0..n)
// and writes one partial sum per block to out[blockIdx.x].
// Launch: blockDim = (256,1,1) (compile-time BLOCK), any gridDim.x >= 1, no dynamic shared memory, any n >= 0.
#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
reduce_tail_race(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float sd[BLOCK];
    const unsigned tid = threadIdx.x;
    float sum = 0.f;
    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK) sum += in[i];
    sd[tid] = sum;
    __syncthreads();

    for (unsigned s = BLOCK / 2; s > 32; s >>= 1) {
        if (tid < s) sd[tid] += sd[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        // last warp: "warp-synchronous", no barrier needed (volatile keeps the loads)
        volatile float* v = sd;
        v[tid] += v[tid + 32];
        v[tid] += v[tid + 16];
        v[tid] += v[tid + 8];
        v[tid] += v[tid + 4];
        v[tid] += v[tid + 2];
        v[tid] += v[tid + 1];
    }
    if (tid == 0) out[blockIdx.x] = sd[0];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
reduce_tail_ok(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ float sd[BLOCK];
    const unsigned tid = threadIdx.x;
    float sum = 0.f;
    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK) sum += in[i];
    sd[tid] = sum;
    __syncthreads();

    for (unsigned s = BLOCK / 2; s > 32; s >>= 1) {
        if (tid < s) sd[tid] += sd[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        float v = sd[tid] + sd[tid + 32];
        __syncwarp();
        sd[tid] = v;
        __syncwarp();
#pragma unroll
        for (unsigned off = 16; off > 0; off >>= 1) {
            if (tid < off) v += sd[tid + off];
            __syncwarp();
            if (tid < off) sd[tid] = v;
            __syncwarp();
        }
    }
    if (tid == 0) out[blockIdx.x] = sd[0];
}
