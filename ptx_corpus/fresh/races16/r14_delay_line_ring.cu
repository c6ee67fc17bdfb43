// arch: sm_80
// Launch: blockDim = (128,1,1) (4 warps), gridDim = (nch/4,1,1), niter = 64.
//         Feedback comb filter ("echo"), one audio channel per warp:
//           y[n] = x[n] + g * w[n-100],  w[n] = y[n]
//         processed 32 samples per iteration (one per lane). Each warp keeps the
//         last 1024 samples of w in its own 1024-float slice of a 4096-float
//         shared ring; warps never use __syncthreads. Channel c occupies
//         x[c*niter*32 .. (c+1)*niter*32).

#define DL_WARPS 4
#define DL_RING  1024
#define DL_DELAY 100

extern "C" __global__ void __launch_bounds__(128)
echo_ring_race(const float* __restrict__ x, float* __restrict__ y, int niter, float g)
{
    __shared__ float ring[DL_WARPS * DL_RING];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const size_t ch = (size_t)blockIdx.x * DL_WARPS + warp;
    const float* xc = x + ch * (size_t)niter * 32;
    float*       yc = y + ch * (size_t)niter * 32;

    for (int it = 0; it < niter; ++it) {
        const int pos = it * 32 + lane;
        const float in = xc[pos];
        float delayed = 0.0f;
        if (pos >= DL_DELAY)
            delayed = ring[(warp * DL_RING + pos - DL_DELAY) & (DL_WARPS * DL_RING - 1)];
        const float w = in + g * delayed;
        ring[(warp * DL_RING + pos) & (DL_WARPS * DL_RING - 1)] = w;
        yc[pos] = w;
        __syncwarp();
    }
}

extern "C" __global__ void __launch_bounds__(128)
echo_ring_ok(const float* __restrict__ x, float* __restrict__ y, int niter, float g)
{
    __shared__ float ring[DL_WARPS * DL_RING];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const size_t ch = (size_t)blockIdx.x * DL_WARPS + warp;
    const float* xc = x + ch * (size_t)niter * 32;
    float*       yc = y + ch * (size_t)niter * 32;

    for (int it = 0; it < niter; ++it) {
        const int pos = it * 32 + lane;
        const float in = xc[pos];
        float delayed = 0.0f;
        if (pos >= DL_DELAY)
            delayed = ring[warp * DL_RING + ((pos - DL_DELAY) & (DL_RING - 1))];
        const float w = in + g * delayed;
        ring[warp * DL_RING + (pos & (DL_RING - 1))] = w;
        yc[pos] = w;
        __syncwarp();
    }
}
