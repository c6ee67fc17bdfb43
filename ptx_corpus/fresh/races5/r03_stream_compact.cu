// Stream compaction (copy_if): keep elements above a threshold, order preserved within a block.
#include <cuda_runtime.h>

#define BLOCK 256
#define NWARPS (BLOCK / 32)

extern "C" __global__ void __launch_bounds__(BLOCK)
stream_compact_race(const float* __restrict__ in, int n, float thresh,
                    float* __restrict__ out, int* __restrict__ out_count)
{
    __shared__ int s_warp_cnt[NWARPS];
    __shared__ int s_warp_off[NWARPS];
    __shared__ int s_base;

    const int tid  = threadIdx.x;
    const int lane = tid & 31;
    const int warp = tid >> 5;
    const int gid  = blockIdx.x * BLOCK + tid;

    float v = 0.0f;
    bool keep = false;
    if (gid < n) { v = in[gid]; keep = v > thresh; }

    unsigned ballot = __ballot_sync(0xffffffffu, keep);
    int rank = __popc(ballot & ((1u << lane) - 1u));
    if (lane == 0)
        s_warp_cnt[warp] = __popc(ballot);
    __syncthreads();

    if (warp == 0) {
        int c = (lane < NWARPS) ? s_warp_cnt[lane] : 0;
        int incl = c;
        #pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            int t = __shfl_up_sync(0xffffffffu, incl, d);
            if (lane >= d) incl += t;
        }
        if (lane < NWARPS)
            s_warp_off[lane] = incl - c;
        if (lane == NWARPS - 1)
            s_base = atomicAdd(out_count, incl);
    }
    __syncwarp();

    if (keep)
        out[s_base + s_warp_off[warp] + rank] = v;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
stream_compact_ok(const float* __restrict__ in, int n, float thresh,
                  float* __restrict__ out, int* __restrict__ out_count)
{
    __shared__ int s_warp_cnt[NWARPS];
    __shared__ int s_warp_off[NWARPS];
    __shared__ int s_base;

    const int tid  = threadIdx.x;
    const int lane = tid & 31;
    const int warp = tid >> 5;
    const int gid  = blockIdx.x * BLOCK + tid;

    float v = 0.0f;
    bool keep = false;
    if (gid < n) { v = in[gid]; keep = v > thresh; }

    unsigned ballot = __ballot_sync(0xffffffffu, keep);
    int rank = __popc(ballot & ((1u << lane) - 1u));
    if (lane == 0)
        s_warp_cnt[warp] = __popc(ballot);
    __syncthreads();

    if (warp == 0) {
        int c = (lane < NWARPS) ? s_warp_cnt[lane] : 0;
        int incl = c;
        #pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            int t = __shfl_up_sync(0xffffffffu, incl, d);
            if (lane >= d) incl += t;
        }
        if (lane < NWARPS)
            s_warp_off[lane] = incl - c;
        if (lane == NWARPS - 1)
            s_base = atomicAdd(out_count, incl);
    }
    __syncthreads();

    if (keep)
        out[s_base + s_warp_off[warp] + rank] = v;
}
