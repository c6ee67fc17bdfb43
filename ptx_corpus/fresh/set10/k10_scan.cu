// Prefix sums: Blelloch work-efficient scan, warp-shuffle scan, and block-level
// inclusive scan with uniform add (SDK scan / GPU Gems 3 chapter 39 style).
#include <cuda_runtime.h>

#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

extern "C" __global__ void prescan_blelloch(float *g_odata, const float *g_idata, float *g_blockSums, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    int blockOffset = blockIdx.x * blockDim.x * 2;
    int ai = thid, bi = thid + blockDim.x;
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = (blockOffset + ai < n) ? g_idata[blockOffset + ai] : 0.f;
    temp[bi + bankOffsetB] = (blockOffset + bi < n) ? g_idata[blockOffset + bi] : 0.f;
    int nn = blockDim.x * 2;
    int offset = 1;
    for (int d = nn >> 1; d > 0; d >>= 1) {
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
        int last = nn - 1 + CONFLICT_FREE_OFFSET(nn - 1);
        if (g_blockSums) g_blockSums[blockIdx.x] = temp[last];
        temp[last] = 0;
    }
    for (int d = 1; d < nn; d *= 2) {
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
    if (blockOffset + ai < n) g_odata[blockOffset + ai] = temp[ai + bankOffsetA];
    if (blockOffset + bi < n) g_odata[blockOffset + bi] = temp[bi + bankOffsetB];
}

template <typename T>
__device__ __forceinline__ T warpInclusiveScan(T v)
{
    int lane = threadIdx.x & 31;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        T n = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o) v += n;
    }
    return v;
}

// Each thread scans ITEMS consecutive elements in registers, then a block scan of thread totals.
template <typename T, int BLOCK, int ITEMS>
__device__ __forceinline__ void blockScanItems(T *out, const T *in, T *blockSums, int n)
{
    __shared__ T warpSums[BLOCK / 32];
    T items[ITEMS];
    int base = (blockIdx.x * BLOCK + threadIdx.x) * ITEMS;
#pragma unroll
    for (int i = 0; i < ITEMS; i++) items[i] = (base + i < n) ? in[base + i] : T(0);
#pragma unroll
    for (int i = 1; i < ITEMS; i++) items[i] += items[i - 1];
    T total = items[ITEMS - 1];
    T incl = warpInclusiveScan(total);
    int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    if (lane == 31) warpSums[warp] = incl;
    __syncthreads();
    if (warp == 0) {
        T ws = (lane < BLOCK / 32) ? warpSums[lane] : T(0);
        ws = warpInclusiveScan(ws);
        if (lane < BLOCK / 32) warpSums[lane] = ws;
    }
    __syncthreads();
    T prefix = incl - total + (warp > 0 ? warpSums[warp - 1] : T(0));
#pragma unroll
    for (int i = 0; i < ITEMS; i++)
        if (base + i < n) out[base + i] = items[i] + prefix;
    if (threadIdx.x == BLOCK - 1 && blockSums) blockSums[blockIdx.x] = prefix + total;
}

extern "C" __global__ void __launch_bounds__(256)
scan_items_int_256x8(int *out, const int *in, int *blockSums, int n)
{
    blockScanItems<int, 256, 8>(out, in, blockSums, n);
}

extern "C" __global__ void __launch_bounds__(128)
scan_items_double_128x4(double *out, const double *in, double *blockSums, int n)
{
    blockScanItems<double, 128, 4>(out, in, blockSums, n);
}
