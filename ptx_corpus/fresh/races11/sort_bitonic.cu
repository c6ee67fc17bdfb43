// Sorting networks in shared memory (SDK sortingNetworks style), key/value pairs.

#define SORT_MAX 1024

__device__ __forceinline__ void cmp_swap(unsigned& ka, unsigned& va, unsigned& kb, unsigned& vb, unsigned dir)
{
    if ((ka > kb) == (dir != 0)) {
        unsigned t = ka; ka = kb; kb = t;
        t = va; va = vb; vb = t;
    }
}

// Launch: blockDim = arrayLength / 2, gridDim = number of arrays;
//         arrayLength a power of two in [2, 1024]; dir in {0, 1}
extern "C" __global__ void __launch_bounds__(512)
bitonic_sort_shared(unsigned* __restrict__ dKey, unsigned* __restrict__ dVal,
                    const unsigned* __restrict__ sKey, const unsigned* __restrict__ sVal,
                    unsigned arrayLength, unsigned dir)
{
    __shared__ unsigned s_key[SORT_MAX];
    __shared__ unsigned s_val[SORT_MAX];
    unsigned half = arrayLength / 2;
    size_t off = (size_t)blockIdx.x * arrayLength + threadIdx.x;
    s_key[threadIdx.x] = sKey[off];
    s_val[threadIdx.x] = sVal[off];
    s_key[threadIdx.x + half] = sKey[off + half];
    s_val[threadIdx.x + half] = sVal[off + half];
    for (unsigned size = 2; size < arrayLength; size <<= 1) {
        unsigned ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            cmp_swap(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], ddd);
        }
    }
    for (unsigned stride = half; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
        cmp_swap(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], dir);
    }
    __syncthreads();
    dKey[off] = s_key[threadIdx.x];
    dVal[off] = s_val[threadIdx.x];
    dKey[off + half] = s_key[threadIdx.x + half];
    dVal[off + half] = s_val[threadIdx.x + half];
}

// Batcher odd-even merge sort.
// Launch: blockDim = arrayLength / 2, gridDim = number of arrays;
//         arrayLength a power of two in [2, 1024]; dir in {0, 1}
extern "C" __global__ void __launch_bounds__(512)
oddeven_merge_sort_shared(unsigned* __restrict__ dKey, unsigned* __restrict__ dVal,
                          const unsigned* __restrict__ sKey, const unsigned* __restrict__ sVal,
                          unsigned arrayLength, unsigned dir)
{
    __shared__ unsigned s_key[SORT_MAX];
    __shared__ unsigned s_val[SORT_MAX];
    unsigned half = arrayLength / 2;
    size_t off = (size_t)blockIdx.x * arrayLength + threadIdx.x;
    s_key[threadIdx.x] = sKey[off];
    s_val[threadIdx.x] = sVal[off];
    s_key[threadIdx.x + half] = sKey[off + half];
    s_val[threadIdx.x + half] = sVal[off + half];
    for (unsigned size = 2; size <= arrayLength; size <<= 1) {
        unsigned stride = size / 2;
        unsigned offset = threadIdx.x & (stride - 1);
        {
            __syncthreads();
            unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            cmp_swap(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], dir);
            stride >>= 1;
        }
        for (; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            if (offset >= stride)
                cmp_swap(s_key[pos - stride], s_val[pos - stride], s_key[pos], s_val[pos], dir);
        }
    }
    __syncthreads();
    dKey[off] = s_key[threadIdx.x];
    dVal[off] = s_val[threadIdx.x];
    dKey[off + half] = s_key[threadIdx.x + half];
    dVal[off + half] = s_val[threadIdx.x + half];
}
