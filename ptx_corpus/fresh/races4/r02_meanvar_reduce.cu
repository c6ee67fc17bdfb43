// Per-row normalisation (mean / centred variance, then y = (x-mean)*rstd).
// One block per row; two block-wide sums computed with warp shuffles + a shared array of warp partials.
// Assumed launch: 1-D blocks, blockDim.x a multiple of 32 (<= 1024), gridDim.x == number of rows.

#define MV_FULL 0xffffffffu

static __device__ __forceinline__ float mv_warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(MV_FULL, v, o);
    return v;
}

// Returns the block-wide total in every thread: each warp re-reduces the warp partials.
static __device__ __forceinline__ float mv_block_sum_nosync(float v, float* s_warp)
{
    const int lane = threadIdx.x & 31;
    const int wid  = threadIdx.x >> 5;
    const int nw   = blockDim.x >> 5;
    v = mv_warp_sum(v);
    if (lane == 0) s_warp[wid] = v;
    __syncthreads();
    v = (lane < nw) ? s_warp[lane] : 0.f;
    return mv_warp_sum(v);
}

static __device__ __forceinline__ float mv_block_sum(float v, float* s_warp)
{
    __syncthreads();
    return mv_block_sum_nosync(v, s_warp);
}

extern "C" __global__ void __launch_bounds__(1024)
meanvar_reduce_race(const float* __restrict__ x, float* __restrict__ y,
                    float2* __restrict__ stats, int cols, float eps)
{
    if (blockDim.x & 31) return;
    __shared__ float s_warp[32];
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float s = 0.f;
    for (int i = threadIdx.x; i < cols; i += blockDim.x) s += xr[i];
    const float mean = mv_block_sum_nosync(s, s_warp) / (float)cols;

    float q = 0.f;
    for (int i = threadIdx.x; i < cols; i += blockDim.x) {
        const float d = xr[i] - mean;
        q += d * d;
    }
    const float var  = mv_block_sum_nosync(q, s_warp) / (float)cols;
    const float rstd = rsqrtf(var + eps);

    for (int i = threadIdx.x; i < cols; i += blockDim.x) yr[i] = (xr[i] - mean) * rstd;
    if (threadIdx.x == 0) stats[blockIdx.x] = make_float2(mean, rstd);
}

extern "C" __global__ void __launch_bounds__(1024)
meanvar_reduce_ok(const float* __restrict__ x, float* __restrict__ y,
                  float2* __restrict__ stats, int cols, float eps)
{
    if (blockDim.x & 31) return;
    __shared__ float s_warp[32];
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float s = 0.f;
    for (int i = threadIdx.x; i < cols; i += blockDim.x) s += xr[i];
    const float mean = mv_block_sum(s, s_warp) / (float)cols;

    float q = 0.f;
    for (int i = threadIdx.x; i < cols; i += blockDim.x) {
        const float d = xr[i] - mean;
        q += d * d;
    }
    const float var  = mv_block_sum(q, s_warp) / (float)cols;
    const float rstd = rsqrtf(var + eps);

    for (int i = threadIdx.x; i < cols; i += blockDim.x) yr[i] = (xr[i] - mean) * rstd;
    if (threadIdx.x == 0) stats[blockIdx.x] = make_float2(mean, rstd);
}
