// arch: sm_80
// Launch: blockDim = (256,1,1) (8 warps), gridDim = (rows,1,1), one block per row,
//         cols arbitrary (>= 1). Numerically stable row softmax: block max, then
//         block sum of exp, both via warp shuffles + a small shared scratch array.

#define SM_THREADS 256

__device__ __forceinline__ float warp_max(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(SM_THREADS)
softmax_row_race(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    __shared__ float red[32];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int nwarps = blockDim.x >> 5;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float*       yr = y + (size_t)blockIdx.x * cols;

    float m = -INFINITY;
    for (int c = tid; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
    m = warp_max(m);
    if (lane == 0) red[warp] = m;
    __syncthreads();
    if (warp == 0) {
        m = (lane < nwarps) ? red[lane] : -INFINITY;
        m = warp_max(m);
        if (lane == 0) red[0] = m;
    }
    __syncthreads();
    const float row_max = red[0];

    float s = 0.0f;
    for (int c = tid; c < cols; c += blockDim.x) s += __expf(xr[c] - row_max);
    s = warp_sum(s);
    if (lane == 0) red[warp] = s;
    __syncthreads();
    if (warp == 0) {
        s = (lane < nwarps) ? red[lane] : 0.0f;
        s = warp_sum(s);
        if (lane == 0) red[0] = s;
    }
    __syncthreads();
    const float inv = 1.0f / red[0];

    for (int c = tid; c < cols; c += blockDim.x) yr[c] = __expf(xr[c] - row_max) * inv;
}

extern "C" __global__ void __launch_bounds__(SM_THREADS)
softmax_row_ok(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    __shared__ float red[33];          // red[0..31]: per-warp partials, red[32]: broadcast
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int nwarps = blockDim.x >> 5;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float*       yr = y + (size_t)blockIdx.x * cols;

    float m = -INFINITY;
    for (int c = tid; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
    m = warp_max(m);
    if (lane == 0) red[warp] = m;
    __syncthreads();
    if (warp == 0) {
        m = (lane < nwarps) ? red[lane] : -INFINITY;
        m = warp_max(m);
        if (lane == 0) red[32] = m;
    }
    __syncthreads();
    const float row_max = red[32];

    float s = 0.0f;
    for (int c = tid; c < cols; c += blockDim.x) s += __expf(xr[c] - row_max);
    s = warp_sum(s);
    if (lane == 0) red[warp] = s;
    __syncthreads();
    if (warp == 0) {
        s = (lane < nwarps) ? red[lane] : 0.0f;
        s = warp_sum(s);
        if (lane == 0) red[32] = s;
    }
    __syncthreads();
    const float inv = 1.0f / red[32];

    for (int c = tid; c < cols; c += blockDim.x) yr[c] = __expf(xr[c] - row_max) * inv;
}
