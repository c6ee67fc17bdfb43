// Stream compaction of nonzeros: warp ballots -> per-warp counts -> warp-0 scan of counts -> scatter. blockDim = 256.
template <bool FIX>
__device__ __forceinline__ void compact_body(const int* __restrict__ in, int* __restrict__ out,
                                             int* __restrict__ blockCount, int n)
{
    __shared__ int warpCnt[8];
    __shared__ int warpOff[8];
    int t = threadIdx.x, lane = t & 31, w = t >> 5;
    int i = blockIdx.x * 256 + t;
    int v = (i < n) ? in[i] : 0;
    bool keep = (i < n) && v != 0;
    unsigned m = __ballot_sync(0xffffffffu, keep);
    if (lane == 0) warpCnt[w] = __popc(m);
    if (FIX) __syncthreads(); else __syncwarp();
    if (w == 0) {
        int c = (lane < 8) ? warpCnt[lane] : 0;
        int s = c;
        for (int d = 1; d < 8; d <<= 1) {
            int y = __shfl_up_sync(0xffffffffu, s, d);
            if (lane >= d) s += y;
        }
        if (lane < 8) warpOff[lane] = s - c;
        if (lane == 7) blockCount[blockIdx.x] = s;
    }
    __syncthreads();
    int pos = warpOff[w] + __popc(m & ((1u << lane) - 1u));
    if (keep) out[blockIdx.x * 256 + pos] = v;
}
extern "C" __global__ void __launch_bounds__(256) compact_flags_race(const int* in, int* out, int* blockCount, int n)
{ compact_body<false>(in, out, blockCount, n); }
extern "C" __global__ void __launch_bounds__(256) compact_flags_ok(const int* in, int* out, int* blockCount, int n)
{ compact_body<true>(in, out, blockCount, n); }
