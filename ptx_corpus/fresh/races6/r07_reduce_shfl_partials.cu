// r07: grid-stride sum: warp shuffle reduction, one partial per warp in shared memory,
// then warp 0 reduces the partials and atomically adds to *out.
// Launch: blockDim.x a multiple of 32, <= 1024 (typ. 1024), any grid.
__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(1024)
reduce_shfl_partials_race(const float* __restrict__ x, float* __restrict__ out, int n)
{
    __shared__ float s_warp[32];
    const int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    const int nw = blockDim.x >> 5;
    float v = 0.f;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x)
        v += x[i];
    v = warp_sum(v);
    if (lane == 0) s_warp[wid] = v;
    __syncwarp();
    if (wid == 0) {
        v = (lane < nw) ? s_warp[lane] : 0.f;
        v = warp_sum(v);
        if (lane == 0) atomicAdd(out, v);
    }
}

extern "C" __global__ void __launch_bounds__(1024)
reduce_shfl_partials_ok(const float* __restrict__ x, float* __restrict__ out, int n)
{
    __shared__ float s_warp[32];
    const int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    const int nw = blockDim.x >> 5;
    float v = 0.f;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x)
        v += x[i];
    v = warp_sum(v);
    if (lane == 0) s_warp[wid] = v;
    __syncthreads();
    if (wid == 0) {
        v = (lane < nw) ? s_warp[lane] : 0.f;
        v = warp_sum(v);
        if (lane == 0) atomicAdd(out, v);
    }
}
