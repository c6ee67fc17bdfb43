// Block-level segmented inclusive sum scan (head-flag representation), Hillis-Steele style.
#include <cuda_runtime.h>

#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
segmented_scan_race(const float* __restrict__ vals, const int* __restrict__ head_flags,
                    float* __restrict__ out, int n)
{
    __shared__ float s_val[2][BLOCK];
    __shared__ int   s_flag[BLOCK];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;

    s_val[0][tid] = (gid < n) ? vals[gid] : 0.0f;
    s_flag[tid]   = (gid < n) ? (head_flags[gid] != 0) : 1;
    __syncthreads();

    int pout = 0;
    for (int off = 1; off < BLOCK; off <<= 1) {
        const int pin = pout;
        pout ^= 1;
        float v = s_val[pin][tid];
        int   f = s_flag[tid];
        if (tid >= off) {
            if (!f) v += s_val[pin][tid - off];
            f |= s_flag[tid - off];
        }
        s_val[pout][tid] = v;
        s_flag[tid] = f;
        __syncthreads();
    }
    if (gid < n)
        out[gid] = s_val[pout][tid];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
segmented_scan_ok(const float* __restrict__ vals, const int* __restrict__ head_flags,
                  float* __restrict__ out, int n)
{
    __shared__ float s_val[2][BLOCK];
    __shared__ int   s_flag[2][BLOCK];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;

    s_val[0][tid]  = (gid < n) ? vals[gid] : 0.0f;
    s_flag[0][tid] = (gid < n) ? (head_flags[gid] != 0) : 1;
    __syncthreads();

    int pout = 0;
    for (int off = 1; off < BLOCK; off <<= 1) {
        const int pin = pout;
        pout ^= 1;
        float v = s_val[pin][tid];
        int   f = s_flag[pin][tid];
        if (tid >= off) {
            if (!f) v += s_val[pin][tid - off];
            f |= s_flag[pin][tid - off];
        }
        s_val[pout][tid]  = v;
        s_flag[pout][tid] = f;
        __syncthreads();
    }
    if (gid < n)
        out[gid] = s_val[pout][tid];
}
