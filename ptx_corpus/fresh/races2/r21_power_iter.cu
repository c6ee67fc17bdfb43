#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define PI_T 256

extern "C" __global__ void __launch_bounds__(PI_T)
power_iter_race(const float* __restrict__ A, float* __restrict__ vout,
                float* __restrict__ lambda, int n, int iters)
{
    __shared__ float sv[PI_T];
    __shared__ float sred[PI_T];
    __shared__ float s_norm;
    cg::thread_block blk = cg::this_thread_block();
    int i = blk.thread_rank();
    const float* Ab = A + (size_t)blockIdx.x * n * n;

    sv[i] = (i < n) ? rsqrtf((float)n) : 0.0f;
    blk.sync();

    for (int it = 0; it < iters; ++it) {
        float w = 0.0f;
        if (i < n)
            for (int j = 0; j < n; ++j) w += Ab[i * n + j] * sv[j];
        sred[i] = w * w;
        blk.sync();
        for (int s = PI_T / 2; s > 0; s >>= 1) {
            if (i < s) sred[i] += sred[i + s];
            blk.sync();
        }
        if (i == 0) s_norm = sqrtf(sred[0]);
        sv[i] = (i < n) ? w / s_norm : 0.0f;
        blk.sync();
    }

    if (i < n) vout[(size_t)blockIdx.x * n + i] = sv[i];
    if (i == 0) lambda[blockIdx.x] = s_norm;
}

extern "C" __global__ void __launch_bounds__(PI_T)
power_iter_ok(const float* __restrict__ A, float* __restrict__ vout,
              float* __restrict__ lambda, int n, int iters)
{
    __shared__ float sv[PI_T];
    __shared__ float sred[PI_T];
    __shared__ float s_norm;
    cg::thread_block blk = cg::this_thread_block();
    int i = blk.thread_rank();
    const float* Ab = A + (size_t)blockIdx.x * n * n;

    sv[i] = (i < n) ? rsqrtf((float)n) : 0.0f;
    blk.sync();

    for (int it = 0; it < iters; ++it) {
        float w = 0.0f;
        if (i < n)
            for (int j = 0; j < n; ++j) w += Ab[i * n + j] * sv[j];
        sred[i] = w * w;
        blk.sync();
        for (int s = PI_T / 2; s > 0; s >>= 1) {
            if (i < s) sred[i] += sred[i + s];
            blk.sync();
        }
        if (i == 0) s_norm = sqrtf(sred[0]);
        blk.sync();
        sv[i] = (i < n) ? w / s_norm : 0.0f;
        blk.sync();
    }

    if (i < n) vout[(size_t)blockIdx.x * n + i] = sv[i];
    if (i == 0) lambda[blockIdx.x] = s_norm;
}
