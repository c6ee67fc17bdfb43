// arch: sm_80
// Launch: blockDim = (256,1,1), gridDim = (any,1,1), n arbitrary.
//         64-bin byte histogram (bin = byte & 63). Warp-aggregated updates: lanes
//         holding the same bin are grouped with __match_any_sync and only the
//         group leader updates the shared histogram with the group size.
//         hist (64 entries, global) must be zeroed before launch.
//         Labels hold for inputs in which the same bin occurs in two warps
//         (e.g. all bytes equal).

#define HBINS   64
#define HTHREADS 256
#define HWARPS  (HTHREADS / 32)

extern "C" __global__ void __launch_bounds__(HTHREADS)
hist_match_race(const unsigned char* __restrict__ data, int n, unsigned* __restrict__ hist)
{
    __shared__ unsigned s_hist[HBINS];
    const int tid  = threadIdx.x;
    const int lane = tid & 31;

    for (int i = tid; i < HBINS; i += blockDim.x) s_hist[i] = 0;
    __syncthreads();

    const int stride = gridDim.x * blockDim.x;
    for (int base = blockIdx.x * blockDim.x; base < n; base += stride) {
        const int i   = base + tid;
        const int bin = (i < n) ? (data[i] & (HBINS - 1)) : -1;
        const unsigned peers  = __match_any_sync(0xffffffffu, bin);
        const int      leader = __ffs(peers) - 1;
        if (bin >= 0 && lane == leader)
            s_hist[bin] += __popc(peers);
    }
    __syncthreads();

    for (int i = tid; i < HBINS; i += blockDim.x)
        atomicAdd(&hist[i], s_hist[i]);
}

extern "C" __global__ void __launch_bounds__(HTHREADS)
hist_match_ok(const unsigned char* __restrict__ data, int n, unsigned* __restrict__ hist)
{
    __shared__ unsigned s_hist[HWARPS][HBINS];
    const int tid  = threadIdx.x;
    const int lane = tid & 31;
    const int warp = tid >> 5;

    unsigned* my = s_hist[warp];
    for (int i = lane; i < HBINS; i += 32) my[i] = 0;
    __syncwarp();

    const int stride = gridDim.x * blockDim.x;
    for (int base = blockIdx.x * blockDim.x; base < n; base += stride) {
        const int i   = base + tid;
        const int bin = (i < n) ? (data[i] & (HBINS - 1)) : -1;
        const unsigned peers  = __match_any_sync(0xffffffffu, bin);
        const int      leader = __ffs(peers) - 1;
        if (bin >= 0 && lane == leader)
            my[bin] += __popc(peers);
        __syncwarp();
    }
    __syncthreads();

    for (int i = tid; i < HBINS; i += blockDim.x) {
        unsigned s = 0;
#pragma unroll
        for (int w = 0; w < HWARPS; ++w) s += s_hist[w][i];
        atomicAdd(&hist[i], s);
    }
}
