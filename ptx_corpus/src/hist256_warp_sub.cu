// 256-bin histogram with one sub-histogram per warp in shared memory (fewer collisions on the
// shared atomics than one per block), merged into global memory at the end.
#ifndef WARPS
#define WARPS 6
#endif
#define BINS 256
extern "C" __global__ void hist256_warp_sub(const unsigned char *d_data, unsigned *d_hist, unsigned n)
{
    __shared__ unsigned s_hist[WARPS * BINS];
    unsigned tid = threadIdx.x;
    unsigned *mine = s_hist + (tid >> 5) * BINS;
    for (unsigned j = tid; j < WARPS * BINS; j += WARPS * 32)
        s_hist[j] = 0;
#ifndef BUG_NO_INIT_BARRIER
    __syncthreads();
#endif
    // (BUG_NO_INIT_BARRIER: the barrier after zeroing is gone; a warp may count into a bin that
    // another warp has not cleared yet, a shared write and atomic by different threads unordered)
    for (unsigned pos = blockIdx.x * blockDim.x + tid; pos < n; pos += blockDim.x * gridDim.x)
        atomicAdd(&mine[d_data[pos]], 1u);
    __syncthreads();
    for (unsigned bin = tid; bin < BINS; bin += WARPS * 32) {
        unsigned sum = 0;
        for (unsigned w = 0; w < WARPS; w++)
            sum += s_hist[w * BINS + bin];
        atomicAdd(&d_hist[bin], sum);
    }
}
