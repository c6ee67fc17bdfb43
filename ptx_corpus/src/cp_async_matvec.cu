// y = A x, one block per group of 128 rows, x streamed through shared memory in TILE-float chunks
// with cp.async into two buffers: the chunk k + 1 is in flight while chunk k is used.
// Every thread reads the whole chunk (all threads' copies), hence the barrier after the wait;
// the barrier at the end of an iteration keeps a buffer from being refilled while it is read.
// n is a multiple of TILE; blockDim.x == THREADS, each thread copies 16 bytes of every chunk.
// Each thread walks its own row of A: neighbouring threads read addresses n floats apart.
#include <cuda_pipeline.h>
#define TILE 512
#define THREADS 128
extern "C" __global__ void __launch_bounds__(THREADS) cp_async_matvec(const float *A, const float *x, float *y, int nrows, int n)
{
    __shared__ __align__(16) float xs[2][TILE];
    int tid = threadIdx.x;
    int row = blockIdx.x * THREADS + tid;
    int nchunks = n / TILE;
    // one 16-byte copy per thread covers TILE floats: THREADS * 4 == TILE
    __pipeline_memcpy_async(&xs[0][tid * 4], &x[tid * 4], 16);
    __pipeline_commit();
    float acc = 0.0f;
    for (int c = 0; c < nchunks; c++) {
        int buf = c & 1;
        if (c + 1 < nchunks)
            __pipeline_memcpy_async(&xs[buf ^ 1][tid * 4], &x[(c + 1) * TILE + tid * 4], 16);
        __pipeline_commit();
        __pipeline_wait_prior(1);
#ifndef BUG_NO_WAIT_BARRIER
        __syncthreads();
#endif
        // (BUG_NO_WAIT_BARRIER: wait_prior only waits for this thread's own copies; reading the
        // 508 floats copied by the other threads without a barrier races with their cp.async)
        if (row < nrows) {
            const float *a = A + (size_t)row * n + c * TILE;
            for (int k = 0; k < TILE; k++)
                acc += a[k] * xs[buf][k];
        }
#ifndef BUG_NO_END_BARRIER
        __syncthreads();
#endif
        // (BUG_NO_END_BARRIER: the next iteration issues its cp.async into the buffer read in this
        // one; without this barrier a fast thread refills it while slower threads still read it:
        // a write-after-read race across loop iterations)
    }
    if (row < nrows)
        y[row] = acc;
}
