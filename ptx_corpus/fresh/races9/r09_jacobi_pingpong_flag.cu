// Iterated 1D smoothing (Jacobi sweeps) of a 256-point line held in shared memory,
// one line per block, with a ping-pong pair of buffers. The active buffer index is
// kept in shared memory so that every thread agrees on it.
// Launch: blockDim.x = 256 (exactly BLOCK), gridDim.x = number of lines.
#include <cuda_runtime.h>

#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
jacobi_line_race(const float* __restrict__ in, float* __restrict__ out, int iters)
{
    __shared__ float buf[2][BLOCK + 2];
    __shared__ int s_cur;
    const int tid = threadIdx.x;
    const size_t line = (size_t)blockIdx.x * BLOCK;

    buf[0][tid + 1] = in[line + tid];
    if (tid == 0) {
        buf[0][0] = buf[1][0] = 0.0f;                  // Dirichlet boundary
        buf[0][BLOCK + 1] = buf[1][BLOCK + 1] = 0.0f;
        s_cur = 0;
    }
    __syncthreads();

    for (int it = 0; it < iters; ++it) {
        const int c = s_cur;
        const float v = 0.25f * buf[c][tid] + 0.5f * buf[c][tid + 1] + 0.25f * buf[c][tid + 2];
        buf[c ^ 1][tid + 1] = v;
        __syncthreads();
        if (tid == 0) s_cur = c ^ 1;
    }
    __syncthreads();
    out[line + tid] = buf[s_cur][tid + 1];
}

extern "C" __global__ void __launch_bounds__(BLOCK)
jacobi_line_ok(const float* __restrict__ in, float* __restrict__ out, int iters)
{
    __shared__ float buf[2][BLOCK + 2];
    __shared__ int s_cur;
    const int tid = threadIdx.x;
    const size_t line = (size_t)blockIdx.x * BLOCK;

    buf[0][tid + 1] = in[line + tid];
    if (tid == 0) {
        buf[0][0] = buf[1][0] = 0.0f;                  // Dirichlet boundary
        buf[0][BLOCK + 1] = buf[1][BLOCK + 1] = 0.0f;
        s_cur = 0;
    }
    __syncthreads();

    for (int it = 0; it < iters; ++it) {
        const int c = s_cur;
        const float v = 0.25f * buf[c][tid] + 0.5f * buf[c][tid + 1] + 0.25f * buf[c][tid + 2];
        buf[c ^ 1][tid + 1] = v;
        __syncthreads();
        if (tid == 0) s_cur = c ^ 1;
        __syncthreads();
    }
    out[line + tid] = buf[s_cur][tid + 1];
}
