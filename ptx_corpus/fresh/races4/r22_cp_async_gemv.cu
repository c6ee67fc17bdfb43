// GEMV y = A x (row-major A, nrows x ncols): the x vector is streamed through shared memory in
// 1024-float chunks with cp.async (16 B per thread) into a double buffer; each warp computes
// the dot products of 8 rows against the current chunk.
// Assumed launch: 1-D, blockDim.x == 256 (8 warps, 64 rows per block), gridDim.x == ceil(nrows/64),
// ncols a multiple of 1024, x 16-byte aligned.
#include <cuda_pipeline.h>

#define CG_THREADS 256
#define CG_CHUNK 1024
#define CG_ROWS_PER_WARP 8
#define CG_ROWS_PER_BLOCK (8 * CG_ROWS_PER_WARP)

extern "C" __global__ void __launch_bounds__(CG_THREADS)
cp_async_gemv_race(const float* __restrict__ A, const float* __restrict__ x, float* __restrict__ y,
                   int nrows, int ncols)
{
    if (blockDim.x != CG_THREADS || (ncols % CG_CHUNK) != 0) return;
    __shared__ __align__(16) float s_x[2][CG_CHUNK];
    const int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    const int row0 = blockIdx.x * CG_ROWS_PER_BLOCK + wid * CG_ROWS_PER_WARP;
    const int nchunks = ncols / CG_CHUNK;

    float acc[CG_ROWS_PER_WARP];
#pragma unroll
    for (int r = 0; r < CG_ROWS_PER_WARP; ++r) acc[r] = 0.f;

    if (nchunks > 0) __pipeline_memcpy_async(&s_x[0][tid * 4], &x[tid * 4], 16);
    __pipeline_commit();

    for (int c = 0; c < nchunks; ++c) {
        if (c + 1 < nchunks)
            __pipeline_memcpy_async(&s_x[(c + 1) & 1][tid * 4], &x[(size_t)(c + 1) * CG_CHUNK + tid * 4], 16);
        __pipeline_commit();
        __pipeline_wait_prior(1);   // chunk c has landed (for this thread's copies)
        __syncthreads();

        const float* xs = s_x[c & 1];
#pragma unroll
        for (int r = 0; r < CG_ROWS_PER_WARP; ++r) {
            const int row = row0 + r;
            if (row < nrows) {
                const float* a = A + (size_t)row * ncols + (size_t)c * CG_CHUNK;
                float s = 0.f;
                for (int k = lane; k < CG_CHUNK; k += 32) s += a[k] * xs[k];
                acc[r] += s;
            }
        }
    }

#pragma unroll
    for (int r = 0; r < CG_ROWS_PER_WARP; ++r) {
        float s = acc[r];
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
        if (lane == 0 && row0 + r < nrows) y[row0 + r] = s;
    }
}

extern "C" __global__ void __launch_bounds__(CG_THREADS)
cp_async_gemv_ok(const float* __restrict__ A, const float* __restrict__ x, float* __restrict__ y,
                 int nrows, int ncols)
{
    if (blockDim.x != CG_THREADS || (ncols % CG_CHUNK) != 0) return;
    __shared__ __align__(16) float s_x[2][CG_CHUNK];
    const int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
    const int row0 = blockIdx.x * CG_ROWS_PER_BLOCK + wid * CG_ROWS_PER_WARP;
    const int nchunks = ncols / CG_CHUNK;

    float acc[CG_ROWS_PER_WARP];
#pragma unroll
    for (int r = 0; r < CG_ROWS_PER_WARP; ++r) acc[r] = 0.f;

    if (nchunks > 0) __pipeline_memcpy_async(&s_x[0][tid * 4], &x[tid * 4], 16);
    __pipeline_commit();

    for (int c = 0; c < nchunks; ++c) {
        if (c + 1 < nchunks)
            __pipeline_memcpy_async(&s_x[(c + 1) & 1][tid * 4], &x[(size_t)(c + 1) * CG_CHUNK + tid * 4], 16);
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();

        const float* xs = s_x[c & 1];
#pragma unroll
        for (int r = 0; r < CG_ROWS_PER_WARP; ++r) {
            const int row = row0 + r;
            if (row < nrows) {
                const float* a = A + (size_t)row * ncols + (size_t)c * CG_CHUNK;
                float s = 0.f;
                for (int k = lane; k < CG_CHUNK; k += 32) s += a[k] * xs[k];
                acc[r] += s;
            }
        }
        __syncthreads();
    }

#pragma unroll
    for (int r = 0; r < CG_ROWS_PER_WARP; ++r) {
        float s = acc[r];
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
        if (lane == 0 && row0 + r < nrows) y[row0 + r] = s;
    }
}
