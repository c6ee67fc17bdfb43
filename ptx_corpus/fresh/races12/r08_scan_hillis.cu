// Per-block inclusive prefix sum (Hillis-Steele) of 256-element segments: out[g] = sum of in over the
// segment prefix ending at g.
// Launch: blockDim = (256,1,1) (compile-time BLOCK), gridDim = (n/256,1,1), no dynamic shared memory;
// n multiple of 256.
#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
scan_hs_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[BLOCK];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * BLOCK + tid;
    s[tid] = in[g];
    __syncthreads();
    for (int off = 1; off < BLOCK; off <<= 1) {
        if (tid >= off) s[tid] += s[tid - off];
        __syncthreads();
    }
    out[g] = s[tid];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
scan_hs_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[2][BLOCK];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * BLOCK + tid;
    int pin = 0;
    s[0][tid] = in[g];
    __syncthreads();
    for (int off = 1; off < BLOCK; off <<= 1) {
        const int pout = pin ^ 1;
        float v = s[pin][tid];
        if (tid >= off) v += s[pin][tid - off];
        s[pout][tid] = v;
        __syncthreads();
        pin = pout;
    }
    out[g] = s[pin][tid];
}
