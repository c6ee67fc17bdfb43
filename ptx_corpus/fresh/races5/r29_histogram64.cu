// 64-bin byte histogram (CUDA-samples "histogram64" scheme): every thread owns a private
// column of 8-bit counters, s_Hist[bin * THREADS + threadPos]; threadPos permutes the thread
// index inside each group of 64 so that the byte counters of a warp spread over the banks.
// The per-thread data count is bounded by the host so that 8-bit counters cannot overflow.
#include <cuda_runtime.h>

#define THREADS   128          // multiple of 64
#define BIN_COUNT 64

__device__ __forceinline__ void add_byte(unsigned char* s_ThreadBase, unsigned data)
{
    s_ThreadBase[data * THREADS]++;
}
__device__ __forceinline__ void add_word(unsigned char* s_ThreadBase, unsigned data)
{
    add_byte(s_ThreadBase, (data >>  2) & 0x3Fu);
    add_byte(s_ThreadBase, (data >> 10) & 0x3Fu);
    add_byte(s_ThreadBase, (data >> 18) & 0x3Fu);
    add_byte(s_ThreadBase, (data >> 26) & 0x3Fu);
}

extern "C" __global__ void __launch_bounds__(THREADS)
histogram64_race(unsigned* __restrict__ d_Partial, const unsigned* __restrict__ d_Data, unsigned dataCount)
{
    const unsigned tid = threadIdx.x;
    const unsigned threadPos = ((tid & 15u) << 2) | ((tid & 48u) >> 4);

    __shared__ __align__(4) unsigned char s_Hist[THREADS * BIN_COUNT];
    unsigned char* s_ThreadBase = s_Hist + threadPos;

    #pragma unroll
    for (unsigned i = 0; i < BIN_COUNT / 4; ++i)
        reinterpret_cast<unsigned*>(s_Hist)[tid + i * THREADS] = 0u;
    __syncthreads();

    for (unsigned pos = blockIdx.x * THREADS + tid; pos < dataCount; pos += THREADS * gridDim.x)
        add_word(s_ThreadBase, d_Data[pos]);
    __syncthreads();

    if (tid < BIN_COUNT) {
        const unsigned char* s_HistBase = s_Hist + tid * THREADS;
        unsigned sum = 0, p = 4 * (tid & 15u);
        #pragma unroll 4
        for (unsigned i = 0; i < THREADS / 4; ++i) {
            sum += s_HistBase[p + 0] + s_HistBase[p + 1] + s_HistBase[p + 2] + s_HistBase[p + 3];
            p = (p + 4) & (THREADS - 1);
        }
        d_Partial[blockIdx.x * BIN_COUNT + tid] = sum;
    }
}

extern "C" __global__ void __launch_bounds__(THREADS)
histogram64_ok(unsigned* __restrict__ d_Partial, const unsigned* __restrict__ d_Data, unsigned dataCount)
{
    const unsigned tid = threadIdx.x;
    const unsigned threadPos = (tid & ~63u) | ((tid & 15u) << 2) | ((tid & 48u) >> 4);

    __shared__ __align__(4) unsigned char s_Hist[THREADS * BIN_COUNT];
    unsigned char* s_ThreadBase = s_Hist + threadPos;

    #pragma unroll
    for (unsigned i = 0; i < BIN_COUNT / 4; ++i)
        reinterpret_cast<unsigned*>(s_Hist)[tid + i * THREADS] = 0u;
    __syncthreads();

    for (unsigned pos = blockIdx.x * THREADS + tid; pos < dataCount; pos += THREADS * gridDim.x)
        add_word(s_ThreadBase, d_Data[pos]);
    __syncthreads();

    if (tid < BIN_COUNT) {
        const unsigned char* s_HistBase = s_Hist + tid * THREADS;
        unsigned sum = 0, p = 4 * (tid & 15u);
        #pragma unroll 4
        for (unsigned i = 0; i < THREADS / 4; ++i) {
            sum += s_HistBase[p + 0] + s_HistBase[p + 1] + s_HistBase[p + 2] + s_HistBase[p + 3];
            p = (p + 4) & (THREADS - 1);
        }
        d_Partial[blockIdx.x * BIN_COUNT + tid] = sum;
    }
}
