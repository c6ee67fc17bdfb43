// Row softmax, one 256-thread block per row of 2048 floats, each thread keeps 8
// values in registers; block max and block sum via warp shuffles + shared memory.
// Launch (both kernels): blockDim = 256 (8 warps), gridDim = rows = 4096, cols = 2048.
#define THREADS 256
#define NWARPS (THREADS / 32)
#define VPT 8

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

extern "C" __global__ void __launch_bounds__(THREADS)
softmax_row_race(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    __shared__ float s_red[32];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float v[VPT];
    float m = -INFINITY;
#pragma unroll
    for (int i = 0; i < VPT; ++i) { v[i] = xr[i * THREADS + tid]; m = fmaxf(m, v[i]); }

    m = warp_max(m);
    if (lane == 0) s_red[warp] = m;
    __syncthreads();
    if (warp == 0) {
        m = (lane < NWARPS) ? s_red[lane] : -INFINITY;
        m = warp_max(m);
        if (lane == 0) s_red[0] = m;
    }
    __syncthreads();
    m = s_red[0];

    float s = 0.f;
#pragma unroll
    for (int i = 0; i < VPT; ++i) { v[i] = __expf(v[i] - m); s += v[i]; }
    s = warp_sum(s);
    if (lane == 0) s_red[warp] = s;        // reuses s_red while others may still read s_red[0]
    __syncthreads();
    if (warp == 0) {
        s = (lane < NWARPS) ? s_red[lane] : 0.f;
        s = warp_sum(s);
        if (lane == 0) s_red[0] = s;
    }
    __syncthreads();
    float inv = 1.f / s_red[0];
    float* yr = y + (size_t)blockIdx.x * cols;
#pragma unroll
    for (int i = 0; i < VPT; ++i) yr[i * THREADS + tid] = v[i] * inv;
}

extern "C" __global__ void __launch_bounds__(THREADS)
softmax_row_ok(const float* __restrict__ x, float* __restrict__ y, int cols)
{
    __shared__ float s_max[32];
    __shared__ float s_sum[32];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const float* xr = x + (size_t)blockIdx.x * cols;
    float v[VPT];
    float m = -INFINITY;
#pragma unroll
    for (int i = 0; i < VPT; ++i) { v[i] = xr[i * THREADS + tid]; m = fmaxf(m, v[i]); }

    m = warp_max(m);
    if (lane == 0) s_max[warp] = m;
    __syncthreads();
    if (warp == 0) {
        m = (lane < NWARPS) ? s_max[lane] : -INFINITY;
        m = warp_max(m);
        if (lane == 0) s_max[0] = m;
    }
    __syncthreads();
    m = s_max[0];

    float s = 0.f;
#pragma unroll
    for (int i = 0; i < VPT; ++i) { v[i] = __expf(v[i] - m); s += v[i]; }
    s = warp_sum(s);
    if (lane == 0) s_sum[warp] = s;        // separate buffer: no barrier needed after reading s_max[0]
    __syncthreads();
    if (warp == 0) {
        s = (lane < NWARPS) ? s_sum[lane] : 0.f;
        s = warp_sum(s);
        if (lane == 0) s_sum[0] = s;
    }
    __syncthreads();
    float inv = 1.f / s_sum[0];
    float* yr = y + (size_t)blockIdx.x * cols;
#pragma unroll
    for (int i = 0; i < VPT; ++i) yr[i * THREADS + tid] = v[i] * inv;
}
