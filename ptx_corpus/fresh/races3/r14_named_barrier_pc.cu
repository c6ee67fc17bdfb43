// Warp-specialised decode: warp 0 dequantises a 256-entry codebook into shared, warps 1-3 consume it after named barrier 1. blockDim = 128.
template <bool FIX>
__device__ __forceinline__ void pc_body(const signed char* __restrict__ q, const float* __restrict__ scales,
                                        const unsigned char* __restrict__ codes, float* __restrict__ out, int n)
{
    __shared__ float book[256];
    int t = threadIdx.x, w = t >> 5, lane = t & 31;
    if (w == 0) {
        float sc = scales[blockIdx.x];
        if (!FIX) asm volatile("bar.arrive 1, 128;" ::: "memory");   // bug: arrive before producing
        for (int j = 0; j < 8; j++) book[lane + 32 * j] = sc * (float)q[blockIdx.x * 256 + lane + 32 * j];
        if (FIX) asm volatile("bar.arrive 1, 128;" ::: "memory");
    } else {
        asm volatile("bar.sync 1, 128;" ::: "memory");
        for (int i = blockIdx.x * 96 * 16 + (t - 32); i < (blockIdx.x + 1) * 96 * 16 && i < n; i += 96)
            out[i] = book[codes[i]];
    }
}
extern "C" __global__ void __launch_bounds__(128) named_barrier_pc_race(const signed char* q, const float* scales, const unsigned char* codes, float* out, int n)
{ pc_body<false>(q, scales, codes, out, n); }
extern "C" __global__ void __launch_bounds__(128) named_barrier_pc_ok(const signed char* q, const float* scales, const unsigned char* codes, float* out, int n)
{ pc_body<true>(q, scales, codes, out, n); }
