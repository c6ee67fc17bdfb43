// Block-level merge of two sorted int arrays (merge-path partitioning, ModernGPU style).
// 128 threads x 4 items = 512 outputs per block. `partitions[b]` is the A-index where
// the merge path crosses diagonal b*512 (computed by a separate partition kernel).
#include <cuda_runtime.h>

#define NT 128
#define VT 4
#define NV (NT * VT)

extern "C" __global__ void __launch_bounds__(NT)
merge_path_race(const int* __restrict__ A, int aCount, const int* __restrict__ B, int bCount,
                const int* __restrict__ partitions, int* __restrict__ out)
{
    __shared__ int s_keys[NV + 1];
    const int tid = threadIdx.x;
    const int diag0 = blockIdx.x * NV;
    const int diag1 = min(aCount + bCount, diag0 + NV);
    const int a0 = partitions[blockIdx.x], a1 = partitions[blockIdx.x + 1];
    const int b0 = diag0 - a0, b1 = diag1 - a1;
    const int na = a1 - a0, nb = b1 - b0, total = na + nb;

    for (int i = tid; i < total; i += NT)
        s_keys[i] = (i < na) ? A[a0 + i] : B[b0 + i - na];
    __syncthreads();

    // merge path search for this thread's diagonal
    const int diag = min(VT * tid, total);
    int lo = max(0, diag - nb), hi = min(diag, na);
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (s_keys[mid] <= s_keys[na + diag - 1 - mid]) lo = mid + 1;
        else                                            hi = mid;
    }
    int ai = lo, bi = na + diag - lo;
    int aKey = s_keys[ai], bKey = s_keys[bi];

    int res[VT];
    #pragma unroll
    for (int i = 0; i < VT; ++i) {
        bool takeA = (bi >= total) || ((ai < na) && (aKey <= bKey));
        res[i] = takeA ? aKey : bKey;
        if (takeA) { ++ai; aKey = s_keys[min(ai, NV)]; }
        else       { ++bi; bKey = s_keys[min(bi, NV)]; }
    }

    // blocked -> striped through shared memory for coalesced stores
    #pragma unroll
    for (int i = 0; i < VT; ++i)
        s_keys[VT * tid + i] = res[i];
    __syncthreads();
    #pragma unroll
    for (int i = 0; i < VT; ++i) {
        int idx = i * NT + tid;
        if (idx < total) out[diag0 + idx] = s_keys[idx];
    }
}

extern "C" __global__ void __launch_bounds__(NT)
merge_path_ok(const int* __restrict__ A, int aCount, const int* __restrict__ B, int bCount,
              const int* __restrict__ partitions, int* __restrict__ out)
{
    __shared__ int s_keys[NV + 1];
    const int tid = threadIdx.x;
    const int diag0 = blockIdx.x * NV;
    const int diag1 = min(aCount + bCount, diag0 + NV);
    const int a0 = partitions[blockIdx.x], a1 = partitions[blockIdx.x + 1];
    const int b0 = diag0 - a0, b1 = diag1 - a1;
    const int na = a1 - a0, nb = b1 - b0, total = na + nb;

    for (int i = tid; i < total; i += NT)
        s_keys[i] = (i < na) ? A[a0 + i] : B[b0 + i - na];
    __syncthreads();

    const int diag = min(VT * tid, total);
    int lo = max(0, diag - nb), hi = min(diag, na);
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (s_keys[mid] <= s_keys[na + diag - 1 - mid]) lo = mid + 1;
        else                                            hi = mid;
    }
    int ai = lo, bi = na + diag - lo;
    int aKey = s_keys[ai], bKey = s_keys[bi];

    int res[VT];
    #pragma unroll
    for (int i = 0; i < VT; ++i) {
        bool takeA = (bi >= total) || ((ai < na) && (aKey <= bKey));
        res[i] = takeA ? aKey : bKey;
        if (takeA) { ++ai; aKey = s_keys[min(ai, NV)]; }
        else       { ++bi; bKey = s_keys[min(bi, NV)]; }
    }
    __syncthreads();

    #pragma unroll
    for (int i = 0; i < VT; ++i)
        s_keys[VT * tid + i] = res[i];
    __syncthreads();
    #pragma unroll
    for (int i = 0; i < VT; ++i) {
        int idx = i * NT + tid;
        if (idx < total) out[diag0 + idx] = s_keys[idx];
    }
}
