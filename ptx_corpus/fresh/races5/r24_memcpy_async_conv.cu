// 1-D convolution (radius 4) whose input tile + halo is staged with cuda::memcpy_async
// through a per-thread cuda::pipeline (cp.async on sm_80).
#include <cuda_runtime.h>
#include <cuda/pipeline>

#define BLOCK 256
#define RAD   4

__constant__ float c_filt[2 * RAD + 1];

extern "C" __global__ void __launch_bounds__(BLOCK)
memcpy_async_conv_race(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ __align__(16) float s[BLOCK + 2 * RAD];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;
    auto pipe = cuda::make_pipeline();

    pipe.producer_acquire();
    if (gid < n)
        cuda::memcpy_async(&s[RAD + tid], &in[gid], cuda::aligned_size_t<4>(sizeof(float)), pipe);
    else
        s[RAD + tid] = 0.0f;
    if (tid < RAD) {
        int gl = gid - RAD;
        int gr = blockIdx.x * BLOCK + BLOCK + tid;
        if (gl >= 0) cuda::memcpy_async(&s[tid], &in[gl], cuda::aligned_size_t<4>(sizeof(float)), pipe);
        else         s[tid] = 0.0f;
        if (gr < n)  cuda::memcpy_async(&s[BLOCK + RAD + tid], &in[gr], cuda::aligned_size_t<4>(sizeof(float)), pipe);
        else         s[BLOCK + RAD + tid] = 0.0f;
    }
    pipe.producer_commit();

    pipe.consumer_wait();
    float acc = 0.0f;
    #pragma unroll
    for (int k = 0; k <= 2 * RAD; ++k)
        acc = fmaf(c_filt[k], s[tid + k], acc);
    pipe.consumer_release();

    if (gid < n)
        out[gid] = acc;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
memcpy_async_conv_ok(const float* __restrict__ in, float* __restrict__ out, int n)
{
    __shared__ __align__(16) float s[BLOCK + 2 * RAD];
    const int tid = threadIdx.x;
    const int gid = blockIdx.x * BLOCK + tid;
    auto pipe = cuda::make_pipeline();

    pipe.producer_acquire();
    if (gid < n)
        cuda::memcpy_async(&s[RAD + tid], &in[gid], cuda::aligned_size_t<4>(sizeof(float)), pipe);
    else
        s[RAD + tid] = 0.0f;
    if (tid < RAD) {
        int gl = gid - RAD;
        int gr = blockIdx.x * BLOCK + BLOCK + tid;
        if (gl >= 0) cuda::memcpy_async(&s[tid], &in[gl], cuda::aligned_size_t<4>(sizeof(float)), pipe);
        else         s[tid] = 0.0f;
        if (gr < n)  cuda::memcpy_async(&s[BLOCK + RAD + tid], &in[gr], cuda::aligned_size_t<4>(sizeof(float)), pipe);
        else         s[BLOCK + RAD + tid] = 0.0f;
    }
    pipe.producer_commit();

    pipe.consumer_wait();
    __syncthreads();
    float acc = 0.0f;
    #pragma unroll
    for (int k = 0; k <= 2 * RAD; ++k)
        acc = fmaf(c_filt[k], s[tid + k], acc);
    pipe.consumer_release();

    if (gid < n)
        out[gid] = acc;
}
