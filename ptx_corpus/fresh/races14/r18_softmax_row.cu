// r18_softmax_row.cu
// Row softmax, one block per row: block max and block sum via warp shuffles
// plus one shared slot per warp; every thread combines the 8 warp results.
//
// Launch (both kernels): blockDim = 256 (BLOCK = 8 warps); gridDim = rows;
//   any cols >= 1.
#define BLOCK 256
#define WARPS (BLOCK / 32)
#define FULL_MASK 0xffffffffu

__device__ __forceinline__ float warp_max(float v)
{
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, o));
    return v;
}
__device__ __forceinline__ float warp_sum(float v)
{
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL_MASK, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
softmax_row_race(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    __shared__ float s_red[WARPS];                  // reused for max, then sum
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float m = -INFINITY;
    for (int c = tid; c < cols; c += BLOCK) m = fmaxf(m, xr[c]);
    m = warp_max(m);
    if (lane == 0) s_red[warp] = m;
    __syncthreads();
    float bm = -INFINITY;
    #pragma unroll
    for (int w = 0; w < WARPS; ++w) bm = fmaxf(bm, s_red[w]);

    float s = 0.f;
    for (int c = tid; c < cols; c += BLOCK) s += __expf(xr[c] - bm);
    s = warp_sum(s);
    if (lane == 0) s_red[warp] = s;                 // slow warps may still read the maxima
    __syncthreads();
    float bs = 0.f;
    #pragma unroll
    for (int w = 0; w < WARPS; ++w) bs += s_red[w];

    const float inv = 1.f / bs;
    for (int c = tid; c < cols; c += BLOCK) yr[c] = __expf(xr[c] - bm) * inv;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
softmax_row_ok(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    // Separate slots for the two reductions, so no barrier is needed between
    // reading the maxima and publishing the sums.
    __shared__ float s_max[WARPS];
    __shared__ float s_sum[WARPS];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float m = -INFINITY;
    for (int c = tid; c < cols; c += BLOCK) m = fmaxf(m, xr[c]);
    m = warp_max(m);
    if (lane == 0) s_max[warp] = m;
    __syncthreads();
    float bm = -INFINITY;
    #pragma unroll
    for (int w = 0; w < WARPS; ++w) bm = fmaxf(bm, s_max[w]);

    float s = 0.f;
    for (int c = tid; c < cols; c += BLOCK) s += __expf(xr[c] - bm);
    s = warp_sum(s);
    if (lane == 0) s_sum[warp] = s;
    __syncthreads();
    float bs = 0.f;
    #pragma unroll
    for (int w = 0; w < WARPS; ++w) bs += s_sum[w];

    const float inv = 1.f / bs;
    for (int c = tid; c < cols; c += BLOCK) yr[c] = __expf(xr[c] - bm) * inv;
}
