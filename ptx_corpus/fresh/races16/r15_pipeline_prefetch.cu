// arch: sm_80
// Launch: blockDim = (256,1,1), gridDim = (any,1,1); block b filters the segment
//         in[b*ntiles*256 .. (b+1)*ntiles*256), ntiles >= 1.
//         3-stage cp.async pipeline built from the __pipeline_* primitives
//         (cuda_pipeline.h): tile t+2 is prefetched while tile t is filtered with a
//         circular 3-tap smoothing kernel (thread t reads its two neighbours).

#include <cuda_pipeline.h>

#define PF_TILE   256
#define PF_STAGES 3

extern "C" __global__ void
smooth_pipelined_race(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float buf[PF_STAGES][PF_TILE];
    const int tid = threadIdx.x;
    const float* src = in  + (size_t)blockIdx.x * ntiles * PF_TILE;
    float*       dst = out + (size_t)blockIdx.x * ntiles * PF_TILE;

    for (int s = 0; s < PF_STAGES - 1; ++s) {
        if (s < ntiles)
            __pipeline_memcpy_async(&buf[s][tid], &src[s * PF_TILE + tid], sizeof(float));
        __pipeline_commit();
    }

    for (int t = 0; t < ntiles; ++t) {
        const int nt = t + PF_STAGES - 1;
        if (nt < ntiles)
            __pipeline_memcpy_async(&buf[nt % PF_STAGES][tid], &src[nt * PF_TILE + tid], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(PF_STAGES);
        __syncthreads();

        const float* b = buf[t % PF_STAGES];
        const float v = 0.25f * b[(tid + PF_TILE - 1) % PF_TILE] + 0.5f * b[tid]
                      + 0.25f * b[(tid + 1) % PF_TILE];
        dst[t * PF_TILE + tid] = v;
        __syncthreads();
    }
}

extern "C" __global__ void
smooth_pipelined_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles)
{
    __shared__ __align__(16) float buf[PF_STAGES][PF_TILE];
    const int tid = threadIdx.x;
    const float* src = in  + (size_t)blockIdx.x * ntiles * PF_TILE;
    float*       dst = out + (size_t)blockIdx.x * ntiles * PF_TILE;

    for (int s = 0; s < PF_STAGES - 1; ++s) {
        if (s < ntiles)
            __pipeline_memcpy_async(&buf[s][tid], &src[s * PF_TILE + tid], sizeof(float));
        __pipeline_commit();
    }

    for (int t = 0; t < ntiles; ++t) {
        const int nt = t + PF_STAGES - 1;
        if (nt < ntiles)
            __pipeline_memcpy_async(&buf[nt % PF_STAGES][tid], &src[nt * PF_TILE + tid], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(PF_STAGES - 1);
        __syncthreads();

        const float* b = buf[t % PF_STAGES];
        const float v = 0.25f * b[(tid + PF_TILE - 1) % PF_TILE] + 0.5f * b[tid]
                      + 0.25f * b[(tid + 1) % PF_TILE];
        dst[t * PF_TILE + tid] = v;
        __syncthreads();
    }
}
