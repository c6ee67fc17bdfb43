// Each thread cp.async's one float of a 256-element tile into shared memory; then a 3-tap filter reads neighbours. (sm_80)
#include <cuda_pipeline.h>
#define NT 256

// RACE: __pipeline_wait_prior(0) only waits for the calling thread's own copy; neighbours' tile[t-1]/tile[t+1] are read without a __syncthreads(), racing with their async writes.
extern "C" __global__ void __launch_bounds__(NT) cpasync_filter_race(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ __align__(16) float tile[NT];
    int t = threadIdx.x;
    const float* src = in + blockIdx.x * NT;
    __pipeline_memcpy_async(&tile[t], &src[t], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    float l = tile[(t + NT - 1) % NT];
    float c = tile[t];
    float r = tile[(t + 1) % NT];
    out[blockIdx.x * NT + t] = 0.25f * l + 0.5f * c + 0.25f * r;
}

// OK: wait for own copy, then __syncthreads() so every thread's copy is complete and visible before neighbour reads.
extern "C" __global__ void __launch_bounds__(NT) cpasync_filter_ok(const float* __restrict__ in, float* __restrict__ out)
{
    __shared__ __align__(16) float tile[NT];
    int t = threadIdx.x;
    const float* src = in + blockIdx.x * NT;
    __pipeline_memcpy_async(&tile[t], &src[t], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    float l = tile[(t + NT - 1) % NT];
    float c = tile[t];
    float r = tile[(t + 1) % NT];
    out[blockIdx.x * NT + t] = 0.25f * l + 0.5f * c + 0.25f * r;
}
