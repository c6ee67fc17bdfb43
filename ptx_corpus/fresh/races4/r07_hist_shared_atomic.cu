// 256-bin byte histogram with a per-block privatised copy of the bins in shared memory.
// Input is read as uchar4 (n4 words) plus an unaligned byte tail handled by block 0.
// Assumed launch: 1-D, any blockDim.x, any gridDim.x; g_hist[256] zeroed before launch.

#define HB_BINS 256

extern "C" __global__ void
hist_shared_atomic_race(const uchar4* __restrict__ data4, unsigned n4,
                        const unsigned char* __restrict__ tail, unsigned ntail,
                        unsigned* __restrict__ g_hist)
{
    __shared__ unsigned s_hist[HB_BINS];
    for (unsigned i = threadIdx.x; i < HB_BINS; i += blockDim.x) s_hist[i] = 0u;

    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        const uchar4 v = data4[i];
        atomicAdd(&s_hist[v.x], 1u);
        atomicAdd(&s_hist[v.y], 1u);
        atomicAdd(&s_hist[v.z], 1u);
        atomicAdd(&s_hist[v.w], 1u);
    }
    if (blockIdx.x == 0)
        for (unsigned i = threadIdx.x; i < ntail; i += blockDim.x) atomicAdd(&s_hist[tail[i]], 1u);
    __syncthreads();

    for (unsigned i = threadIdx.x; i < HB_BINS; i += blockDim.x) {
        const unsigned c = s_hist[i];
        if (c) atomicAdd(&g_hist[i], c);
    }
}

extern "C" __global__ void
hist_shared_atomic_ok(const uchar4* __restrict__ data4, unsigned n4,
                      const unsigned char* __restrict__ tail, unsigned ntail,
                      unsigned* __restrict__ g_hist)
{
    __shared__ unsigned s_hist[HB_BINS];
    for (unsigned i = threadIdx.x; i < HB_BINS; i += blockDim.x) s_hist[i] = 0u;
    __syncthreads();

    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        const uchar4 v = data4[i];
        atomicAdd(&s_hist[v.x], 1u);
        atomicAdd(&s_hist[v.y], 1u);
        atomicAdd(&s_hist[v.z], 1u);
        atomicAdd(&s_hist[v.w], 1u);
    }
    if (blockIdx.x == 0)
        for (unsigned i = threadIdx.x; i < ntail; i += blockDim.x) atomicAdd(&s_hist[tail[i]], 1u);
    __syncthreads();

    for (unsigned i = threadIdx.x; i < HB_BINS; i += blockDim.x) {
        const unsigned c = s_hist[i];
        if (c) atomicAdd(&g_hist[i], c);
    }
}
