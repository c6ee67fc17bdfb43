// Histograms with per-block sub-histograms in shared memory (SDK histogram256 / histogram64 style).

// 256-bin byte histogram, one shared sub-histogram per block, shared atomics.
// Launch: blockDim = 192, gridDim = any; partial has gridDim.x * 256 entries
extern "C" __global__ void __launch_bounds__(192)
hist256_shared_atomic(const unsigned char* __restrict__ data, unsigned* __restrict__ partial, int n)
{
    __shared__ unsigned h[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) h[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&h[data[i]], 1u);
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
        partial[blockIdx.x * 256 + i] = h[i];
}

#define H64_WARPS 5
#define H64_BINS 64

// 64-bin histogram of the top 6 bits of each byte, one sub-histogram per warp.
// Launch: blockDim = 160 (5 warps), gridDim = any; partial has gridDim.x * 64 entries
extern "C" __global__ void __launch_bounds__(160)
hist_warp_subhist(const unsigned* __restrict__ data, unsigned* __restrict__ partial, int nwords)
{
    __shared__ unsigned sh[H64_WARPS * H64_BINS];
    int tid = threadIdx.x;
    for (int i = tid; i < H64_WARPS * H64_BINS; i += blockDim.x) sh[i] = 0;
    __syncthreads();
    unsigned* mine = sh + (tid >> 5) * H64_BINS;
    for (int i = blockIdx.x * blockDim.x + tid; i < nwords; i += blockDim.x * gridDim.x) {
        unsigned w = data[i];
        atomicAdd(&mine[(w >> 2) & 63u], 1u);
        atomicAdd(&mine[(w >> 10) & 63u], 1u);
        atomicAdd(&mine[(w >> 18) & 63u], 1u);
        atomicAdd(&mine[(w >> 26) & 63u], 1u);
    }
    __syncthreads();
    for (int b = tid; b < H64_BINS; b += blockDim.x) {
        unsigned s = 0;
        for (int wp = 0; wp < H64_WARPS; ++wp) s += sh[wp * H64_BINS + b];
        partial[blockIdx.x * H64_BINS + b] = s;
    }
}
