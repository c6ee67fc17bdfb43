// For every row of a table, find the first column whose entry equals the row's
// key (or -1). One block per row; the block scans 256 columns at a time and
// stops as soon as a match has been seen.
// Launch: blockDim.x = 256, gridDim.x = nrows.
#include <cuda_runtime.h>

#define BLOCK 256
#define NONE 0x7fffffff

extern "C" __global__ void __launch_bounds__(BLOCK)
find_first_race(const int* __restrict__ table, const int* __restrict__ row_key,
                int* __restrict__ result, int ncols)
{
    __shared__ int s_found;
    const int tid = threadIdx.x;
    const int* row = table + (size_t)blockIdx.x * ncols;
    const int key = row_key[blockIdx.x];

    if (tid == 0) s_found = NONE;
    __syncthreads();

    for (int base = 0; base < ncols; base += BLOCK) {
        if (s_found != NONE) break;          // someone already matched in an earlier chunk
        const int i = base + tid;
        if (i < ncols && row[i] == key) atomicMin(&s_found, i);
    }
    __syncthreads();
    if (tid == 0) result[blockIdx.x] = (s_found == NONE) ? -1 : s_found;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
find_first_ok(const int* __restrict__ table, const int* __restrict__ row_key,
              int* __restrict__ result, int ncols)
{
    __shared__ int s_found;
    const int tid = threadIdx.x;
    const int* row = table + (size_t)blockIdx.x * ncols;
    const int key = row_key[blockIdx.x];

    if (tid == 0) s_found = NONE;
    __syncthreads();

    for (int base = 0; base < ncols; base += BLOCK) {
        const int i = base + tid;
        const bool hit = (i < ncols) && (row[i] == key);
        if (hit) atomicMin(&s_found, i);
        if (__syncthreads_or(hit)) break;    // uniform: every thread sees the same answer
    }
    __syncthreads();
    if (tid == 0) result[blockIdx.x] = (s_found == NONE) ? -1 : s_found;
}
