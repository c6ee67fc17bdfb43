// In-block bitonic sort of 512-key segments (ascending), one compare-exchange per thread per step.
// Steps whose partners lie inside one warp's 64-element span are separated by __syncwarp only.
// Launch: blockDim = (256,1,1) (compile-time BLOCK), gridDim = (n/512,1,1), no dynamic shared memory;
// n multiple of 512, keys arbitrary floats (no NaN).
#define BLOCK 256
#define NK (2 * BLOCK)

extern "C" __global__ void __launch_bounds__(BLOCK)
bitonic_race(float* __restrict__ keys)
{
    __shared__ float s[NK];
    const int tid = threadIdx.x;
    float* g = keys + blockIdx.x * NK;
    s[tid] = g[tid];
    s[tid + BLOCK] = g[tid + BLOCK];
    __syncthreads();

    for (int size = 2; size <= NK; size <<= 1) {
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
            const int pos = 2 * tid - (tid & (stride - 1));
            const bool up = (pos & size) == 0;
            const float a = s[pos], b = s[pos + stride];
            const float lo = fminf(a, b), hi = fmaxf(a, b);
            s[pos] = up ? lo : hi;
            s[pos + stride] = up ? hi : lo;
            // a warp owns a 64-key span, so strides up to 64 stay inside the warp
            if (stride > 64) __syncthreads(); else __syncwarp();
        }
        __syncthreads();
    }
    g[tid] = s[tid];
    g[tid + BLOCK] = s[tid + BLOCK];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
bitonic_ok(float* __restrict__ keys)
{
    __shared__ float s[NK];
    const int tid = threadIdx.x;
    float* g = keys + blockIdx.x * NK;
    s[tid] = g[tid];
    s[tid + BLOCK] = g[tid + BLOCK];
    __syncthreads();

    for (int size = 2; size <= NK; size <<= 1) {
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
            const int pos = 2 * tid - (tid & (stride - 1));
            const bool up = (pos & size) == 0;
            const float a = s[pos], b = s[pos + stride];
            const float lo = fminf(a, b), hi = fmaxf(a, b);
            s[pos] = up ? lo : hi;
            s[pos + stride] = up ? hi : lo;
            // a warp owns a 64-key span for strides <= 32
            if (stride > 32) __syncthreads(); else __syncwarp();
        }
        __syncthreads();
    }
    g[tid] = s[tid];
    g[tid + BLOCK] = s[tid + BLOCK];
}
