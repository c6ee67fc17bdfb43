// r05_layernorm_blockreduce.cu
// LayerNorm forward, one row of H floats per block:
//     y = (x - mean) * rsqrt(var + eps) * gamma + beta
// Two block-wide sums (mean, then variance) are computed with a reusable helper
// (warp shuffles + one shared slot per warp, result broadcast to every thread via sh[0]).
// Launch: blockDim = (256,1,1), gridDim = (rows,1,1), any H >= 1, no dynamic shared memory.
#define THREADS 256
#define WARPS   (THREADS / 32)

static __device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// Block-wide sum, result returned to every thread.
static __device__ __forceinline__ float block_sum_race(float v, float* sh)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = warp_sum(v);
    if (lane == 0) sh[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = (lane < WARPS) ? sh[lane] : 0.f;
        v = warp_sum(v);
        if (lane == 0) sh[0] = v;
    }
    __syncthreads();
    return sh[0];
}

static __device__ __forceinline__ float block_sum_ok(float v, float* sh)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = warp_sum(v);
    __syncthreads();                 // sh may still be read by a previous call's broadcast
    if (lane == 0) sh[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = (lane < WARPS) ? sh[lane] : 0.f;
        v = warp_sum(v);
        if (lane == 0) sh[0] = v;
    }
    __syncthreads();
    return sh[0];
}

extern "C" __global__ void __launch_bounds__(THREADS)
layernorm_race(const float* __restrict__ x, const float* __restrict__ gamma,
               const float* __restrict__ beta, float* __restrict__ y, int H, float eps)
{
    __shared__ float s_red[WARPS];
    const float* xr = x + (size_t)blockIdx.x * H;
    float* yr = y + (size_t)blockIdx.x * H;

    float s = 0.f;
    for (int i = threadIdx.x; i < H; i += THREADS) s += xr[i];
    const float mean = block_sum_race(s, s_red) / H;

    float v = 0.f;
    for (int i = threadIdx.x; i < H; i += THREADS) { const float d = xr[i] - mean; v += d * d; }
    const float rstd = rsqrtf(block_sum_race(v, s_red) / H + eps);

    for (int i = threadIdx.x; i < H; i += THREADS)
        yr[i] = (xr[i] - mean) * rstd * gamma[i] + beta[i];
}

extern "C" __global__ void __launch_bounds__(THREADS)
layernorm_ok(const float* __restrict__ x, const float* __restrict__ gamma,
             const float* __restrict__ beta, float* __restrict__ y, int H, float eps)
{
    __shared__ float s_red[WARPS];
    const float* xr = x + (size_t)blockIdx.x * H;
    float* yr = y + (size_t)blockIdx.x * H;

    float s = 0.f;
    for (int i = threadIdx.x; i < H; i += THREADS) s += xr[i];
    const float mean = block_sum_ok(s, s_red) / H;

    float v = 0.f;
    for (int i = threadIdx.x; i < H; i += THREADS) { const float d = xr[i] - mean; v += d * d; }
    const float rstd = rsqrtf(block_sum_ok(v, s_red) / H + eps);

    for (int i = threadIdx.x; i < H; i += THREADS)
        yr[i] = (xr[i] - mean) * rstd * gamma[i] + beta[i];
}
