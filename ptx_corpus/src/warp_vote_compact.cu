// Stream compaction with warp votes: __ballot_sync marks the lanes keeping their element,
// __popc of the lower lanes gives each one its slot, one atomicAdd per warp reserves the
// output range, and __shfl_sync broadcasts its base to the warp.
extern "C" __global__ void warp_vote_compact(const float *in, float *out, unsigned *count, unsigned n, float threshold)
{
    unsigned lane = threadIdx.x & 31;
    for (unsigned base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
        unsigned i = base + threadIdx.x;
        float v = i < n ? in[i] : 0.0f;
        bool keep = i < n && v > threshold;
        unsigned mask = __ballot_sync(0xffffffffu, keep);
        unsigned slot = 0;
        if (lane == 0 && mask)
            slot = atomicAdd(count, __popc(mask));
        slot = __shfl_sync(0xffffffffu, slot, 0);
        if (keep)
            out[slot + __popc(mask & ((1u << lane) - 1))] = v;
    }
}
