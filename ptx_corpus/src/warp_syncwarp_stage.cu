// Warp-private staging in shared memory: each warp writes 32 values to its own slice, then every
// lane reads the value of the lane 'shift' places further on. __syncwarp orders the write before
// the other lanes' reads, and the reads before the next round's writes.
#define WARPS 8
extern "C" __global__ void warp_syncwarp_stage(const float *in, float *out, unsigned n, int rounds)
{
    __shared__ float stage[WARPS][32];
    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    for (int r = 0; r < rounds; r++) {
        stage[warp][lane] = v;
#ifndef BUG_NO_SYNCWARP
        __syncwarp();
#endif
        // (BUG_NO_SYNCWARP: lane l reads the slot lane l + r + 1 writes with nothing ordering the
        // write before the read, nor this read before that lane's next write: a race within the warp)
        float other = stage[warp][(lane + r + 1) & 31];
#ifndef BUG_NO_SYNCWARP
        __syncwarp();
#endif
        v = 0.5f * (v + other);
    }
    if (i < n)
        out[i] = v;
}
