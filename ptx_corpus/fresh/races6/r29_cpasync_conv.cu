// r29: 1-D convolution (radius 3) whose input tile + halo is brought into dynamic shared memory
// with 4-byte cp.async copies (each thread copies a strided subset of the tile).
// Launch: any 1-D blockDim.x >= 6 (typ. 128), grid = ceil(n/blockDim.x),
//         dynamic shared memory = (blockDim.x + 6) * sizeof(float).
#include <cuda_pipeline.h>
#define R 3

extern "C" __global__ void cpasync_conv_race(const float* __restrict__ x, const float* __restrict__ w,
                                             float* __restrict__ y, int n)
{
    extern __shared__ float tile[];
    const int tid = threadIdx.x;
    const int base = blockIdx.x * blockDim.x - R;
    for (int i = tid; i < (int)blockDim.x + 2 * R; i += blockDim.x) {
        const int g = min(max(base + i, 0), n - 1);
        __pipeline_memcpy_async(&tile[i], &x[g], sizeof(float));
    }
    __pipeline_commit();
    __pipeline_wait_prior(0);           // only this thread's own copies are complete
    const int gi = blockIdx.x * blockDim.x + tid;
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k <= 2 * R; ++k) acc += w[k] * tile[tid + k];
    if (gi < n) y[gi] = acc;
}

extern "C" __global__ void cpasync_conv_ok(const float* __restrict__ x, const float* __restrict__ w,
                                           float* __restrict__ y, int n)
{
    extern __shared__ float tile[];
    const int tid = threadIdx.x;
    const int base = blockIdx.x * blockDim.x - R;
    for (int i = tid; i < (int)blockDim.x + 2 * R; i += blockDim.x) {
        const int g = min(max(base + i, 0), n - 1);
        __pipeline_memcpy_async(&tile[i], &x[g], sizeof(float));
    }
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();                    // make every thread's copies visible to the block
    const int gi = blockIdx.x * blockDim.x + tid;
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k <= 2 * R; ++k) acc += w[k] * tile[tid + k];
    if (gi < n) y[gi] = acc;
}
