// Streams ntiles tiles of 512 floats per block through a two-stage cp.async
// pipeline; thread t accumulates a weighted sum over column t of each 4 x 128
// tile (rows of the tile are staged by different warps).
// Launch: blockDim.x = 128 (exactly BLOCK), gridDim.x = number of streams,
// in holds gridDim.x * ntiles * 512 floats (16-byte aligned), ntiles >= 1.
#include <cuda_runtime.h>
#include <cuda_pipeline.h>

#define BLOCK 128
#define TILE (4 * BLOCK)

extern "C" __global__ void __launch_bounds__(BLOCK)
stream_colsum_race(const float* __restrict__ in, const float* __restrict__ w,
                   float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float buf[2][TILE];
    const int tid = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * ntiles * TILE;

    // prologue: stage 0 in flight
    __pipeline_memcpy_async(&buf[0][tid * 4], src + tid * 4, 16);
    __pipeline_commit();

    float acc = 0.0f;
    for (int t = 0; t < ntiles; ++t) {
        const int cur = t & 1;
        if (t + 1 < ntiles)
            __pipeline_memcpy_async(&buf[cur ^ 1][tid * 4],
                                    src + (size_t)(t + 1) * TILE + tid * 4, 16);
        __pipeline_commit();

#pragma unroll
        for (int j = 0; j < 4; ++j) acc += buf[cur][tid + j * BLOCK] * w[j];

        // next stage landed and everybody is done with this one
        __pipeline_wait_prior(0);
        __syncthreads();
    }
    out[(size_t)blockIdx.x * BLOCK + tid] = acc;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
stream_colsum_ok(const float* __restrict__ in, const float* __restrict__ w,
                 float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float buf[2][TILE];
    const int tid = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * ntiles * TILE;

    // prologue: stage 0 landed and visible to the block
    __pipeline_memcpy_async(&buf[0][tid * 4], src + tid * 4, 16);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();

    float acc = 0.0f;
    for (int t = 0; t < ntiles; ++t) {
        const int cur = t & 1;
        if (t + 1 < ntiles)
            __pipeline_memcpy_async(&buf[cur ^ 1][tid * 4],
                                    src + (size_t)(t + 1) * TILE + tid * 4, 16);
        __pipeline_commit();

#pragma unroll
        for (int j = 0; j < 4; ++j) acc += buf[cur][tid + j * BLOCK] * w[j];

        // next stage landed and everybody is done with this one
        __pipeline_wait_prior(0);
        __syncthreads();
    }
    out[(size_t)blockIdx.x * BLOCK + tid] = acc;
}
