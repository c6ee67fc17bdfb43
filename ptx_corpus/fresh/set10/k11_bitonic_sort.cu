// Bitonic sort (SDK sortingNetworks style): shared-memory sort, global merge steps.
#include <cuda_runtime.h>

#define SHARED_SIZE_LIMIT 1024U

__device__ __forceinline__ void Comparator(unsigned int &keyA, unsigned int &valA,
                                           unsigned int &keyB, unsigned int &valB, unsigned int dir)
{
    unsigned int t;
    if ((keyA > keyB) == dir) {
        t = keyA; keyA = keyB; keyB = t;
        t = valA; valA = valB; valB = t;
    }
}

extern "C" __global__ void bitonicSortShared(unsigned int *d_DstKey, unsigned int *d_DstVal,
                                             const unsigned int *d_SrcKey, const unsigned int *d_SrcVal,
                                             unsigned int arrayLength, unsigned int dir)
{
    __shared__ unsigned int s_key[SHARED_SIZE_LIMIT];
    __shared__ unsigned int s_val[SHARED_SIZE_LIMIT];
    d_SrcKey += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    d_SrcVal += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    d_DstKey += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    d_DstVal += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    s_key[threadIdx.x + 0] = d_SrcKey[0];
    s_val[threadIdx.x + 0] = d_SrcVal[0];
    s_key[threadIdx.x + (SHARED_SIZE_LIMIT / 2)] = d_SrcKey[(SHARED_SIZE_LIMIT / 2)];
    s_val[threadIdx.x + (SHARED_SIZE_LIMIT / 2)] = d_SrcVal[(SHARED_SIZE_LIMIT / 2)];
    for (unsigned int size = 2; size < arrayLength; size <<= 1) {
        unsigned int ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
        for (unsigned int stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            Comparator(s_key[pos + 0], s_val[pos + 0], s_key[pos + stride], s_val[pos + stride], ddd);
        }
    }
    for (unsigned int stride = arrayLength / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
        Comparator(s_key[pos + 0], s_val[pos + 0], s_key[pos + stride], s_val[pos + stride], dir);
    }
    __syncthreads();
    d_DstKey[0] = s_key[threadIdx.x + 0];
    d_DstVal[0] = s_val[threadIdx.x + 0];
    d_DstKey[(SHARED_SIZE_LIMIT / 2)] = s_key[threadIdx.x + (SHARED_SIZE_LIMIT / 2)];
    d_DstVal[(SHARED_SIZE_LIMIT / 2)] = s_val[threadIdx.x + (SHARED_SIZE_LIMIT / 2)];
}

extern "C" __global__ void bitonicMergeGlobal(unsigned int *d_DstKey, unsigned int *d_DstVal,
                                              const unsigned int *d_SrcKey, const unsigned int *d_SrcVal,
                                              unsigned int arrayLength, unsigned int size, unsigned int stride,
                                              unsigned int dir)
{
    unsigned int global_comparatorI = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int comparatorI = global_comparatorI & (arrayLength / 2 - 1);
    unsigned int ddd = dir ^ ((comparatorI & (size / 2)) != 0);
    unsigned int pos = 2 * global_comparatorI - (global_comparatorI & (stride - 1));
    unsigned int keyA = d_SrcKey[pos + 0];
    unsigned int valA = d_SrcVal[pos + 0];
    unsigned int keyB = d_SrcKey[pos + stride];
    unsigned int valB = d_SrcVal[pos + stride];
    Comparator(keyA, valA, keyB, valB, ddd);
    d_DstKey[pos + 0] = keyA;
    d_DstVal[pos + 0] = valA;
    d_DstKey[pos + stride] = keyB;
    d_DstVal[pos + stride] = valB;
}

// Register-resident bitonic sort of 8 floats per thread followed by warp shuffles.
template <int N>
__device__ __forceinline__ void sortNetworkRegs(float (&v)[N])
{
#pragma unroll
    for (int k = 2; k <= N; k <<= 1)
#pragma unroll
        for (int j = k >> 1; j > 0; j >>= 1)
#pragma unroll
            for (int i = 0; i < N; i++) {
                int l = i ^ j;
                if (l > i) {
                    bool up = (i & k) == 0;
                    float a = v[i], b = v[l];
                    bool sw = up ? (a > b) : (a < b);
                    v[i] = sw ? b : a;
                    v[l] = sw ? a : b;
                }
            }
}

extern "C" __global__ void bitonicSortRegisters8(float *data, int n)
{
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
    float v[8];
#pragma unroll
    for (int i = 0; i < 8; i++) v[i] = (base + i < n) ? data[base + i] : __int_as_float(0x7f800000);
    sortNetworkRegs<8>(v);
    // merge across lanes of a warp: element i of lane is global index lane*8+i
    int lane = threadIdx.x & 31;
    for (int k = 16; k <= 256; k <<= 1) {
        for (int j = k >> 1; j >= 8; j >>= 1) {
            int partner = j >> 3;
#pragma unroll
            for (int i = 0; i < 8; i++) {
                float o = __shfl_xor_sync(0xffffffffu, v[i], partner);
                int idx = lane * 8 + i;
                bool up = (idx & k) == 0;
                bool lower = (lane & partner) == 0;
                v[i] = (lower == up) ? fminf(v[i], o) : fmaxf(v[i], o);
            }
        }
#pragma unroll
        for (int j = 4; j > 0; j >>= 1)
#pragma unroll
            for (int i = 0; i < 8; i++) {
                int l = i ^ j;
                if (l > i) {
                    bool up = ((lane * 8 + i) & k) == 0;
                    float a = v[i], b = v[l];
                    bool sw = up ? (a > b) : (a < b);
                    v[i] = sw ? b : a;
                    v[l] = sw ? a : b;
                }
            }
    }
#pragma unroll
    for (int i = 0; i < 8; i++) if (base + i < n) data[base + i] = v[i];
}
