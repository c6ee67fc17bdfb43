// k-th largest value of each row (radix select, 8 bits per pass, as used for top-k).
// One 256-thread block per row; a 256-bin shared histogram per pass.
#include <cuda_runtime.h>

#define BLOCK 256
#define RADIX 256

__device__ __forceinline__ unsigned to_ordered(float f)
{
    unsigned u = __float_as_uint(f);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}
__device__ __forceinline__ float from_ordered(unsigned u)
{
    return __uint_as_float((u & 0x80000000u) ? (u & 0x7fffffffu) : ~u);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
radix_select_race(const float* __restrict__ in, int n, int k, float* __restrict__ kth)
{
    __shared__ int s_hist[RADIX];
    __shared__ unsigned s_desired;
    __shared__ int s_k;
    const int tid = threadIdx.x;
    const float* row = in + (size_t)blockIdx.x * n;

    unsigned desired = 0, mask = 0;
    int kk = k;
    s_hist[tid] = 0;
    __syncthreads();

    for (int shift = 24; shift >= 0; shift -= 8) {
        for (int i = tid; i < n; i += BLOCK) {
            unsigned u = to_ordered(row[i]);
            if ((u & mask) == desired)
                atomicAdd(&s_hist[(u >> shift) & (RADIX - 1)], 1);
        }
        __syncthreads();

        if (tid == 0) {
            int cum = 0;
            for (int b = RADIX - 1; b >= 0; --b) {
                int c = s_hist[b];
                if (cum + c >= kk) {
                    s_desired = desired | ((unsigned)b << shift);
                    s_k = kk - cum;
                    break;
                }
                cum += c;
            }
        }
        __syncthreads();

        desired = s_desired;
        kk = s_k;
        mask |= (unsigned)(RADIX - 1) << shift;
        s_hist[tid] = 0;
    }
    if (tid == 0)
        kth[blockIdx.x] = from_ordered(desired);
}

extern "C" __global__ void __launch_bounds__(BLOCK)
radix_select_ok(const float* __restrict__ in, int n, int k, float* __restrict__ kth)
{
    __shared__ int s_hist[RADIX];
    __shared__ unsigned s_desired;
    __shared__ int s_k;
    const int tid = threadIdx.x;
    const float* row = in + (size_t)blockIdx.x * n;

    unsigned desired = 0, mask = 0;
    int kk = k;
    s_hist[tid] = 0;
    __syncthreads();

    for (int shift = 24; shift >= 0; shift -= 8) {
        for (int i = tid; i < n; i += BLOCK) {
            unsigned u = to_ordered(row[i]);
            if ((u & mask) == desired)
                atomicAdd(&s_hist[(u >> shift) & (RADIX - 1)], 1);
        }
        __syncthreads();

        if (tid == 0) {
            int cum = 0;
            for (int b = RADIX - 1; b >= 0; --b) {
                int c = s_hist[b];
                if (cum + c >= kk) {
                    s_desired = desired | ((unsigned)b << shift);
                    s_k = kk - cum;
                    break;
                }
                cum += c;
            }
        }
        __syncthreads();

        desired = s_desired;
        kk = s_k;
        mask |= (unsigned)(RADIX - 1) << shift;
        s_hist[tid] = 0;
        __syncthreads();
    }
    if (tid == 0)
        kth[blockIdx.x] = from_ordered(desired);
}
