// Block-local LSD radix sort of 256 unsigned keys using 1-bit split passes:
// for each bit, keys with a 0 bit go first (stable), ranked by a block scan of
// the 0-flags.
// Launch: blockDim.x = 256 exactly, gridDim.x = number of 256-key segments,
// 0 <= nbits <= 32.
#include <cuda_runtime.h>

#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
radix_split_sort_race(unsigned* __restrict__ keys, int nbits)
{
    __shared__ unsigned s_keys[BLOCK];
    __shared__ unsigned s_scan[BLOCK];
    const int tid = threadIdx.x;
    unsigned* seg = keys + (size_t)blockIdx.x * BLOCK;

    s_keys[tid] = seg[tid];
    __syncthreads();

    for (int bit = 0; bit < nbits; ++bit) {
        const unsigned k = s_keys[tid];
        const unsigned zero = ((k >> bit) & 1u) ^ 1u;

        // inclusive scan of the zero flags
        s_scan[tid] = zero;
        __syncthreads();
        for (int off = 1; off < BLOCK; off <<= 1) {
            const unsigned t = (tid >= off) ? s_scan[tid - off] : 0u;
            __syncthreads();
            s_scan[tid] += t;
            __syncthreads();
        }

        const unsigned nzeros = s_scan[BLOCK - 1];
        const unsigned zbefore = s_scan[tid] - zero;
        const unsigned pos = zero ? zbefore : nzeros + (tid - zbefore);
        s_keys[pos] = k;
    }
    __syncthreads();
    seg[tid] = s_keys[tid];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
radix_split_sort_ok(unsigned* __restrict__ keys, int nbits)
{
    __shared__ unsigned s_keys[BLOCK];
    __shared__ unsigned s_scan[BLOCK];
    const int tid = threadIdx.x;
    unsigned* seg = keys + (size_t)blockIdx.x * BLOCK;

    s_keys[tid] = seg[tid];
    __syncthreads();

    for (int bit = 0; bit < nbits; ++bit) {
        const unsigned k = s_keys[tid];
        const unsigned zero = ((k >> bit) & 1u) ^ 1u;

        // inclusive scan of the zero flags
        s_scan[tid] = zero;
        __syncthreads();
        for (int off = 1; off < BLOCK; off <<= 1) {
            const unsigned t = (tid >= off) ? s_scan[tid - off] : 0u;
            __syncthreads();
            s_scan[tid] += t;
            __syncthreads();
        }

        const unsigned nzeros = s_scan[BLOCK - 1];
        const unsigned zbefore = s_scan[tid] - zero;
        const unsigned pos = zero ? zbefore : nzeros + (tid - zbefore);
        s_keys[pos] = k;
        __syncthreads();   // scatter done and s_scan fully read before the next pass
    }
    __syncthreads();
    seg[tid] = s_keys[tid];
}
