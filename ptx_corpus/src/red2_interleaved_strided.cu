// Reduction, step 2: interleaved addressing with a strided index (index = 2*s*tid) instead of
// the modulo. No divergence in the first steps, but the shared accesses of a warp are 2*s words
// apart: bank conflicts (2-way at s = 1, worse as s grows).
#ifndef TYPE
#define TYPE int
#endif
extern "C" __global__ void red2_interleaved_strided(const TYPE *g_in, TYPE *g_out, unsigned n)
{
    extern __shared__ unsigned char smem_raw[];
    TYPE *sdata = reinterpret_cast<TYPE *>(smem_raw);
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_in[i] : (TYPE)0;
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        unsigned index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[index] += sdata[index + s];
        __syncthreads();
    }
    if (tid == 0)
        g_out[blockIdx.x] = sdata[0];
}
