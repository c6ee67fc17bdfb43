// Reduction, step 3: sequential addressing (the active threads are the first s, reading s
// words further on): conflict-free, half of the threads idle from the first step.
#ifndef TYPE
#define TYPE int
#endif
extern "C" __global__ void red3_sequential(const TYPE *g_in, TYPE *g_out, unsigned n)
{
    extern __shared__ unsigned char smem_raw[];
    TYPE *sdata = reinterpret_cast<TYPE *>(smem_raw);
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_in[i] : (TYPE)0;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
#ifdef BUG_SYNC_IN_IF
        // Planted bug: the barrier moved inside the branch. Threads with tid >= s skip it while
        // the others wait at it: a barrier under a thread-dependent condition.
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
            __syncthreads();
        }
#else
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
#endif
    }
    if (tid == 0)
        g_out[blockIdx.x] = sdata[0];
}
