// Inclusive block scan of ints built from per-warp scans in shared memory plus
// a scan of the 8 warp totals.
// Launch: blockDim.x = 256 exactly (8 warps), gridDim.x = ceil(n / 256).
#include <cuda_runtime.h>

#define BLOCK 256
#define NWARPS (BLOCK / 32)

extern "C" __global__ void __launch_bounds__(BLOCK)
block_scan_race(const int* __restrict__ in, int* __restrict__ out, int n)
{
    __shared__ int s[BLOCK];
    __shared__ int wsum[NWARPS];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int gid = blockIdx.x * BLOCK + tid;

    // warp-level Kogge-Stone scan; the 32 lanes of a warp execute together
    volatile int* vs = s;
    vs[tid] = (gid < n) ? in[gid] : 0;
    if (lane >= 1)  vs[tid] += vs[tid - 1];
    if (lane >= 2)  vs[tid] += vs[tid - 2];
    if (lane >= 4)  vs[tid] += vs[tid - 4];
    if (lane >= 8)  vs[tid] += vs[tid - 8];
    if (lane >= 16) vs[tid] += vs[tid - 16];

    if (lane == 31) wsum[warp] = vs[tid];
    __syncthreads();
    if (tid == 0) {
        int run = 0;
        for (int w = 0; w < NWARPS; ++w) { const int t = wsum[w]; wsum[w] = run; run += t; }
    }
    __syncthreads();
    if (gid < n) out[gid] = s[tid] + wsum[warp];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
block_scan_ok(const int* __restrict__ in, int* __restrict__ out, int n)
{
    __shared__ int s[BLOCK];
    __shared__ int wsum[NWARPS];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int gid = blockIdx.x * BLOCK + tid;

    // warp-level Kogge-Stone scan; read, sync, write, sync
    s[tid] = (gid < n) ? in[gid] : 0;
    __syncwarp();
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        const int t = (lane >= off) ? s[tid - off] : 0;
        __syncwarp();
        s[tid] += t;
        __syncwarp();
    }

    if (lane == 31) wsum[warp] = s[tid];
    __syncthreads();
    if (tid == 0) {
        int run = 0;
        for (int w = 0; w < NWARPS; ++w) { const int t = wsum[w]; wsum[w] = run; run += t; }
    }
    __syncthreads();
    if (gid < n) out[gid] = s[tid] + wsum[warp];
}
