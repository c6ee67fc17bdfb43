// r01_portfolio_reduce.cu
//
// Portfolio mark-to-market P&L reduction (finance).
// Each thread accumulates qty[i] * (px_new[i] - px_old[i]) over a grid-stride
// range (two elements per thread per step, as in the CUDA SDK "reduce6"
// kernel); the block then tree-reduces the per-thread sums in shared memory
// (compile-time block size, unrolled warp-level tail) and writes one partial
// sum per block. A second tiny launch (or the host) adds up the partials.
//
// Launch configuration:
//   blockDim = (256,1,1)  (must equal the compile-time BLOCK)
//   gridDim  = (min(1024, ceil(n / 512)),1,1)
//   n        = 1<<24 positions, no dynamic shared memory.

#define BLOCK 256

template <unsigned BS>
__device__ __forceinline__ float pnl_thread_sum(const float* __restrict__ qty,
                                                const float* __restrict__ px_old,
                                                const float* __restrict__ px_new,
                                                unsigned n)
{
    unsigned i = blockIdx.x * (BS * 2) + threadIdx.x;
    const unsigned gridSize = BS * 2 * gridDim.x;
    float sum = 0.f;
    while (i < n) {
        sum += qty[i] * (px_new[i] - px_old[i]);
        if (i + BS < n) sum += qty[i + BS] * (px_new[i + BS] - px_old[i + BS]);
        i += gridSize;
    }
    return sum;
}

template <unsigned BS>
__device__ __forceinline__ float block_tree_reduce_v1(float* sdata, float sum)
{
    const unsigned tid = threadIdx.x;
    sdata[tid] = sum;
    __syncthreads();
    if (BS >= 512) { if (tid < 256) sdata[tid] = sum = sum + sdata[tid + 256]; __syncthreads(); }
    if (BS >= 256) { if (tid < 128) sdata[tid] = sum = sum + sdata[tid + 128]; __syncthreads(); }
    if (BS >= 128) { if (tid <  64) sdata[tid] = sum = sum + sdata[tid +  64]; __syncthreads(); }
    if (tid < 32) {
        // last warp: warp-synchronous unrolled tail
        if (BS >= 64) sdata[tid] = sum = sum + sdata[tid + 32];
        if (BS >= 32) sdata[tid] = sum = sum + sdata[tid + 16];
        if (BS >= 16) sdata[tid] = sum = sum + sdata[tid +  8];
        if (BS >=  8) sdata[tid] = sum = sum + sdata[tid +  4];
        if (BS >=  4) sdata[tid] = sum = sum + sdata[tid +  2];
        if (BS >=  2) sdata[tid] = sum = sum + sdata[tid +  1];
    }
    return sum;
}

template <unsigned BS>
__device__ __forceinline__ float block_tree_reduce_v2(float* sdata, float sum)
{
    const unsigned tid = threadIdx.x;
    sdata[tid] = sum;
    __syncthreads();
    if (BS >= 512) { if (tid < 256) sdata[tid] = sum = sum + sdata[tid + 256]; __syncthreads(); }
    if (BS >= 256) { if (tid < 128) sdata[tid] = sum = sum + sdata[tid + 128]; __syncthreads(); }
    if (BS >= 128) { if (tid <  64) sdata[tid] = sum = sum + sdata[tid +  64]; __syncthreads(); }
    if (tid < 32) {
        // last warp: warp-synchronous unrolled tail
        if (BS >= 64) { sum += sdata[tid + 32]; __syncwarp(); sdata[tid] = sum; __syncwarp(); }
        if (BS >= 32) { sum += sdata[tid + 16]; __syncwarp(); sdata[tid] = sum; __syncwarp(); }
        if (BS >= 16) { sum += sdata[tid +  8]; __syncwarp(); sdata[tid] = sum; __syncwarp(); }
        if (BS >=  8) { sum += sdata[tid +  4]; __syncwarp(); sdata[tid] = sum; __syncwarp(); }
        if (BS >=  4) { sum += sdata[tid +  2]; __syncwarp(); sdata[tid] = sum; __syncwarp(); }
        if (BS >=  2) { sum += sdata[tid +  1]; __syncwarp(); sdata[tid] = sum; __syncwarp(); }
    }
    return sum;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
portfolio_reduce_race(const float* __restrict__ qty,
                      const float* __restrict__ px_old,
                      const float* __restrict__ px_new,
                      float* __restrict__ block_pnl,
                      unsigned n)
{
    __shared__ float sdata[BLOCK];
    float sum = pnl_thread_sum<BLOCK>(qty, px_old, px_new, n);
    sum = block_tree_reduce_v1<BLOCK>(sdata, sum);
    if (threadIdx.x == 0) block_pnl[blockIdx.x] = sum;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
portfolio_reduce_ok(const float* __restrict__ qty,
                    const float* __restrict__ px_old,
                    const float* __restrict__ px_new,
                    float* __restrict__ block_pnl,
                    unsigned n)
{
    __shared__ float sdata[BLOCK];
    float sum = pnl_thread_sum<BLOCK>(qty, px_old, px_new, n);
    sum = block_tree_reduce_v2<BLOCK>(sdata, sum);
    if (threadIdx.x == 0) block_pnl[blockIdx.x] = sum;
}
