// arch: sm_80
// r30_named_bar_pairs.cu
// Warp-pair exchange with named barriers.  Warps 2p and 2p+1 share the
// 64-float region s[p][*]: each warp writes its half, the pair meets on a
// 64-thread named barrier (bar.sync id, 64), and each warp reads the
// other half reversed.  Four pairs -> four barrier ids 1..4.
//
// Launch (both kernels): blockDim = (256,1,1) (8 warps), gridDim = (n/256,1,1),
//   n = 1<<20.  No dynamic shared memory.

#define R30_B 256

__device__ __forceinline__ void r30_bar_sync(int id, int count)
{
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(count) : "memory");
}

extern "C" __global__ void __launch_bounds__(R30_B)
pair_exchange_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[4][64];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int pair = warp >> 1, half = warp & 1;
    const int g = blockIdx.x * R30_B + tid;

    const float x = in[g];
    s[pair][half * 32 + lane] = x;
    r30_bar_sync(1 + (warp & 3), 64);
    const float y = s[pair][(half ^ 1) * 32 + (31 - lane)];
    out[g] = x * y;
}

extern "C" __global__ void __launch_bounds__(R30_B)
pair_exchange_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ float s[4][64];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int pair = warp >> 1, half = warp & 1;
    const int g = blockIdx.x * R30_B + tid;

    const float x = in[g];
    s[pair][half * 32 + lane] = x;
    r30_bar_sync(1 + pair, 64);
    const float y = s[pair][(half ^ 1) * 32 + (31 - lane)];
    out[g] = x * y;
}
