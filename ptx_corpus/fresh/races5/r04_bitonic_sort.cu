// In-shared-memory bitonic sort of 512 keys per block (256 threads, one compare-exchange each per step).
// Steps whose partner distance j <= 32 stay inside a 64-key window owned by one warp,
// so they only need warp-level synchronisation.
#include <cuda_runtime.h>

#define THREADS 256
#define NKEYS   (2 * THREADS)

__device__ __forceinline__ void cmp_exchange(float* s, int pos, int j, int k)
{
    float a = s[pos];
    float b = s[pos + j];
    bool up = ((pos & k) == 0);
    float lo = fminf(a, b), hi = fmaxf(a, b);
    s[pos]     = up ? lo : hi;
    s[pos + j] = up ? hi : lo;
}

extern "C" __global__ void __launch_bounds__(THREADS)
bitonic_sort_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[NKEYS];
    const int tid = threadIdx.x;
    const float* src = in + blockIdx.x * NKEYS;

    s[tid]           = src[tid];
    s[tid + THREADS] = src[tid + THREADS];
    __syncthreads();

    for (int k = 2; k <= NKEYS; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            int pos = ((tid & ~(j - 1)) << 1) | (tid & (j - 1));
            cmp_exchange(s, pos, j, k);
            if (j > 32)
                __syncthreads();
            else
                __syncwarp();
        }
    }
    __syncthreads();

    float* dst = out + blockIdx.x * NKEYS;
    dst[tid]           = s[tid];
    dst[tid + THREADS] = s[tid + THREADS];
}

extern "C" __global__ void __launch_bounds__(THREADS)
bitonic_sort_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[NKEYS];
    const int tid = threadIdx.x;
    const float* src = in + blockIdx.x * NKEYS;

    s[tid]           = src[tid];
    s[tid + THREADS] = src[tid + THREADS];
    __syncthreads();

    for (int k = 2; k <= NKEYS; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            int pos = ((tid & ~(j - 1)) << 1) | (tid & (j - 1));
            cmp_exchange(s, pos, j, k);
            // the next step has distance j/2, or k when this was the last step of stage k
            int next_j = (j > 1) ? (j >> 1) : k;
            if (j > 32 || next_j > 32)
                __syncthreads();
            else
                __syncwarp();
        }
    }

    float* dst = out + blockIdx.x * NKEYS;
    dst[tid]           = s[tid];
    dst[tid + THREADS] = s[tid + THREADS];
}
