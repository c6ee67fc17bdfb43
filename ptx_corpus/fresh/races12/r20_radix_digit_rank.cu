// One pass of a block-local LSD radix sort: stable counting sort of 256-key tiles on a 4-bit digit
// ((key >> shift) & 15). Warp-level ranking with __match_any_sync, per-warp digit counts in shared memory,
// digit-major exclusive scan, scatter into a shared tile, coalesced write-back.
// Launch: blockDim = (256,1,1) (compile-time, 8 warps), gridDim = (n/256,1,1), no dynamic shared memory;
// n multiple of 256, keys arbitrary, 0 <= shift <= 28.
#define NT 256
#define NW (NT / 32)
#define RADIX 16

extern "C" __global__ void __launch_bounds__(NT)
radix_pass_race(const unsigned* __restrict__ keys_in, unsigned* __restrict__ keys_out, int shift)
{
    __shared__ unsigned s_cnt[NW][RADIX];
    __shared__ unsigned s_base[RADIX];
    __shared__ unsigned s_keys[NT];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    if (tid < NW * RADIX) (&s_cnt[0][0])[tid] = 0;
    __syncthreads();

    const unsigned key = keys_in[blockIdx.x * NT + tid];
    const unsigned d = (key >> shift) & (RADIX - 1);
    const unsigned peers = __match_any_sync(0xffffffffu, d);
    const unsigned rank = __popc(peers & ((1u << lane) - 1));
    if (rank == 0) s_cnt[warp][d] = __popc(peers);
    __syncthreads();

    if (tid < RADIX) {
        unsigned run = 0;
        for (int w = 0; w < NW; ++w) run += s_cnt[w][tid];
        s_base[tid] = run;
    }
    __syncthreads();
    if (tid == 0) {
        unsigned run = 0;
        for (int i = 0; i < RADIX; ++i) { unsigned c = s_base[i]; s_base[i] = run; run += c; }
    }
    __syncthreads();

    const unsigned pos = s_base[d] + rank;
    s_keys[pos] = key;
    __syncthreads();
    keys_out[blockIdx.x * NT + tid] = s_keys[tid];
}

extern "C" __global__ void __launch_bounds__(NT)
radix_pass_ok(const unsigned* __restrict__ keys_in, unsigned* __restrict__ keys_out, int shift)
{
    __shared__ unsigned s_cnt[NW][RADIX];
    __shared__ unsigned s_off[NW][RADIX];
    __shared__ unsigned s_base[RADIX];
    __shared__ unsigned s_keys[NT];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    if (tid < NW * RADIX) (&s_cnt[0][0])[tid] = 0;
    __syncthreads();

    const unsigned key = keys_in[blockIdx.x * NT + tid];
    const unsigned d = (key >> shift) & (RADIX - 1);
    const unsigned peers = __match_any_sync(0xffffffffu, d);
    const unsigned rank = __popc(peers & ((1u << lane) - 1));
    if (rank == 0) s_cnt[warp][d] = __popc(peers);
    __syncthreads();

    if (tid < RADIX) {
        unsigned run = 0;
        for (int w = 0; w < NW; ++w) { s_off[w][tid] = run; run += s_cnt[w][tid]; }
        s_base[tid] = run;
    }
    __syncthreads();
    if (tid == 0) {
        unsigned run = 0;
        for (int i = 0; i < RADIX; ++i) { unsigned c = s_base[i]; s_base[i] = run; run += c; }
    }
    __syncthreads();

    const unsigned pos = s_base[d] + s_off[warp][d] + rank;
    s_keys[pos] = key;
    __syncthreads();
    keys_out[blockIdx.x * NT + tid] = s_keys[tid];
}
