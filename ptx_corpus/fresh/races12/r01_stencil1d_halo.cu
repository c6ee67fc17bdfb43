// 1-D radius-3 weighted stencil: out[g] = sum_k c[k] * in[g+k], k in [-3,3].
// Launch: blockDim = (256,1,1) (compile-time BLOCK), gridDim = (n/256,1,1), no dynamic shared memory.
// Input: n is a multiple of 256; `in` points RADIUS elements into a padded buffer, so in[-3] .. in[n+2] are valid.
#define BLOCK 256
#define RADIUS 3

__device__ __forceinline__ float stencil_apply(const float* s, int i)
{
    const float c[2 * RADIUS + 1] = {0.05f, 0.1f, 0.2f, 0.3f, 0.2f, 0.1f, 0.05f};
    float acc = 0.f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k) acc += c[k + RADIUS] * s[i + k];
    return acc;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
stencil1d_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[BLOCK + 2 * RADIUS];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * BLOCK + tid;

    s[tid + RADIUS] = in[g];
    if (tid < RADIUS) s[tid] = in[g - RADIUS];                       // left halo
    if (tid >= BLOCK - RADIUS - 1) s[tid + 2 * RADIUS] = in[g + RADIUS]; // right halo
    __syncthreads();

    out[g] = stencil_apply(s, tid + RADIUS);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
stencil1d_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[BLOCK + 2 * RADIUS];
    const int tid = threadIdx.x;
    const int g = blockIdx.x * BLOCK + tid;

    s[tid + RADIUS] = in[g];
    if (tid < RADIUS) s[tid] = in[g - RADIUS];                     // left halo
    if (tid >= BLOCK - RADIUS) s[tid + 2 * RADIUS] = in[g + RADIUS]; // right halo
    __syncthreads();

    out[g] = stencil_apply(s, tid + RADIUS);
}
