// r12: 64-bin histogram of bytes (bin = byte >> 2), privatized per block in shared memory with
// shared atomics, then flushed to the global histogram.
// Launch: any 1-D blockDim.x (typ. 512), grid e.g. 2*#SMs, n >= gridDim.x*blockDim.x.
#define NBINS 64

extern "C" __global__ void histogram_priv_race(const unsigned char* __restrict__ data,
                                               unsigned int* __restrict__ hist, int n)
{
    __shared__ unsigned int s_hist[NBINS];
    for (int i = threadIdx.x; i < NBINS; i += blockDim.x) s_hist[i] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&s_hist[data[i] >> 2], 1u);
    for (int i = threadIdx.x; i < NBINS; i += blockDim.x) {
        const unsigned int c = s_hist[i];
        if (c) atomicAdd(&hist[i], c);
    }
}

extern "C" __global__ void histogram_priv_ok(const unsigned char* __restrict__ data,
                                             unsigned int* __restrict__ hist, int n)
{
    __shared__ unsigned int s_hist[NBINS];
    for (int i = threadIdx.x; i < NBINS; i += blockDim.x) s_hist[i] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&s_hist[data[i] >> 2], 1u);
    __syncthreads();
    for (int i = threadIdx.x; i < NBINS; i += blockDim.x) {
        const unsigned int c = s_hist[i];
        if (c) atomicAdd(&hist[i], c);
    }
}
