// Row-wise L2 normalisation with a 2-D thread block: block row threadIdx.y handles matrix row
// blockIdx.x*4 + threadIdx.y with 64 threads (= 2 warps), warp-shuffle partial sums of squares
// combined through shared memory.
// Assumed launch: blockDim = (64, 4), gridDim.x == ceil(nrows/4).

#define RN_BX 64
#define RN_BY 4

static __device__ __forceinline__ float rn_warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(RN_BX * RN_BY)
rownorm_2d_race(const float* __restrict__ x, float* __restrict__ y, int nrows, int ncols, float eps)
{
    if (blockDim.x != RN_BX || blockDim.y != RN_BY) return;
    __shared__ float s_norm[RN_BY];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.x * RN_BY + ty;
    const bool valid = row < nrows;
    const float* xr = x + (size_t)row * ncols;

    float ss = 0.f;
    if (valid)
        for (int c = tx; c < ncols; c += RN_BX) {
            const float v = xr[c];
            ss += v * v;
        }
    ss = rn_warp_sum(ss);
    if ((tx & 31) == 0) s_norm[ty] = ss;
    __syncthreads();

    const float inv = rsqrtf(s_norm[ty] + eps);
    if (valid)
        for (int c = tx; c < ncols; c += RN_BX) y[(size_t)row * ncols + c] = xr[c] * inv;
}

extern "C" __global__ void __launch_bounds__(RN_BX * RN_BY)
rownorm_2d_ok(const float* __restrict__ x, float* __restrict__ y, int nrows, int ncols, float eps)
{
    if (blockDim.x != RN_BX || blockDim.y != RN_BY) return;
    __shared__ float s_part[RN_BY][RN_BX / 32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.x * RN_BY + ty;
    const bool valid = row < nrows;
    const float* xr = x + (size_t)row * ncols;

    float ss = 0.f;
    if (valid)
        for (int c = tx; c < ncols; c += RN_BX) {
            const float v = xr[c];
            ss += v * v;
        }
    ss = rn_warp_sum(ss);
    if ((tx & 31) == 0) s_part[ty][tx >> 5] = ss;
    __syncthreads();

    const float inv = rsqrtf(s_part[ty][0] + s_part[ty][1] + eps);
    if (valid)
        for (int c = tx; c < ncols; c += RN_BX) y[(size_t)row * ncols + c] = xr[c] * inv;
}
