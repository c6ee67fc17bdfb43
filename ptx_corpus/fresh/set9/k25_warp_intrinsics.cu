// Warp-synchronous programming: ballot-based stream compaction, warp vote, match-any grouping, warp-level sort.
extern "C" __global__ void compact_ballot(const int *in, int *out, int *counter, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = (i < n) ? in[i] : 0;
    bool keep = (i < n) && (v > 0);
    unsigned int mask = __ballot_sync(0xffffffffu, keep);
    int warpCount = __popc(mask);
    int base = 0;
    if (lane == 0 && warpCount) base = atomicAdd(counter, warpCount);
    base = __shfl_sync(0xffffffffu, base, 0);
    if (keep) out[base + __popc(mask & ((1u << lane) - 1))] = v;
}

// Aggregate atomics on keys using __match_any_sync: one atomic per distinct key per warp.
extern "C" __global__ void histogram_match_any(const int *keys, int *bins, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int k = (i < n) ? keys[i] : -1;
    unsigned int peers = __match_any_sync(0xffffffffu, k);
    int leader = __ffs(peers) - 1;
    if (k >= 0 && lane == leader) atomicAdd(&bins[k], __popc(peers));
}

// Bitonic sort of 32 keys within a warp using shuffles (one key per lane).
extern "C" __global__ void warp_bitonic_sort32(float *data)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    float v = data[i];
#pragma unroll
    for (int k = 2; k <= 32; k <<= 1) {
#pragma unroll
        for (int j = k >> 1; j > 0; j >>= 1) {
            float o = __shfl_xor_sync(0xffffffffu, v, j);
            bool up = ((lane & k) == 0);
            bool lower = ((lane & j) == 0);
            v = (lower == up) ? fminf(v, o) : fmaxf(v, o);
        }
    }
    data[i] = v;
}

// Warp-level voting for early exit: all/any tests on convergence flags, and warp-wide min/argmin.
extern "C" __global__ void warp_argmin_converged(const float *dist, int *argmin, int *allConverged, float tol, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float d = (i < n) ? dist[i] : 3.402823466e38f;
    int idx = i;
    int conv = __all_sync(0xffffffffu, d < tol);
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        float od = __shfl_down_sync(0xffffffffu, d, o);
        int oi = __shfl_down_sync(0xffffffffu, idx, o);
        if (od < d || (od == d && oi < idx)) { d = od; idx = oi; }
    }
    if ((threadIdx.x & 31) == 0) {
        argmin[i >> 5] = idx;
        if (!conv) atomicAnd(allConverged, 0);
    }
}
