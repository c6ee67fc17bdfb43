// Block-local LSD radix sort of 256 unsigned keys using 1-bit splits
// (warp ballots + scan of per-warp zero counts), keys kept in shared memory between passes.
#include <cuda_runtime.h>

#define BLOCK  256
#define NWARPS (BLOCK / 32)

extern "C" __global__ void __launch_bounds__(BLOCK)
radix_split_race(const unsigned* __restrict__ keys_in, unsigned* __restrict__ keys_out, int nbits)
{
    __shared__ unsigned s_keys[BLOCK];
    __shared__ int s_wofs[NWARPS];
    __shared__ int s_wz[NWARPS];
    __shared__ int s_totz;
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const unsigned lt_mask = (1u << lane) - 1u;

    s_keys[tid] = keys_in[blockIdx.x * BLOCK + tid];
    __syncthreads();

    for (int bit = 0; bit < nbits; ++bit) {
        const bool zero = ((s_keys[tid] >> bit) & 1u) == 0u;
        const unsigned bal = __ballot_sync(0xffffffffu, zero);
        const int rank = __popc(bal & lt_mask);
        if (lane == 0) s_wz[warp] = __popc(bal);
        __syncthreads();

        if (warp == 0) {
            int c = (lane < NWARPS) ? s_wz[lane] : 0;
            int incl = c;
            #pragma unroll
            for (int d = 1; d < 32; d <<= 1) {
                int t = __shfl_up_sync(0xffffffffu, incl, d);
                if (lane >= d) incl += t;
            }
            if (lane < NWARPS) s_wofs[lane] = incl - c;
            if (lane == NWARPS - 1) s_totz = incl;
        }
        __syncthreads();

        const int zeros_before = s_wofs[warp] + rank;
        const int pos = zero ? zeros_before : s_totz + (tid - zeros_before);
        s_keys[pos] = s_keys[tid];
        __syncthreads();
    }
    keys_out[blockIdx.x * BLOCK + tid] = s_keys[tid];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
radix_split_ok(const unsigned* __restrict__ keys_in, unsigned* __restrict__ keys_out, int nbits)
{
    __shared__ unsigned s_keys[BLOCK];
    __shared__ int s_wofs[NWARPS];
    __shared__ int s_wz[NWARPS];
    __shared__ int s_totz;
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const unsigned lt_mask = (1u << lane) - 1u;

    s_keys[tid] = keys_in[blockIdx.x * BLOCK + tid];
    __syncthreads();

    for (int bit = 0; bit < nbits; ++bit) {
        const unsigned key = s_keys[tid];
        const bool zero = ((key >> bit) & 1u) == 0u;
        const unsigned bal = __ballot_sync(0xffffffffu, zero);
        const int rank = __popc(bal & lt_mask);
        if (lane == 0) s_wz[warp] = __popc(bal);
        __syncthreads();

        if (warp == 0) {
            int c = (lane < NWARPS) ? s_wz[lane] : 0;
            int incl = c;
            #pragma unroll
            for (int d = 1; d < 32; d <<= 1) {
                int t = __shfl_up_sync(0xffffffffu, incl, d);
                if (lane >= d) incl += t;
            }
            if (lane < NWARPS) s_wofs[lane] = incl - c;
            if (lane == NWARPS - 1) s_totz = incl;
        }
        __syncthreads();

        // zeros keep their order in [0, totz), ones in [totz, BLOCK): pos is a permutation
        const int zeros_before = s_wofs[warp] + rank;
        const int pos = zero ? zeros_before : s_totz + (tid - zeros_before);
        s_keys[pos] = key;
        __syncthreads();
    }
    keys_out[blockIdx.x * BLOCK + tid] = s_keys[tid];
}
