// r17: LayerNorm, one block per row: warp butterfly reductions, one partial per warp in shared
// memory; every warp re-reduces all partials itself (to avoid a broadcast), and the same
// partial buffer is reused for the variance.
// Launch: blockDim.x a multiple of 32, <= 512 (typ. 512), grid = rows.
__device__ __forceinline__ float warp_allsum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(512)
layernorm_warp_race(const float* __restrict__ x, const float* __restrict__ gamma,
                    const float* __restrict__ beta, float* __restrict__ y, int H, float eps)
{
    __shared__ float s_part[32];
    const int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    const int nw = blockDim.x >> 5;
    const float* xr = x + (size_t)blockIdx.x * H;
    float* yr = y + (size_t)blockIdx.x * H;

    float sum = 0.f;
    for (int c = tid; c < H; c += blockDim.x) sum += xr[c];
    sum = warp_allsum(sum);
    if (lane == 0) s_part[wid] = sum;
    __syncthreads();
    float tot = (lane < nw) ? s_part[lane] : 0.f;
    tot = warp_allsum(tot);
    const float mean = tot / H;

    float sq = 0.f;
    for (int c = tid; c < H; c += blockDim.x) { const float d = xr[c] - mean; sq += d * d; }
    sq = warp_allsum(sq);
    if (lane == 0) s_part[wid] = sq;
    __syncthreads();
    tot = (lane < nw) ? s_part[lane] : 0.f;
    tot = warp_allsum(tot);
    const float rstd = rsqrtf(tot / H + eps);

    for (int c = tid; c < H; c += blockDim.x)
        yr[c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
}

extern "C" __global__ void __launch_bounds__(512)
layernorm_warp_ok(const float* __restrict__ x, const float* __restrict__ gamma,
                  const float* __restrict__ beta, float* __restrict__ y, int H, float eps)
{
    __shared__ float s_part[32];
    const int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    const int nw = blockDim.x >> 5;
    const float* xr = x + (size_t)blockIdx.x * H;
    float* yr = y + (size_t)blockIdx.x * H;

    float sum = 0.f;
    for (int c = tid; c < H; c += blockDim.x) sum += xr[c];
    sum = warp_allsum(sum);
    if (lane == 0) s_part[wid] = sum;
    __syncthreads();
    float tot = (lane < nw) ? s_part[lane] : 0.f;
    tot = warp_allsum(tot);
    const float mean = tot / H;

    float sq = 0.f;
    for (int c = tid; c < H; c += blockDim.x) { const float d = xr[c] - mean; sq += d * d; }
    sq = warp_allsum(sq);
    __syncthreads();              // all warps have finished reading the mean partials
    if (lane == 0) s_part[wid] = sq;
    __syncthreads();
    tot = (lane < nw) ? s_part[lane] : 0.f;
    tot = warp_allsum(tot);
    const float rstd = rsqrtf(tot / H + eps);

    for (int c = tid; c < H; c += blockDim.x)
        yr[c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
}
