// Per-tile sum and sum of squares of int64 samples with 64-bit shared atomics; accumulators reset by thread 0 each tile. blockDim = 128.
template <bool FIX>
__device__ __forceinline__ void mom_body(const long long* __restrict__ in, long long* __restrict__ sums,
                                         long long* __restrict__ sq, int numTiles)
{
    __shared__ unsigned long long acc[2];
    int t = threadIdx.x;
    for (int tile = blockIdx.x; tile < numTiles; tile += gridDim.x) {
        if (t == 0) { acc[0] = 0ull; acc[1] = 0ull; }
        if (FIX) __syncthreads();
        long long v = in[(size_t)tile * 128 + t];
        atomicAdd(&acc[0], (unsigned long long)v);
        atomicAdd(&acc[1], (unsigned long long)(v * v));
        __syncthreads();
        if (t == 0) { sums[tile] = (long long)acc[0]; sq[tile] = (long long)acc[1]; }
    }
}
extern "C" __global__ void __launch_bounds__(128) moments_i64_race(const long long* in, long long* sums, long long* sq, int numTiles)
{ mom_body<false>(in, sums, sq, numTiles); }
extern "C" __global__ void __launch_bounds__(128) moments_i64_ok(const long long* in, long long* sums, long long* sq, int numTiles)
{ mom_body<true>(in, sums, sq, numTiles); }
