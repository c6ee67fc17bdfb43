// Circular first difference d[i] = x[i+1] - x[i] within 256-element tiles (index wraps inside the tile),
// streamed with a per-thread cuda::pipeline (2 stages, cuda::memcpy_async of one float per thread).
// Block b processes tiles b, b+gridDim.x, ...
// Launch: blockDim = (256,1,1) (compile-time), any gridDim.x >= 1, no dynamic shared memory; n multiple of 256.
#include <cuda/pipeline>
#define NT 256

extern "C" __global__ void __launch_bounds__(NT)
tile_diff_pipe_race(const float* __restrict__ x, float* __restrict__ d, int n)
{
    __shared__ float s[2][NT];
    const int tid = threadIdx.x;
    const int ntiles = n / NT;
    auto pipe = cuda::make_pipeline();
    for (int st = 0; st < 2; ++st) {
        const int t = blockIdx.x + st * gridDim.x;
        pipe.producer_acquire();
        if (t < ntiles) cuda::memcpy_async(&s[st][tid], &x[(size_t)t * NT + tid], sizeof(float), pipe);
        pipe.producer_commit();
    }
    for (int k = 0, t = blockIdx.x; t < ntiles; ++k, t += gridDim.x) {
        const int b = k & 1;
        cuda::pipeline_consumer_wait_prior<1>(pipe);   // my copy for tile k has landed
        const float v = s[b][(tid + 1) % NT] - s[b][tid];
        d[(size_t)t * NT + tid] = v;
        __syncthreads();                               // everyone done with s[b]
        pipe.consumer_release();
        const int tn = t + 2 * gridDim.x;
        pipe.producer_acquire();
        if (tn < ntiles) cuda::memcpy_async(&s[b][tid], &x[(size_t)tn * NT + tid], sizeof(float), pipe);
        pipe.producer_commit();
    }
    cuda::pipeline_consumer_wait_prior<0>(pipe);
}

extern "C" __global__ void __launch_bounds__(NT)
tile_diff_pipe_ok(const float* __restrict__ x, float* __restrict__ d, int n)
{
    __shared__ float s[2][NT];
    const int tid = threadIdx.x;
    const int ntiles = n / NT;
    auto pipe = cuda::make_pipeline();
    for (int st = 0; st < 2; ++st) {
        const int t = blockIdx.x + st * gridDim.x;
        pipe.producer_acquire();
        if (t < ntiles) cuda::memcpy_async(&s[st][tid], &x[(size_t)t * NT + tid], sizeof(float), pipe);
        pipe.producer_commit();
    }
    for (int k = 0, t = blockIdx.x; t < ntiles; ++k, t += gridDim.x) {
        const int b = k & 1;
        cuda::pipeline_consumer_wait_prior<1>(pipe);
        __syncthreads();                               // all threads' copies for tile k have landed
        const float v = s[b][(tid + 1) % NT] - s[b][tid];
        d[(size_t)t * NT + tid] = v;
        __syncthreads();
        pipe.consumer_release();
        const int tn = t + 2 * gridDim.x;
        pipe.producer_acquire();
        if (tn < ntiles) cuda::memcpy_async(&s[b][tid], &x[(size_t)tn * NT + tid], sizeof(float), pipe);
        pipe.producer_commit();
    }
    cuda::pipeline_consumer_wait_prior<0>(pipe);
}
