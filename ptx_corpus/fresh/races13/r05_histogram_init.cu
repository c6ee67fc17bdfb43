// 256-bin byte histogram with per-block privatised bins in shared memory
// (style of the SDK histogram256 / "shared atomics" histogram).
// Launch (both kernels): blockDim = 192, gridDim = 120, n = 1<<24 random bytes
// (every bin value occurs), grid-stride loop. g_hist has 256 entries, pre-zeroed.
#define NBINS 256

extern "C" __global__ void hist256_race(const unsigned char* __restrict__ data, unsigned n,
                                        unsigned* __restrict__ g_hist)
{
    __shared__ unsigned s_hist[NBINS];
    for (unsigned b = threadIdx.x; b < NBINS; b += blockDim.x)
        s_hist[b] = 0;
    // missing __syncthreads(): other threads may already be counting

    unsigned stride = blockDim.x * gridDim.x;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&s_hist[data[i]], 1u);
    __syncthreads();

    for (unsigned b = threadIdx.x; b < NBINS; b += blockDim.x)
        atomicAdd(&g_hist[b], s_hist[b]);
}

extern "C" __global__ void hist256_ok(const unsigned char* __restrict__ data, unsigned n,
                                      unsigned* __restrict__ g_hist)
{
    __shared__ unsigned s_hist[NBINS];
    for (unsigned b = threadIdx.x; b < NBINS; b += blockDim.x)
        s_hist[b] = 0;
    __syncthreads();

    unsigned stride = blockDim.x * gridDim.x;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&s_hist[data[i]], 1u);
    __syncthreads();

    for (unsigned b = threadIdx.x; b < NBINS; b += blockDim.x)
        atomicAdd(&g_hist[b], s_hist[b]);
}
