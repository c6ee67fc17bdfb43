// Inclusive scan of one block, Hillis-Steele style, in a double buffer: each step reads one
// half of temp and writes the other, so a single barrier per step is enough. Any blockDim.x up
// to 1024; the launch passes 2 * blockDim.x * sizeof(float) bytes of dynamic shared memory.
extern "C" __global__ void scan_hillis_steele(const float *g_in, float *g_out, unsigned n)
{
    extern __shared__ float temp[];
    unsigned tid = threadIdx.x, bs = blockDim.x;
    unsigned gid = blockIdx.x * bs + tid;
#ifdef INPLACE
    // Planted bug: the scan is done in place in one buffer. In the step with offset o, thread t
    // reads temp[t - o] while thread t - o writes it in the same step, with no barrier between.
    temp[tid] = gid < n ? g_in[gid] : 0.0f;
    __syncthreads();
    for (unsigned offset = 1; offset < bs; offset *= 2) {
        if (tid >= offset)
            temp[tid] += temp[tid - offset];
        __syncthreads();
    }
    if (gid < n)
        g_out[gid] = temp[tid];
#else
    int pout = 0, pin = 1;
    temp[pout * bs + tid] = gid < n ? g_in[gid] : 0.0f;
    __syncthreads();
    for (unsigned offset = 1; offset < bs; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (tid >= offset)
            temp[pout * bs + tid] = temp[pin * bs + tid] + temp[pin * bs + tid - offset];
        else
            temp[pout * bs + tid] = temp[pin * bs + tid];
        __syncthreads();
    }
    if (gid < n)
        g_out[gid] = temp[pout * bs + tid];
#endif
}
