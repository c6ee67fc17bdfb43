// Reduction, step 1 of the classic progression: interleaved addressing where the active
// threads are chosen with a modulo (tid % (2*s) == 0). Highly divergent warps, but correct:
// every step ends with a barrier that all threads reach.
#ifndef TYPE
#define TYPE int
#endif
extern "C" __global__ void red1_interleaved_mod(const TYPE *g_in, TYPE *g_out, unsigned n)
{
    extern __shared__ unsigned char smem_raw[];
    TYPE *sdata = reinterpret_cast<TYPE *>(smem_raw);
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_in[i] : (TYPE)0;
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        g_out[blockIdx.x] = sdata[0];
}
