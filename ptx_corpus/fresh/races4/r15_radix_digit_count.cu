// LSD radix sort, upsweep: per-block counts of one 4-bit digit, with per-warp counter rows in
// shared memory (no shared atomics). Output is digit-major: block_counts[d*gridDim.x + block].
// Assumed launch: 1-D, blockDim.x == 256 (8 warps); each block counts 2048 keys
// (8 iterations x 256), gridDim.x == ceil(n / 2048).

#define RD_THREADS 256
#define RD_WARPS (RD_THREADS / 32)
#define RD_RADIX 16
#define RD_ITERS 8

extern "C" __global__ void __launch_bounds__(RD_THREADS)
radix_digit_count_race(const unsigned* __restrict__ keys, unsigned* __restrict__ block_counts,
                       unsigned n, unsigned shift)
{
    if (blockDim.x != RD_THREADS) return;
    __shared__ unsigned s_cnt[RD_WARPS][RD_RADIX];
    const unsigned tid = threadIdx.x, wid = tid >> 5;

    if (tid < RD_WARPS * RD_RADIX) s_cnt[tid / RD_RADIX][tid % RD_RADIX] = 0u;
    __syncthreads();

    const unsigned tile = blockIdx.x * RD_ITERS * RD_THREADS;
    for (unsigned it = 0; it < RD_ITERS; ++it) {
        const unsigned i = tile + it * RD_THREADS + tid;
        if (i < n) {
            const unsigned d = (keys[i] >> shift) & (RD_RADIX - 1);
            s_cnt[wid][d] += 1u;
        }
        __syncwarp();
    }
    __syncthreads();

    if (tid < RD_RADIX) {
        unsigned sum = 0;
#pragma unroll
        for (int w = 0; w < RD_WARPS; ++w) sum += s_cnt[w][tid];
        block_counts[tid * gridDim.x + blockIdx.x] = sum;
    }
}

extern "C" __global__ void __launch_bounds__(RD_THREADS)
radix_digit_count_ok(const unsigned* __restrict__ keys, unsigned* __restrict__ block_counts,
                     unsigned n, unsigned shift)
{
    if (blockDim.x != RD_THREADS) return;
    __shared__ unsigned s_cnt[RD_WARPS][RD_RADIX];
    const unsigned tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;

    if (tid < RD_WARPS * RD_RADIX) s_cnt[tid / RD_RADIX][tid % RD_RADIX] = 0u;
    __syncthreads();

    const unsigned tile = blockIdx.x * RD_ITERS * RD_THREADS;
    for (unsigned it = 0; it < RD_ITERS; ++it) {
        const unsigned i = tile + it * RD_THREADS + tid;
        const bool valid = i < n;
        const unsigned d = valid ? ((keys[i] >> shift) & (RD_RADIX - 1)) : RD_RADIX;
        const unsigned peers = __match_any_sync(0xffffffffu, d);
        const unsigned leader = __ffs(peers) - 1;
        if (valid && lane == leader)
            s_cnt[wid][d] += __popc(peers);
        __syncwarp();
    }
    __syncthreads();

    if (tid < RD_RADIX) {
        unsigned sum = 0;
#pragma unroll
        for (int w = 0; w < RD_WARPS; ++w) sum += s_cnt[w][tid];
        block_counts[tid * gridDim.x + blockIdx.x] = sum;
    }
}
