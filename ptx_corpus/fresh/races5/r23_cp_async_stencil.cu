// Streaming 3-point smoothing over long rows, staged through shared memory with
// cp.async (pipeline primitives), two stages: tile t+1 is in flight while tile t is used.
// One block per row, 256 threads, each thread moves one float4 (tile = 1024 floats).
// Tile boundaries are clamped (each tile is smoothed independently).
#include <cuda_runtime.h>
#include <cuda_pipeline.h>

#define THREADS 256
#define TILEF   (4 * THREADS)

extern "C" __global__ void __launch_bounds__(THREADS)
cp_async_stencil_race(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float s[2][TILEF];
    const int tid = threadIdx.x;
    const float* src = in  + (size_t)blockIdx.x * ntiles * TILEF;
    float*       dst = out + (size_t)blockIdx.x * ntiles * TILEF;

    __pipeline_memcpy_async(&s[0][4 * tid], &src[4 * tid], 16);
    __pipeline_commit();

    for (int t = 0; t < ntiles; ++t) {
        const int cur = t & 1;
        if (t + 1 < ntiles)
            __pipeline_memcpy_async(&s[cur ^ 1][4 * tid], &src[(size_t)(t + 1) * TILEF + 4 * tid], 16);
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();

        float4 r;
        float* rv = &r.x;
        #pragma unroll
        for (int c = 0; c < 4; ++c) {
            int i  = 4 * tid + c;
            int il = max(i - 1, 0), ir = min(i + 1, TILEF - 1);
            rv[c] = 0.25f * s[cur][il] + 0.5f * s[cur][i] + 0.25f * s[cur][ir];
        }
        reinterpret_cast<float4*>(dst + (size_t)t * TILEF)[tid] = r;
    }
    __pipeline_wait_prior(0);
}

extern "C" __global__ void __launch_bounds__(THREADS)
cp_async_stencil_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float s[2][TILEF];
    const int tid = threadIdx.x;
    const float* src = in  + (size_t)blockIdx.x * ntiles * TILEF;
    float*       dst = out + (size_t)blockIdx.x * ntiles * TILEF;

    __pipeline_memcpy_async(&s[0][4 * tid], &src[4 * tid], 16);
    __pipeline_commit();

    for (int t = 0; t < ntiles; ++t) {
        const int cur = t & 1;
        if (t + 1 < ntiles)
            __pipeline_memcpy_async(&s[cur ^ 1][4 * tid], &src[(size_t)(t + 1) * TILEF + 4 * tid], 16);
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();

        float4 r;
        float* rv = &r.x;
        #pragma unroll
        for (int c = 0; c < 4; ++c) {
            int i  = 4 * tid + c;
            int il = max(i - 1, 0), ir = min(i + 1, TILEF - 1);
            rv[c] = 0.25f * s[cur][il] + 0.5f * s[cur][i] + 0.25f * s[cur][ir];
        }
        reinterpret_cast<float4*>(dst + (size_t)t * TILEF)[tid] = r;
        __syncthreads();
    }
    __pipeline_wait_prior(0);
}
