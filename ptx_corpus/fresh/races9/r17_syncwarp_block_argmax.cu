// Block-wide argmax: shuffle reduction inside each warp, then warp 0 combines
// the 8 per-warp winners staged in shared memory.
// Launch: blockDim.x = 256 exactly, any gridDim.x; one (value, index) per block.
#include <cuda_runtime.h>
#include <math.h>

#define BLOCK 256
#define NWARPS (BLOCK / 32)

static __device__ __forceinline__ void warp_argmax(float& v, int& i)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        const float ov = __shfl_xor_sync(0xffffffffu, v, o);
        const int   oi = __shfl_xor_sync(0xffffffffu, i, o);
        if (ov > v || (ov == v && oi < i)) { v = ov; i = oi; }
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
block_argmax_race(const float* __restrict__ x, float* __restrict__ best,
                  int* __restrict__ best_idx, int n)
{
    __shared__ float s_val[NWARPS];
    __shared__ int   s_idx[NWARPS];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;

    float v = -INFINITY;
    int idx = 0x7fffffff;
    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK) {
        const float xi = x[i];
        if (xi > v) { v = xi; idx = i; }
    }
    warp_argmax(v, idx);
    if (lane == 0) { s_val[warp] = v; s_idx[warp] = idx; }
    __syncwarp();

    if (warp == 0) {
        v   = (lane < NWARPS) ? s_val[lane] : -INFINITY;
        idx = (lane < NWARPS) ? s_idx[lane] : 0x7fffffff;
        warp_argmax(v, idx);
        if (lane == 0) { best[blockIdx.x] = v; best_idx[blockIdx.x] = idx; }
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
block_argmax_ok(const float* __restrict__ x, float* __restrict__ best,
                int* __restrict__ best_idx, int n)
{
    __shared__ float s_val[NWARPS];
    __shared__ int   s_idx[NWARPS];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;

    float v = -INFINITY;
    int idx = 0x7fffffff;
    for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK) {
        const float xi = x[i];
        if (xi > v) { v = xi; idx = i; }
    }
    warp_argmax(v, idx);
    if (lane == 0) { s_val[warp] = v; s_idx[warp] = idx; }
    __syncthreads();

    if (warp == 0) {
        v   = (lane < NWARPS) ? s_val[lane] : -INFINITY;
        idx = (lane < NWARPS) ? s_idx[lane] : 0x7fffffff;
        warp_argmax(v, idx);
        if (lane == 0) { best[blockIdx.x] = v; best_idx[blockIdx.x] = idx; }
    }
}
