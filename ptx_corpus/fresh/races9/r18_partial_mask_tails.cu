// Marks the last element of every run of equal keys in a sorted key array and
// counts the runs. Each lane compares its key with the next lane's key through
// a per-warp staging slot; lane 31 looks at global memory instead.
// Keys must be < INT_MAX (INT_MAX is the padding sentinel).
// Launch: blockDim.x = 256 (multiple of 32 required), gridDim.x = ceil(n / 256).
#include <cuda_runtime.h>

#define BLOCK 256
#define SENTINEL 0x7fffffff

extern "C" __global__ void __launch_bounds__(BLOCK)
run_tails_race(const int* __restrict__ keys, int* __restrict__ tail_flag,
               int* __restrict__ num_runs, int n)
{
    __shared__ int stage[BLOCK];
    const int tid = threadIdx.x, lane = tid & 31;
    const int gid = blockIdx.x * BLOCK + tid;

    if (gid < n) {
        const int k = keys[gid];
        stage[tid] = k;
        const unsigned m = __activemask();
        __syncwarp(m);
        const int next = (lane == 31) ? ((gid + 1 < n) ? keys[gid + 1] : SENTINEL)
                                      : stage[tid + 1];
        const int tail = (k != next);
        tail_flag[gid] = tail;
        const unsigned b = __ballot_sync(m, tail);
        const int leader = __ffs(m) - 1;
        const int cnt = __shfl_sync(m, __popc(b), leader);
        if (lane == leader && cnt) atomicAdd(num_runs, cnt);
    } else {
        stage[tid] = SENTINEL;   // padding: the last valid lane sees a different key
    }
}

extern "C" __global__ void __launch_bounds__(BLOCK)
run_tails_ok(const int* __restrict__ keys, int* __restrict__ tail_flag,
             int* __restrict__ num_runs, int n)
{
    __shared__ int stage[BLOCK];
    const int tid = threadIdx.x, lane = tid & 31;
    const int gid = blockIdx.x * BLOCK + tid;
    const bool valid = gid < n;

    const int k = valid ? keys[gid] : SENTINEL;
    stage[tid] = k;
    __syncwarp();   // all 32 lanes, valid or not

    int tail = 0;
    if (valid) {
        const int next = (lane == 31) ? ((gid + 1 < n) ? keys[gid + 1] : SENTINEL)
                                      : stage[tid + 1];
        tail = (k != next);
        tail_flag[gid] = tail;
    }
    const unsigned b = __ballot_sync(0xffffffffu, tail);
    const int cnt = __shfl_sync(0xffffffffu, __popc(b), 0);
    if (lane == 0 && cnt) atomicAdd(num_runs, cnt);
}
