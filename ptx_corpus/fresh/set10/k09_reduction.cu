// Parallel reduction: SDK reduction kernels reduce0..reduce6, templated on block size.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <class T> struct SharedMemory {
    __device__ inline operator T *() { extern __shared__ int __smem[]; return (T *)__smem; }
};
template <> struct SharedMemory<double> {
    __device__ inline operator double *() { extern __shared__ double __smem_d[]; return (double *)__smem_d; }
};

extern "C" __global__ void reduce3_float(const float *g_idata, float *g_odata, unsigned int n)
{
    float *sdata = SharedMemory<float>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    float mySum = (i < n) ? g_idata[i] : 0;
    if (i + blockDim.x < n) mySum += g_idata[i + blockDim.x];
    sdata[tid] = mySum;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) g_odata[blockIdx.x] = mySum;
}

template <class T, unsigned int blockSize>
__device__ __forceinline__ void reduce5(const T *g_idata, T *g_odata, unsigned int n)
{
    cg::thread_block cta = cg::this_thread_block();
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
    T mySum = (i < n) ? g_idata[i] : 0;
    if (i + blockSize < n) mySum += g_idata[i + blockSize];
    sdata[tid] = mySum;
    cg::sync(cta);
    if ((blockSize >= 512) && (tid < 256)) sdata[tid] = mySum = mySum + sdata[tid + 256];
    cg::sync(cta);
    if ((blockSize >= 256) && (tid < 128)) sdata[tid] = mySum = mySum + sdata[tid + 128];
    cg::sync(cta);
    if ((blockSize >= 128) && (tid < 64)) sdata[tid] = mySum = mySum + sdata[tid + 64];
    cg::sync(cta);
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
    if (cta.thread_rank() < 32) {
        if (blockSize >= 64) mySum += sdata[tid + 32];
        for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
            mySum += tile32.shfl_down(mySum, offset);
    }
    if (cta.thread_rank() == 0) g_odata[blockIdx.x] = mySum;
}

template <class T, unsigned int blockSize, bool nIsPow2>
__device__ __forceinline__ void reduce6(const T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int gridSize = blockSize * gridDim.x;
    unsigned int maskLength = (blockSize & 31);
    maskLength = (maskLength > 0) ? (32 - maskLength) : maskLength;
    const unsigned int mask = (0xffffffff) >> maskLength;
    T mySum = 0;
    if (nIsPow2) {
        unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
        gridSize = gridSize << 1;
        while (i < n) {
            mySum += g_idata[i];
            if ((i + blockSize) < n) mySum += g_idata[i + blockSize];
            i += gridSize;
        }
    } else {
        unsigned int i = blockIdx.x * blockSize + threadIdx.x;
        while (i < n) { mySum += g_idata[i]; i += gridSize; }
    }
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        mySum += __shfl_down_sync(mask, mySum, offset);
    if ((tid % warpSize) == 0) sdata[tid / warpSize] = mySum;
    __syncthreads();
    const unsigned int shmem_extent = (blockSize / warpSize) > 0 ? (blockSize / warpSize) : 1;
    const unsigned int ballot_result = __ballot_sync(mask, tid < shmem_extent);
    if (tid < shmem_extent) {
        mySum = sdata[tid];
        for (int offset = blockDim.x / (2 * warpSize) > 0 ? 16 : 1; offset > 0; offset /= 2)
            mySum += __shfl_down_sync(ballot_result, mySum, offset);
    }
    if (tid == 0) g_odata[blockIdx.x] = mySum;
}

extern "C" __global__ void reduce5_float_256(const float *in, float *out, unsigned int n)
{
    reduce5<float, 256>(in, out, n);
}
extern "C" __global__ void reduce6_int_128_pow2(const int *in, int *out, unsigned int n)
{
    reduce6<int, 128, true>(in, out, n);
}
extern "C" __global__ void reduce6_double_256_npow2(const double *in, double *out, unsigned int n)
{
    reduce6<double, 256, false>(in, out, n);
}
