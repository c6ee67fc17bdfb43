// Row softmax: one block per row of x[nrows][ncols], y = exp(x - max) / sum(exp(x - max)).
// Launch: blockDim = (256,1,1) (compile-time BLOCK, 8 warps), gridDim = (nrows,1,1), no dynamic shared memory;
// ncols >= 1 arbitrary.
#define BLOCK 256
#define NWARPS (BLOCK / 32)

__device__ __forceinline__ float warp_max(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
softmax_row_race(const float* __restrict__ x, float* __restrict__ y, int ncols)
{
    __shared__ float red[32];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const float* xr = x + (size_t)blockIdx.x * ncols;
    float* yr = y + (size_t)blockIdx.x * ncols;

    float m = -INFINITY;
    for (int c = tid; c < ncols; c += BLOCK) m = fmaxf(m, xr[c]);
    m = warp_max(m);
    if (lane == 0) red[warp] = m;
    __syncthreads();
    if (warp == 0) {
        m = lane < NWARPS ? red[lane] : -INFINITY;
        m = warp_max(m);
        if (lane == 0) red[0] = m;
    }
    __syncthreads();
    m = red[0];

    float s = 0.f;
    for (int c = tid; c < ncols; c += BLOCK) s += __expf(xr[c] - m);
    s = warp_sum(s);
    if (lane == 0) red[warp] = s;
    __syncthreads();
    if (warp == 0) {
        s = lane < NWARPS ? red[lane] : 0.f;
        s = warp_sum(s);
        if (lane == 0) red[0] = s;
    }
    __syncthreads();
    const float inv = 1.f / red[0];
    for (int c = tid; c < ncols; c += BLOCK) yr[c] = __expf(xr[c] - m) * inv;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
softmax_row_ok(const float* __restrict__ x, float* __restrict__ y, int ncols)
{
    __shared__ float red_max[32];
    __shared__ float red_sum[32];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const float* xr = x + (size_t)blockIdx.x * ncols;
    float* yr = y + (size_t)blockIdx.x * ncols;

    float m = -INFINITY;
    for (int c = tid; c < ncols; c += BLOCK) m = fmaxf(m, xr[c]);
    m = warp_max(m);
    if (lane == 0) red_max[warp] = m;
    __syncthreads();
    if (warp == 0) {
        m = lane < NWARPS ? red_max[lane] : -INFINITY;
        m = warp_max(m);
        if (lane == 0) red_max[0] = m;
    }
    __syncthreads();
    m = red_max[0];

    float s = 0.f;
    for (int c = tid; c < ncols; c += BLOCK) s += __expf(xr[c] - m);
    s = warp_sum(s);
    if (lane == 0) red_sum[warp] = s;
    __syncthreads();
    if (warp == 0) {
        s = lane < NWARPS ? red_sum[lane] : 0.f;
        s = warp_sum(s);
        if (lane == 0) red_sum[0] = s;
    }
    __syncthreads();
    const float inv = 1.f / red_sum[0];
    for (int c = tid; c < ncols; c += BLOCK) yr[c] = __expf(xr[c] - m) * inv;
}
