// Code written against the warpSize built-in instead of the constant 32: nvcc emits the PTX
// constant WARP_SZ for it. Each warp sums its slice with a strided loop and shuffles.
extern "C" __global__ void warpsize_lanes(const float *in, float *out, int per_warp, int nwarps)
{
    int lane = threadIdx.x % warpSize;
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
    if (warp >= nwarps)
        return;
    float s = 0.0f;
    for (int j = lane; j < per_warp; j += warpSize)
        s += in[(size_t)warp * per_warp + j];
    for (int o = warpSize / 2; o > 0; o /= 2)
        s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0)
        out[warp] = s;
}
