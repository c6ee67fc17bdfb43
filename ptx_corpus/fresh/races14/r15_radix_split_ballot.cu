// r15_radix_split_ballot.cu
// Block-local LSD radix sort of 256 keys on 4 bits (bits shift..shift+3), one
// stable 1-bit split per pass.  Ranks come from warp ballots; per-warp zero
// counts are scanned by thread 0.  Counter arrays are double-buffered by pass
// parity.
//
// Launch (both kernels): blockDim = 256 (BLOCK = 8 warps);
//   gridDim = number of 256-key segments.
#define BLOCK 256
#define WARPS (BLOCK / 32)
#define BITS 4
#define FULL_MASK 0xffffffffu

extern "C" __global__ void __launch_bounds__(BLOCK)
radix_split_ballot_race(unsigned* __restrict__ keys, int shift)
{
    __shared__ unsigned s_keys[BLOCK];
    __shared__ unsigned s_zeros[2][WARPS];
    __shared__ unsigned s_total[2];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const unsigned lt_mask = (1u << lane) - 1u;
    unsigned* seg = keys + (size_t)blockIdx.x * BLOCK;

    s_keys[tid] = seg[tid];
    __syncthreads();

    for (int b = 0; b < BITS; ++b) {
        const int p = b & 1;
        const unsigned key = s_keys[tid];
        const unsigned bit = (key >> (shift + b)) & 1u;
        const unsigned ones = __ballot_sync(FULL_MASK, bit);
        const unsigned zero_rank = __popc(~ones & lt_mask);
        if (lane == 0) s_zeros[p][warp] = __popc(~ones);
        __syncthreads();
        if (tid == 0) {
            unsigned run = 0;
            for (int w = 0; w < WARPS; ++w) { const unsigned c = s_zeros[p][w]; s_zeros[p][w] = run; run += c; }
            s_total[p] = run;
        }
        __syncthreads();
        const unsigned zeros_before = s_zeros[p][warp] + zero_rank;
        const unsigned dst = bit ? s_total[p] + ((unsigned)tid - zeros_before) : zeros_before;
        s_keys[dst] = key;
        // no barrier: the next pass reads s_keys[tid] right away
    }
    __syncthreads();
    seg[tid] = s_keys[tid];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
radix_split_ballot_ok(unsigned* __restrict__ keys, int shift)
{
    __shared__ unsigned s_keys[BLOCK];
    __shared__ unsigned s_zeros[2][WARPS];
    __shared__ unsigned s_total[2];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const unsigned lt_mask = (1u << lane) - 1u;
    unsigned* seg = keys + (size_t)blockIdx.x * BLOCK;

    s_keys[tid] = seg[tid];
    __syncthreads();

    for (int b = 0; b < BITS; ++b) {
        const int p = b & 1;
        const unsigned key = s_keys[tid];
        const unsigned bit = (key >> (shift + b)) & 1u;
        const unsigned ones = __ballot_sync(FULL_MASK, bit);
        const unsigned zero_rank = __popc(~ones & lt_mask);
        if (lane == 0) s_zeros[p][warp] = __popc(~ones);
        __syncthreads();
        if (tid == 0) {
            unsigned run = 0;
            for (int w = 0; w < WARPS; ++w) { const unsigned c = s_zeros[p][w]; s_zeros[p][w] = run; run += c; }
            s_total[p] = run;
        }
        __syncthreads();
        const unsigned zeros_before = s_zeros[p][warp] + zero_rank;
        const unsigned dst = bit ? s_total[p] + ((unsigned)tid - zeros_before) : zeros_before;
        s_keys[dst] = key;
        __syncthreads();
    }
    seg[tid] = s_keys[tid];
}
