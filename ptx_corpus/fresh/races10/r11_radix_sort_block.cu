// r11_radix_sort_block.cu
// Block-local LSD radix sort of 256 unsigned keys (1 bit per pass, 32 passes) using
// ballot-based stable splits: per-warp zero counts -> exclusive warp offsets (serial scan
// by thread 0) -> each key scattered to its new position in shared memory.
// Launch: blockDim = (256,1,1), gridDim = (nsegments,1,1), exactly 256 keys per segment,
//         no dynamic shared memory.
#define THREADS 256
#define WARPS   (THREADS / 32)

extern "C" __global__ void __launch_bounds__(THREADS)
radix_sort_block_race(const unsigned* __restrict__ keys_in, unsigned* __restrict__ keys_out)
{
    __shared__ unsigned s_keys[THREADS];
    __shared__ unsigned s_zeros[WARPS];
    __shared__ unsigned s_total_zeros;
    const unsigned tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const size_t base = (size_t)blockIdx.x * THREADS;

    s_keys[tid] = keys_in[base + tid];
    __syncthreads();

    for (int bit = 0; bit < 32; ++bit) {
        const unsigned key = s_keys[tid];
        const bool one = (key >> bit) & 1u;
        const unsigned zmask = __ballot_sync(0xffffffffu, !one);
        if (lane == 0) s_zeros[warp] = __popc(zmask);
        __syncthreads();
        if (tid == 0) {
            unsigned run = 0;
            for (int w = 0; w < WARPS; ++w) { const unsigned c = s_zeros[w]; s_zeros[w] = run; run += c; }
            s_total_zeros = run;
        }
        __syncthreads();
        const unsigned zeros_before = s_zeros[warp] + __popc(zmask & ((1u << lane) - 1u));
        const unsigned dst = one ? s_total_zeros + (tid - zeros_before) : zeros_before;
        s_keys[dst] = key;
        if (bit < 31) __syncthreads();      // only needed before the next pass reads s_keys
    }
    keys_out[base + tid] = s_keys[tid];
}

extern "C" __global__ void __launch_bounds__(THREADS)
radix_sort_block_ok(const unsigned* __restrict__ keys_in, unsigned* __restrict__ keys_out)
{
    __shared__ unsigned s_keys[THREADS];
    __shared__ unsigned s_zeros[WARPS];
    __shared__ unsigned s_total_zeros;
    const unsigned tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const size_t base = (size_t)blockIdx.x * THREADS;

    s_keys[tid] = keys_in[base + tid];
    __syncthreads();

    for (int bit = 0; bit < 32; ++bit) {
        const unsigned key = s_keys[tid];
        const bool one = (key >> bit) & 1u;
        const unsigned zmask = __ballot_sync(0xffffffffu, !one);
        if (lane == 0) s_zeros[warp] = __popc(zmask);
        __syncthreads();
        if (tid == 0) {
            unsigned run = 0;
            for (int w = 0; w < WARPS; ++w) { const unsigned c = s_zeros[w]; s_zeros[w] = run; run += c; }
            s_total_zeros = run;
        }
        __syncthreads();
        const unsigned zeros_before = s_zeros[warp] + __popc(zmask & ((1u << lane) - 1u));
        const unsigned dst = one ? s_total_zeros + (tid - zeros_before) : zeros_before;
        s_keys[dst] = key;
        __syncthreads();                    // next pass -- or the final copy -- reads s_keys
    }
    keys_out[base + tid] = s_keys[tid];
}
