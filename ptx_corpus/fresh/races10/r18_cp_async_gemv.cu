// r18_cp_async_gemv.cu
// y = A * x for a row-major M x K float matrix, one block per row.  The row is streamed
// through shared memory in 1024-float chunks with cp.async (__pipeline_memcpy_async,
// 16 bytes per thread per chunk), double-buffered: chunk c+1 is in flight while chunk c
// is consumed.  Each thread accumulates a strided partial dot product, followed by a
// warp-shuffle + shared-memory block reduction.
// Launch: blockDim = (256,1,1), gridDim = (M,1,1), K a multiple of 1024 (K >= 1024),
//         A and x 16-byte aligned, no dynamic shared memory.
#include <cuda_pipeline.h>
#define THREADS 256
#define CHUNK   (THREADS * 4)

static __device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

extern "C" __global__ void __launch_bounds__(THREADS)
gemv_cpasync_race(const float* __restrict__ A, const float* __restrict__ x,
                  float* __restrict__ y, int K)
{
    __shared__ __align__(16) float sA[2][CHUNK];
    __shared__ float s_warp[THREADS / 32];
    const int tid = threadIdx.x;
    const float* arow = A + (size_t)blockIdx.x * K;
    const int nchunks = K / CHUNK;

    __pipeline_memcpy_async(&sA[0][4 * tid], arow + 4 * tid, 16);
    __pipeline_commit();

    float acc = 0.f;
    for (int c = 0; c < nchunks; ++c) {
        if (c + 1 < nchunks) {
            __pipeline_memcpy_async(&sA[(c + 1) & 1][4 * tid],
                                    arow + (size_t)(c + 1) * CHUNK + 4 * tid, 16);
            __pipeline_commit();
        }
        __pipeline_wait_prior(1);        // all but the newest batch (chunk c+1) are done
        __syncthreads();
        const float* buf = sA[c & 1];
        const float* xc = x + (size_t)c * CHUNK;
#pragma unroll
        for (int j = tid; j < CHUNK; j += THREADS) acc += buf[j] * __ldg(xc + j);
        __syncthreads();
    }

    acc = warp_sum(acc);
    if ((tid & 31) == 0) s_warp[tid >> 5] = acc;
    __syncthreads();
    if (tid == 0) {
        float s = 0.f;
        for (int w = 0; w < THREADS / 32; ++w) s += s_warp[w];
        y[blockIdx.x] = s;
    }
}

extern "C" __global__ void __launch_bounds__(THREADS)
gemv_cpasync_ok(const float* __restrict__ A, const float* __restrict__ x,
                float* __restrict__ y, int K)
{
    __shared__ __align__(16) float sA[2][CHUNK];
    __shared__ float s_warp[THREADS / 32];
    const int tid = threadIdx.x;
    const float* arow = A + (size_t)blockIdx.x * K;
    const int nchunks = K / CHUNK;

    __pipeline_memcpy_async(&sA[0][4 * tid], arow + 4 * tid, 16);
    __pipeline_commit();

    float acc = 0.f;
    for (int c = 0; c < nchunks; ++c) {
        if (c + 1 < nchunks)
            __pipeline_memcpy_async(&sA[(c + 1) & 1][4 * tid],
                                    arow + (size_t)(c + 1) * CHUNK + 4 * tid, 16);
        __pipeline_commit();             // always commit (possibly empty) so that
        __pipeline_wait_prior(1);        // "all but the newest batch" always includes chunk c
        __syncthreads();
        const float* buf = sA[c & 1];
        const float* xc = x + (size_t)c * CHUNK;
#pragma unroll
        for (int j = tid; j < CHUNK; j += THREADS) acc += buf[j] * __ldg(xc + j);
        __syncthreads();
    }

    acc = warp_sum(acc);
    if ((tid & 31) == 0) s_warp[tid >> 5] = acc;
    __syncthreads();
    if (tid == 0) {
        float s = 0.f;
        for (int w = 0; w < THREADS / 32; ++w) s += s_warp[w];
        y[blockIdx.x] = s;
    }
}
