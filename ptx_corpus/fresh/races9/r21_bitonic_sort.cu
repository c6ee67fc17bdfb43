// In-block bitonic sort of 256 floats (ascending), one key per thread.
// Compare-exchange steps whose partner distance j is below the warp size stay
// inside a warp and only need a warp barrier.
// Launch: blockDim.x = 256 exactly (N), gridDim.x = number of 256-key segments.
#include <cuda_runtime.h>

#define N 256

extern "C" __global__ void __launch_bounds__(N)
bitonic256_race(float* __restrict__ keys)
{
    __shared__ float s[N];
    const int tid = threadIdx.x;
    float* seg = keys + (size_t)blockIdx.x * N;

    s[tid] = seg[tid];
    __syncthreads();

    for (int k = 2; k <= N; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            const int ixj = tid ^ j;
            if (ixj > tid) {
                const float a = s[tid], b = s[ixj];
                const bool up = (tid & k) == 0;
                s[tid] = up ? fminf(a, b) : fmaxf(a, b);
                s[ixj] = up ? fmaxf(a, b) : fminf(a, b);
            }
            if (j >= 32) __syncthreads();
            else         __syncwarp();
        }
    }
    seg[tid] = s[tid];
}

extern "C" __global__ void __launch_bounds__(N)
bitonic256_ok(float* __restrict__ keys)
{
    __shared__ float s[N];
    const int tid = threadIdx.x;
    float* seg = keys + (size_t)blockIdx.x * N;

    s[tid] = seg[tid];
    __syncthreads();

    for (int k = 2; k <= N; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            const int ixj = tid ^ j;
            if (ixj > tid) {
                const float a = s[tid], b = s[ixj];
                const bool up = (tid & k) == 0;
                s[tid] = up ? fminf(a, b) : fmaxf(a, b);
                s[ixj] = up ? fmaxf(a, b) : fminf(a, b);
            }
            // block barrier whenever this step or the next one (j == 1 is
            // followed by j = k of the next stage) crosses warps
            if (j >= 32 || (j == 1 && k >= 32)) __syncthreads();
            else                                __syncwarp();
        }
    }
    seg[tid] = s[tid];
}
