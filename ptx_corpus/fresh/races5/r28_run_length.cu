// Run-length-encoding front end: head flags of runs of equal keys (adjacent difference)
// plus a global count of runs. One key per thread, 256-thread blocks.
#include <cuda_runtime.h>

#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
run_length_race(const int* __restrict__ keys, int n, int* __restrict__ head_flags,
                int* __restrict__ num_runs)
{
    __shared__ int s_keys[BLOCK];
    const int tid = threadIdx.x, lane = tid & 31;
    const int gid = blockIdx.x * BLOCK + tid;

    const int key = (gid < n) ? keys[gid] : 0;
    s_keys[tid] = key;
    __syncwarp();

    int prev;
    if (tid > 0)       prev = s_keys[tid - 1];
    else if (gid > 0)  prev = keys[gid - 1];
    else               prev = ~key;

    const bool head = (gid < n) && (key != prev);
    if (gid < n) head_flags[gid] = head;
    const unsigned b = __ballot_sync(0xffffffffu, head);
    if (lane == 0 && b) atomicAdd(num_runs, __popc(b));
}

extern "C" __global__ void __launch_bounds__(BLOCK)
run_length_ok(const int* __restrict__ keys, int n, int* __restrict__ head_flags,
              int* __restrict__ num_runs)
{
    __shared__ int s_last[BLOCK / 32];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int gid = blockIdx.x * BLOCK + tid;

    const int key = (gid < n) ? keys[gid] : 0;
    int prev = __shfl_up_sync(0xffffffffu, key, 1);
    if (lane == 31) s_last[warp] = key;
    __syncthreads();
    if (lane == 0) {
        if (warp > 0)      prev = s_last[warp - 1];
        else if (gid > 0)  prev = keys[gid - 1];
        else               prev = ~key;
    }

    const bool head = (gid < n) && (key != prev);
    if (gid < n) head_flags[gid] = head;
    const unsigned b = __ballot_sync(0xffffffffu, head);
    if (lane == 0 && b) atomicAdd(num_runs, __popc(b));
}
