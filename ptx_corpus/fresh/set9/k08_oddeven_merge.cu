// Batcher's odd-even merge sort (shared memory + global merge step) and odd-even transposition sort.
#define OEM_SHARED 1024U

__device__ inline void cmpSwap(unsigned int &keyA, unsigned int &valA,
                               unsigned int &keyB, unsigned int &valB, unsigned int dir)
{
    if ((keyA > keyB) == dir) {
        unsigned int t = keyA; keyA = keyB; keyB = t;
        t = valA; valA = valB; valB = t;
    }
}

extern "C" __global__ void oddEvenMergeSortShared(unsigned int *d_DstKey, unsigned int *d_DstVal,
                                                  const unsigned int *d_SrcKey, const unsigned int *d_SrcVal,
                                                  unsigned int arrayLength, unsigned int dir)
{
    __shared__ unsigned int s_key[OEM_SHARED];
    __shared__ unsigned int s_val[OEM_SHARED];
    unsigned int off = blockIdx.x * OEM_SHARED + threadIdx.x;
    s_key[threadIdx.x] = d_SrcKey[off];
    s_val[threadIdx.x] = d_SrcVal[off];
    s_key[threadIdx.x + OEM_SHARED / 2] = d_SrcKey[off + OEM_SHARED / 2];
    s_val[threadIdx.x + OEM_SHARED / 2] = d_SrcVal[off + OEM_SHARED / 2];
    for (unsigned int size = 2; size <= arrayLength; size <<= 1) {
        unsigned int stride = size / 2;
        unsigned int offset = threadIdx.x & (stride - 1);
        {
            __syncthreads();
            unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            cmpSwap(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], dir);
            stride >>= 1;
        }
        for (; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            if (offset >= stride)
                cmpSwap(s_key[pos - stride], s_val[pos - stride], s_key[pos], s_val[pos], dir);
        }
    }
    __syncthreads();
    d_DstKey[off] = s_key[threadIdx.x];
    d_DstVal[off] = s_val[threadIdx.x];
    d_DstKey[off + OEM_SHARED / 2] = s_key[threadIdx.x + OEM_SHARED / 2];
    d_DstVal[off + OEM_SHARED / 2] = s_val[threadIdx.x + OEM_SHARED / 2];
}

extern "C" __global__ void oddEvenMergeGlobal(unsigned int *d_DstKey, unsigned int *d_DstVal,
                                              const unsigned int *d_SrcKey, const unsigned int *d_SrcVal,
                                              unsigned int arrayLength, unsigned int size,
                                              unsigned int stride, unsigned int dir)
{
    unsigned int global_comparatorI = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int pos = 2 * global_comparatorI - (global_comparatorI & (stride - 1));
    if (stride < size / 2) {
        unsigned int offset = global_comparatorI & ((size / 2) - 1);
        if (offset >= stride) {
            unsigned int keyA = d_SrcKey[pos - stride];
            unsigned int valA = d_SrcVal[pos - stride];
            unsigned int keyB = d_SrcKey[pos];
            unsigned int valB = d_SrcVal[pos];
            cmpSwap(keyA, valA, keyB, valB, dir);
            d_DstKey[pos - stride] = keyA;
            d_DstVal[pos - stride] = valA;
            d_DstKey[pos] = keyB;
            d_DstVal[pos] = valB;
        }
    } else {
        unsigned int keyA = d_SrcKey[pos];
        unsigned int valA = d_SrcVal[pos];
        unsigned int keyB = d_SrcKey[pos + stride];
        unsigned int valB = d_SrcVal[pos + stride];
        cmpSwap(keyA, valA, keyB, valB, dir);
        d_DstKey[pos] = keyA;
        d_DstVal[pos] = valA;
        d_DstKey[pos + stride] = keyB;
        d_DstVal[pos + stride] = valB;
    }
}

// Odd-even transposition sort within a block on floats (one element per thread).
extern "C" __global__ void oddEvenTranspositionSort(float *data, int n)
{
    extern __shared__ float s[];
    int tid = threadIdx.x;
    int g = blockIdx.x * blockDim.x + tid;
    s[tid] = (g < n) ? data[g] : __int_as_float(0x7f800000);
    __syncthreads();
    for (int phase = 0; phase < blockDim.x; ++phase) {
        int partner = ((tid & 1) == (phase & 1)) ? tid + 1 : tid - 1;
        float mine = s[tid];
        float other = (partner >= 0 && partner < blockDim.x) ? s[partner] : mine;
        __syncthreads();
        if (partner > tid) s[tid] = fminf(mine, other);
        else if (partner < tid && partner >= 0) s[tid] = fmaxf(mine, other);
        __syncthreads();
    }
    if (g < n) data[g] = s[tid];
}
