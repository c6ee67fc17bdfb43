// Warp-level bitonic sort of 64-key segments held in shared memory, synchronised
// with __syncwarp() only (each warp sorts a private segment, 2 keys per lane).
// Launch (both kernels): blockDim = 256 (8 warps), gridDim = n/512, n = 1<<20.
// Output: every 64-key segment sorted ascending.
#define WARPS 8
#define SEG 64

extern "C" __global__ void __launch_bounds__(WARPS * 32)
warp_sort64_race(const unsigned* __restrict__ in, unsigned* __restrict__ out)
{
    __shared__ unsigned s_key[WARPS * SEG];
    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    unsigned* seg = s_key + warp * 32;            // wrong stride: segments are 64 keys long
    const unsigned* src = in + blockIdx.x * (WARPS * SEG) + warp * SEG;
    seg[lane] = src[lane];
    seg[lane + 32] = src[lane + 32];
    __syncwarp();

    for (unsigned size = 2; size <= SEG; size <<= 1) {
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            unsigned pos = 2 * lane - (lane & (stride - 1));
            bool up = (pos & size) == 0;
            unsigned a = seg[pos], b = seg[pos + stride];
            if ((a > b) == up) { seg[pos] = b; seg[pos + stride] = a; }
            __syncwarp();
        }
    }
    unsigned* dst = out + blockIdx.x * (WARPS * SEG) + warp * SEG;
    dst[lane] = seg[lane];
    dst[lane + 32] = seg[lane + 32];
}

extern "C" __global__ void __launch_bounds__(WARPS * 32)
warp_sort64_ok(const unsigned* __restrict__ in, unsigned* __restrict__ out)
{
    __shared__ unsigned s_key[WARPS * SEG];
    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    unsigned* seg = s_key + warp * SEG;           // private 64-key segment per warp
    const unsigned* src = in + blockIdx.x * (WARPS * SEG) + warp * SEG;
    seg[lane] = src[lane];
    seg[lane + 32] = src[lane + 32];
    __syncwarp();

    for (unsigned size = 2; size <= SEG; size <<= 1) {
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            unsigned pos = 2 * lane - (lane & (stride - 1));
            bool up = (pos & size) == 0;
            unsigned a = seg[pos], b = seg[pos + stride];
            if ((a > b) == up) { seg[pos] = b; seg[pos + stride] = a; }
            __syncwarp();
        }
    }
    unsigned* dst = out + blockIdx.x * (WARPS * SEG) + warp * SEG;
    dst[lane] = seg[lane];
    dst[lane + 32] = seg[lane + 32];
}
