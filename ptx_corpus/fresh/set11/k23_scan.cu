// Prefix sums: work-efficient Blelloch scan in shared memory with bank-conflict padding, a warp-shuffle block scan of int4 vectors, and the uniform-add pass for multi-block scans.
#include <cuda_runtime.h>

#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

// Exclusive scan of 2*blockDim.x elements per block; block totals written to sums (may be null).
extern "C" __global__ void scan_blelloch(const float* __restrict__ in, float* __restrict__ out,
                                         float* __restrict__ sums, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    int blockN = 2 * blockDim.x;
    int base = blockIdx.x * blockN;
    int ai = thid, bi = thid + blockDim.x;
    int offA = CONFLICT_FREE_OFFSET(ai), offB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + offA] = (base + ai < n) ? in[base + ai] : 0.f;
    temp[bi + offB] = (base + bi < n) ? in[base + bi] : 0.f;

    int offset = 1;
    for (int d = blockN >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }
    if (thid == 0) {
        int last = blockN - 1 + CONFLICT_FREE_OFFSET(blockN - 1);
        if (sums) sums[blockIdx.x] = temp[last];
        temp[last] = 0.f;
    }
    for (int d = 1; d < blockN; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            float t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    __syncthreads();
    if (base + ai < n) out[base + ai] = temp[ai + offA];
    if (base + bi < n) out[base + bi] = temp[bi + offB];
}

// Inclusive scan of 4 ints per thread: thread-local scan, warp shuffle scan of totals, then block scan of warp totals.
extern "C" __global__ void __launch_bounds__(256)
scan_int4_warp_shuffle(const int4* __restrict__ in, int4* __restrict__ out, int* __restrict__ blockTotals, int n4)
{
    __shared__ int warpTot[8];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int4 v = (i < n4) ? in[i] : make_int4(0, 0, 0, 0);
    v.y += v.x; v.z += v.y; v.w += v.z;
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int t = v.w;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        int y = __shfl_up_sync(0xffffffffu, t, o);
        if (lane >= o) t += y;
    }
    if (lane == 31) warpTot[warp] = t;
    __syncthreads();
    if (warp == 0) {
        int wt = lane < 8 ? warpTot[lane] : 0;
#pragma unroll
        for (int o = 1; o < 8; o <<= 1) {
            int y = __shfl_up_sync(0xffffffffu, wt, o);
            if (lane >= o) wt += y;
        }
        if (lane < 8) warpTot[lane] = wt;
    }
    __syncthreads();
    int prefix = t - v.w + (warp > 0 ? warpTot[warp - 1] : 0);
    v.x += prefix; v.y += prefix; v.z += prefix; v.w += prefix;
    if (i < n4) out[i] = v;
    if (threadIdx.x == blockDim.x - 1 && blockTotals) blockTotals[blockIdx.x] = warpTot[7];
}

extern "C" __global__ void scan_add_block_offsets(float* __restrict__ data, const float* __restrict__ scannedSums,
                                                  int n, int elemsPerBlock)
{
    __shared__ float add;
    if (threadIdx.x == 0) add = scannedSums[blockIdx.x];
    __syncthreads();
    int base = blockIdx.x * elemsPerBlock;
    for (int k = threadIdx.x; k < elemsPerBlock; k += blockDim.x) {
        int idx = base + k;
        if (idx < n) data[idx] += add;
    }
}
