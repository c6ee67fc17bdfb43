// Radix-sort "upsweep": per-block digit histogram for one 4-bit digit, counted
// without atomics in per-thread shared-memory counters (digit-major layout, as in
// older block radix-rank codes), then reduced per digit.
// Launch (both kernels): blockDim = 128, gridDim = n/(128*8), n = 1<<22 random keys,
// shift in {0,4,...,28}. g_counts is digit-major: g_counts[d*gridDim.x + blockIdx.x].
#define BLOCK 128
#define ITEMS 8
#define RADIX 16

extern "C" __global__ void __launch_bounds__(BLOCK)
radix_upsweep_race(const unsigned* __restrict__ keys, unsigned* __restrict__ g_counts, int shift)
{
    __shared__ unsigned s_cnt[RADIX * BLOCK];
    unsigned tid = threadIdx.x, lane = tid & 31;
    // per-lane counters (stride 32) -- shared by the 4 warps of the block
#pragma unroll
    for (int d = 0; d < RADIX; ++d) s_cnt[d * 32 + lane] = 0;

    const unsigned* k = keys + blockIdx.x * (BLOCK * ITEMS);
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) {
        unsigned d = (k[i * BLOCK + tid] >> shift) & (RADIX - 1);
        s_cnt[d * 32 + lane]++;
    }
    __syncthreads();

    if (tid < RADIX) {
        unsigned tot = 0;
        for (int j = 0; j < 32; ++j) tot += s_cnt[tid * 32 + j];
        g_counts[tid * gridDim.x + blockIdx.x] = tot;
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
radix_upsweep_ok(const unsigned* __restrict__ keys, unsigned* __restrict__ g_counts, int shift)
{
    __shared__ unsigned s_cnt[RADIX * BLOCK];
    unsigned tid = threadIdx.x;
    // per-thread counters: column tid belongs to thread tid only
#pragma unroll
    for (int d = 0; d < RADIX; ++d) s_cnt[d * BLOCK + tid] = 0;

    const unsigned* k = keys + blockIdx.x * (BLOCK * ITEMS);
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) {
        unsigned d = (k[i * BLOCK + tid] >> shift) & (RADIX - 1);
        s_cnt[d * BLOCK + tid]++;
    }
    __syncthreads();

    if (tid < RADIX) {
        unsigned tot = 0;
        for (int j = 0; j < BLOCK; ++j) tot += s_cnt[tid * BLOCK + j];
        g_counts[tid * gridDim.x + blockIdx.x] = tot;
    }
}
