// 256-bin byte histogram with a privatised shared-memory histogram per block.
// Each block writes its private histogram to partial[blockIdx.x*256 + bin] (summed later by another kernel).
// Launch: blockDim = (256,1,1) (compile-time BLOCK), any gridDim.x >= 1, no dynamic shared memory; any n >= 0,
// data[] arbitrary bytes.
#define BLOCK 256
#define NBINS 256

extern "C" __global__ void __launch_bounds__(BLOCK)
hist256_race(const unsigned char* __restrict__ data, int n, unsigned* __restrict__ partial)
{
    __shared__ unsigned h[NBINS];
    for (int i = threadIdx.x; i < NBINS; i += BLOCK) h[i] = 0;
    __syncthreads();

    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK)
        atomicAdd(&h[data[i]], 1u);

    for (int i = threadIdx.x; i < NBINS; i += BLOCK)
        partial[blockIdx.x * NBINS + i] = h[i];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
hist256_ok(const unsigned char* __restrict__ data, int n, unsigned* __restrict__ partial)
{
    __shared__ unsigned h[NBINS];
    for (int i = threadIdx.x; i < NBINS; i += BLOCK) h[i] = 0;
    __syncthreads();

    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK)
        atomicAdd(&h[data[i]], 1u);
    __syncthreads();

    for (int i = threadIdx.x; i < NBINS; i += BLOCK)
        partial[blockIdx.x * NBINS + i] = h[i];
}
