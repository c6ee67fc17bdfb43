// Producer warp / 3 consumer warps over a 2-slot shared ring with named barriers (FULL ids 1-2, EMPTY ids 3-4); each tile has a scale. blockDim = 128, ntiles >= 3.
template <bool FIX>
__device__ __forceinline__ void ring_body(const float* __restrict__ src, const float* __restrict__ tileScale,
                                          float* __restrict__ dst, int ntiles)
{
    __shared__ float buf[2][256];
    __shared__ float scl[2];
    __shared__ float scl1;                     // bug version: a single, non-double-buffered scale
    int t = threadIdx.x, w = t >> 5, lane = t & 31;
    const float* s = src + (size_t)blockIdx.x * ntiles * 256;
    float* d = dst + (size_t)blockIdx.x * ntiles * 256;
    if (w == 0) {
        for (int i = 0; i < ntiles; i++) {
            int slot = i & 1;
            if (i >= 2) {
                if (slot == 0) asm volatile("bar.sync 3, 128;" ::: "memory");
                else           asm volatile("bar.sync 4, 128;" ::: "memory");
            }
            for (int j = 0; j < 8; j++) buf[slot][lane + 32 * j] = s[i * 256 + lane + 32 * j];
            if (lane == 0) {
                if (FIX) scl[slot] = tileScale[blockIdx.x * ntiles + i];
                else     scl1 = tileScale[blockIdx.x * ntiles + i];
            }
            if (slot == 0) asm volatile("bar.arrive 1, 128;" ::: "memory");
            else           asm volatile("bar.arrive 2, 128;" ::: "memory");
        }
    } else {
        int c = t - 32;
        for (int i = 0; i < ntiles; i++) {
            int slot = i & 1;
            if (slot == 0) asm volatile("bar.sync 1, 128;" ::: "memory");
            else           asm volatile("bar.sync 2, 128;" ::: "memory");
            float sc = FIX ? scl[slot] : scl1;
            for (int j = c; j < 256; j += 96) d[i * 256 + j] = sc * buf[slot][j];
            if (i + 2 < ntiles) {
                if (slot == 0) asm volatile("bar.arrive 3, 128;" ::: "memory");
                else           asm volatile("bar.arrive 4, 128;" ::: "memory");
            }
        }
    }
}
extern "C" __global__ void __launch_bounds__(128) pc_ring_race(const float* src, const float* tileScale, float* dst, int ntiles)
{ ring_body<false>(src, tileScale, dst, ntiles); }
extern "C" __global__ void __launch_bounds__(128) pc_ring_ok(const float* src, const float* tileScale, float* dst, int ntiles)
{ ring_body<true>(src, tileScale, dst, ntiles); }
