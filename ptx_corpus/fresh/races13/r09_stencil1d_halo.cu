// 1-D stencil with a shared-memory halo (the classic "stencil_1d" teaching example).
// Launch (both kernels): blockDim = 256 (BLOCK), gridDim = n/256, n = 1<<20.
// `in` points RADIUS elements into a buffer padded by RADIUS on both sides,
// so in[-RADIUS .. n+RADIUS-1] are valid.
#define RADIUS 3
#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
stencil1d_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float temp[BLOCK + 2 * RADIUS];
    int gindex = blockIdx.x * BLOCK + threadIdx.x;
    int lindex = threadIdx.x + RADIUS;

    temp[lindex] = in[gindex];
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = in[gindex - RADIUS];
        temp[lindex + BLOCK - 1] = in[gindex + BLOCK];      // right halo, off by one
    }
    __syncthreads();

    float result = 0.0f;
    for (int off = -RADIUS; off <= RADIUS; ++off)
        result += temp[lindex + off];
    out[gindex] = result;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
stencil1d_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float temp[BLOCK + 2 * RADIUS];
    int gindex = blockIdx.x * BLOCK + threadIdx.x;
    int lindex = threadIdx.x + RADIUS;

    temp[lindex] = in[gindex];
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = in[gindex - RADIUS];
        temp[lindex + BLOCK] = in[gindex + BLOCK];
    }
    __syncthreads();

    float result = 0.0f;
    for (int off = -RADIUS; off <= RADIUS; ++off)
        result += temp[lindex + off];
    out[gindex] = result;
}
