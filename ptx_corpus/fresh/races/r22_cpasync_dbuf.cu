// Double-buffered cp.async pipeline over the rows of a (rows x 128) slab per block; each thread accumulates
// the reversed-column element of every row from shared memory. 128 threads. (sm_80)
#include <cuda_pipeline.h>
#define NT 128

// RACE: no __syncthreads() at the end of the iteration: the copy for row r+2 issued at iteration r+1 refills buf[r&1] while slower threads still read buf[r&1][NT-1-t] from iteration r (WAR with the async write).
extern "C" __global__ void __launch_bounds__(NT) colsum_pipe_race(const float* __restrict__ mat, float* __restrict__ out, int rows)
{
    __shared__ __align__(16) float buf[2][NT];
    int t = threadIdx.x;
    const float* m = mat + (size_t)blockIdx.x * rows * NT;
    if (rows > 0) __pipeline_memcpy_async(&buf[0][t], &m[t], sizeof(float));
    __pipeline_commit();
    float acc = 0.f;
    for (int r = 0; r < rows; ++r) {
        if (r + 1 < rows)
            __pipeline_memcpy_async(&buf[(r + 1) & 1][t], &m[(size_t)(r + 1) * NT + t], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        acc += buf[r & 1][NT - 1 - t];
    }
    out[blockIdx.x * NT + t] = acc;
}

// OK: trailing __syncthreads() in each iteration so buf[r&1] is not refilled until all threads have read it.
extern "C" __global__ void __launch_bounds__(NT) colsum_pipe_ok(const float* __restrict__ mat, float* __restrict__ out, int rows)
{
    __shared__ __align__(16) float buf[2][NT];
    int t = threadIdx.x;
    const float* m = mat + (size_t)blockIdx.x * rows * NT;
    if (rows > 0) __pipeline_memcpy_async(&buf[0][t], &m[t], sizeof(float));
    __pipeline_commit();
    float acc = 0.f;
    for (int r = 0; r < rows; ++r) {
        if (r + 1 < rows)
            __pipeline_memcpy_async(&buf[(r + 1) & 1][t], &m[(size_t)(r + 1) * NT + t], sizeof(float));
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        acc += buf[r & 1][NT - 1 - t];
        __syncthreads();
    }
    out[blockIdx.x * NT + t] = acc;
}
