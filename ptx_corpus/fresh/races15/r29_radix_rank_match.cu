// arch: sm_80
// r29_radix_rank_match.cu
// One 2-bit radix-sort pass over 256 keys per block (CUB BlockRadixRank
// "match" flavour): __match_any_sync groups lanes with equal digit, the
// lowest peer records the warp's digit count, a small scan produces the
// scatter bases, and every key is scattered into shared memory at
// base + (rank among its peers) before a coalesced write-out.
//
// Launch (both kernels): blockDim = (256,1,1) (8 warps), gridDim =
//   (n/256,1,1), n = 1<<20, shift in {0,2,...,30}.  No dynamic shared memory.

#define R29_B     256
#define R29_NW    8
#define R29_RADIX 4
#define R29_FULL  0xffffffffu

extern "C" __global__ void __launch_bounds__(R29_B)
radix_pass_race(const unsigned* __restrict__ kin, unsigned* __restrict__ kout, int shift)
{
    __shared__ int cnt[R29_NW][R29_RADIX];
    __shared__ int dbase[R29_RADIX];
    __shared__ unsigned skeys[R29_B];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const size_t g = (size_t)blockIdx.x * R29_B + tid;

    if (tid < R29_NW * R29_RADIX) cnt[tid / R29_RADIX][tid % R29_RADIX] = 0;
    __syncthreads();

    const unsigned key = kin[g];
    const int d = (key >> shift) & (R29_RADIX - 1);
    const unsigned peers = __match_any_sync(R29_FULL, d);
    const int rank = __popc(peers & ((1u << lane) - 1u));
    if (rank == 0) cnt[warp][d] = __popc(peers);
    __syncthreads();

    if (tid < R29_RADIX) {
        int run = 0;
        for (int dd = 0; dd < tid; ++dd)
            for (int w = 0; w < R29_NW; ++w) run += cnt[w][dd];
        dbase[tid] = run;
    }
    __syncthreads();

    skeys[dbase[d] + rank] = key;
    __syncthreads();
    kout[g] = skeys[tid];
}

extern "C" __global__ void __launch_bounds__(R29_B)
radix_pass_ok(const unsigned* __restrict__ kin, unsigned* __restrict__ kout, int shift)
{
    __shared__ int cnt[R29_NW][R29_RADIX];
    __shared__ int base[R29_NW][R29_RADIX];
    __shared__ unsigned skeys[R29_B];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const size_t g = (size_t)blockIdx.x * R29_B + tid;

    if (tid < R29_NW * R29_RADIX) cnt[tid / R29_RADIX][tid % R29_RADIX] = 0;
    __syncthreads();

    const unsigned key = kin[g];
    const int d = (key >> shift) & (R29_RADIX - 1);
    const unsigned peers = __match_any_sync(R29_FULL, d);
    const int rank = __popc(peers & ((1u << lane) - 1u));
    if (rank == 0) cnt[warp][d] = __popc(peers);
    __syncthreads();

    if (tid < R29_RADIX) {
        int run = 0;
        for (int dd = 0; dd < tid; ++dd)
            for (int w = 0; w < R29_NW; ++w) run += cnt[w][dd];
        for (int w = 0; w < R29_NW; ++w) {
            base[w][tid] = run;
            run += cnt[w][tid];
        }
    }
    __syncthreads();

    skeys[base[warp][d] + rank] = key;
    __syncthreads();
    kout[g] = skeys[tid];
}
