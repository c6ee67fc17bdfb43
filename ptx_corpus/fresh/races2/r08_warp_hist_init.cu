#define WH_THREADS 256
#define WH_WARPS (WH_THREADS / 32)
#define WH_BINS 256

extern "C" __global__ void __launch_bounds__(WH_THREADS)
byte_hist_race(const unsigned char* __restrict__ data, unsigned* __restrict__ hist, int n)
{
    __shared__ unsigned s_h[WH_WARPS][WH_BINS];
    int tid = threadIdx.x;
    unsigned* flat = &s_h[0][0];
    for (int i = tid; i < WH_WARPS * WH_BINS; i += WH_THREADS) flat[i] = 0u;

    int w = tid >> 5;
    for (int i = blockIdx.x * WH_THREADS + tid; i < n; i += gridDim.x * WH_THREADS)
        atomicAdd(&s_h[w][data[i]], 1u);
    __syncthreads();

    unsigned sum = 0;
#pragma unroll
    for (int k = 0; k < WH_WARPS; ++k) sum += s_h[k][tid];
    if (sum) atomicAdd(&hist[tid], sum);
}

extern "C" __global__ void __launch_bounds__(WH_THREADS)
byte_hist_ok(const unsigned char* __restrict__ data, unsigned* __restrict__ hist, int n)
{
    __shared__ unsigned s_h[WH_WARPS][WH_BINS];
    int tid = threadIdx.x;
    unsigned* flat = &s_h[0][0];
    for (int i = tid; i < WH_WARPS * WH_BINS; i += WH_THREADS) flat[i] = 0u;
    __syncthreads();

    int w = tid >> 5;
    for (int i = blockIdx.x * WH_THREADS + tid; i < n; i += gridDim.x * WH_THREADS)
        atomicAdd(&s_h[w][data[i]], 1u);
    __syncthreads();

    unsigned sum = 0;
#pragma unroll
    for (int k = 0; k < WH_WARPS; ++k) sum += s_h[k][tid];
    if (sum) atomicAdd(&hist[tid], sum);
}
