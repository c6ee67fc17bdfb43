// Reduction, step 4: each thread adds two elements while loading (half as many blocks), then
// sequential addressing.
// Corpus mutant red4_first_add_nobar2 deletes the loop's barrier: thread t then reads
// sdata[t + s/2] while thread t + s/2 may still be writing it in the step before (a race).
#ifndef TYPE
#define TYPE float
#endif
extern "C" __global__ void red4_first_add(const TYPE *g_in, TYPE *g_out, unsigned n)
{
    extern __shared__ unsigned char smem_raw[];
    TYPE *sdata = reinterpret_cast<TYPE *>(smem_raw);
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    TYPE sum = (i < n) ? g_in[i] : (TYPE)0;
    if (i + blockDim.x < n)
        sum += g_in[i + blockDim.x];
    sdata[tid] = sum;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] = sum = sum + sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        g_out[blockIdx.x] = sum;
}
