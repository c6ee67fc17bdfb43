// Segmented "find first": for every segment, the smallest index i in [seg_begin, seg_end) with
// data[i] == key (or -1). One block per segment scans it in blockDim.x-wide chunks and stops early
// once some chunk contained a match (shared flag / min-index updated with atomicMin).
// Assumed launch: 1-D, any blockDim.x, gridDim.x == nsegs; offsets[nsegs+1] is a CSR offset array.
#include <stdint.h>

extern "C" __global__ void
find_first_race(const int* __restrict__ data, const int* __restrict__ offsets,
                const int* __restrict__ keys, int* __restrict__ result)
{
    __shared__ int s_found;
    const int seg = blockIdx.x;
    const int begin = offsets[seg], end = offsets[seg + 1];
    const int key = keys[seg];

    if (threadIdx.x == 0) s_found = INT32_MAX;
    __syncthreads();

    for (int base = begin; base < end; base += blockDim.x) {
        const int i = base + threadIdx.x;
        if (i < end && data[i] == key) atomicMin(&s_found, i);
        __syncthreads();
        if (s_found != INT32_MAX) break;
    }

    if (threadIdx.x == 0) result[seg] = (s_found == INT32_MAX) ? -1 : s_found;
}

extern "C" __global__ void
find_first_ok(const int* __restrict__ data, const int* __restrict__ offsets,
              const int* __restrict__ keys, int* __restrict__ result)
{
    __shared__ int s_found;
    const int seg = blockIdx.x;
    const int begin = offsets[seg], end = offsets[seg + 1];
    const int key = keys[seg];

    if (threadIdx.x == 0) s_found = INT32_MAX;
    __syncthreads();

    for (int base = begin; base < end; base += blockDim.x) {
        const int i = base + threadIdx.x;
        if (i < end && data[i] == key) atomicMin(&s_found, i);
        __syncthreads();
        const int f = s_found;
        __syncthreads();
        if (f != INT32_MAX) break;
    }

    if (threadIdx.x == 0) result[seg] = (s_found == INT32_MAX) ? -1 : s_found;
}
