// Bitonic sort of 1024 key/value pairs per block in shared memory
// (CUDA SDK sortingNetworks, bitonicSortShared). 512 threads, 2 elements per thread.
// Launch (both kernels): blockDim = 512, gridDim = n/1024, n = 1<<20, dir = 1.
#define SHARED_SIZE_LIMIT 1024

__device__ __forceinline__ void Comparator(unsigned& keyA, unsigned& valA,
                                           unsigned& keyB, unsigned& valB, unsigned dir)
{
    unsigned t;
    if ((keyA > keyB) == dir) {
        t = keyA; keyA = keyB; keyB = t;
        t = valA; valA = valB; valB = t;
    }
}

extern "C" __global__ void __launch_bounds__(SHARED_SIZE_LIMIT / 2)
bitonic_race(unsigned* d_DstKey, unsigned* d_DstVal, const unsigned* d_SrcKey,
             const unsigned* d_SrcVal, unsigned dir)
{
    __shared__ unsigned s_key[SHARED_SIZE_LIMIT];
    __shared__ unsigned s_val[SHARED_SIZE_LIMIT];
    unsigned off = blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    s_key[threadIdx.x] = d_SrcKey[off];
    s_val[threadIdx.x] = d_SrcVal[off];
    s_key[threadIdx.x + SHARED_SIZE_LIMIT / 2] = d_SrcKey[off + SHARED_SIZE_LIMIT / 2];
    s_val[threadIdx.x + SHARED_SIZE_LIMIT / 2] = d_SrcVal[off + SHARED_SIZE_LIMIT / 2];

    for (unsigned size = 2; size < SHARED_SIZE_LIMIT; size <<= 1) {
        unsigned ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
        __syncthreads();                          // once per merge stage only
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            Comparator(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], ddd);
        }
    }
    for (unsigned stride = SHARED_SIZE_LIMIT / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
        Comparator(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], dir);
    }
    __syncthreads();
    d_DstKey[off] = s_key[threadIdx.x];
    d_DstVal[off] = s_val[threadIdx.x];
    d_DstKey[off + SHARED_SIZE_LIMIT / 2] = s_key[threadIdx.x + SHARED_SIZE_LIMIT / 2];
    d_DstVal[off + SHARED_SIZE_LIMIT / 2] = s_val[threadIdx.x + SHARED_SIZE_LIMIT / 2];
}

extern "C" __global__ void __launch_bounds__(SHARED_SIZE_LIMIT / 2)
bitonic_ok(unsigned* d_DstKey, unsigned* d_DstVal, const unsigned* d_SrcKey,
           const unsigned* d_SrcVal, unsigned dir)
{
    __shared__ unsigned s_key[SHARED_SIZE_LIMIT];
    __shared__ unsigned s_val[SHARED_SIZE_LIMIT];
    unsigned off = blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    s_key[threadIdx.x] = d_SrcKey[off];
    s_val[threadIdx.x] = d_SrcVal[off];
    s_key[threadIdx.x + SHARED_SIZE_LIMIT / 2] = d_SrcKey[off + SHARED_SIZE_LIMIT / 2];
    s_val[threadIdx.x + SHARED_SIZE_LIMIT / 2] = d_SrcVal[off + SHARED_SIZE_LIMIT / 2];

    for (unsigned size = 2; size < SHARED_SIZE_LIMIT; size <<= 1) {
        unsigned ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            Comparator(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], ddd);
        }
    }
    for (unsigned stride = SHARED_SIZE_LIMIT / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
        Comparator(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], dir);
    }
    __syncthreads();
    d_DstKey[off] = s_key[threadIdx.x];
    d_DstVal[off] = s_val[threadIdx.x];
    d_DstKey[off + SHARED_SIZE_LIMIT / 2] = s_key[threadIdx.x + SHARED_SIZE_LIMIT / 2];
    d_DstVal[off + SHARED_SIZE_LIMIT / 2] = s_val[threadIdx.x + SHARED_SIZE_LIMIT / 2];
}
