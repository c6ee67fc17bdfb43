// Block-cooperative staging of 1024-float chunks with cooperative_groups::memcpy_async,
// then each thread combines mirrored elements of the chunk.
// Launch (both kernels): blockDim = 256, gridDim = 512, nch = 32 chunks per block.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;
#define CHUNK 1024

extern "C" __global__ void mirror_chunks_race(const float* __restrict__ in, float* __restrict__ out,
                                              int nch, float w)
{
    __shared__ __align__(16) float s_buf[CHUNK];
    cg::thread_block block = cg::this_thread_block();
    const float* src = in + (size_t)blockIdx.x * nch * CHUNK;
    float* dst = out + (size_t)blockIdx.x * nch * CHUNK;

    for (int c = 0; c < nch; ++c) {
        cg::memcpy_async(block, s_buf, src + (size_t)c * CHUNK, sizeof(float) * CHUNK);
        block.sync();                 // does not wait for the asynchronous copy (cg::wait missing)
        for (int j = block.thread_rank(); j < CHUNK; j += block.size())
            dst[(size_t)c * CHUNK + j] = s_buf[j] * w + s_buf[CHUNK - 1 - j];
        block.sync();
    }
}

extern "C" __global__ void mirror_chunks_ok(const float* __restrict__ in, float* __restrict__ out,
                                            int nch, float w)
{
    __shared__ __align__(16) float s_buf[CHUNK];
    cg::thread_block block = cg::this_thread_block();
    const float* src = in + (size_t)blockIdx.x * nch * CHUNK;
    float* dst = out + (size_t)blockIdx.x * nch * CHUNK;

    for (int c = 0; c < nch; ++c) {
        cg::memcpy_async(block, s_buf, src + (size_t)c * CHUNK, sizeof(float) * CHUNK);
        cg::wait(block);              // waits for the copy and synchronises the block
        for (int j = block.thread_rank(); j < CHUNK; j += block.size())
            dst[(size_t)c * CHUNK + j] = s_buf[j] * w + s_buf[CHUNK - 1 - j];
        block.sync();
    }
}
