// Reduction, step 5 with shuffles: the block folds down to 64 values in shared memory, then
// the first warp finishes in registers with __shfl_down_sync.
// Corpus mutant red5_warp_shfl_nobar1 deletes the barrier after the first store: thread t reads
// sdata[t + s] before its owner has stored it (a race).
#ifndef TYPE
#define TYPE float
#endif
extern "C" __global__ void red5_warp_shfl(const TYPE *g_in, TYPE *g_out, unsigned n)
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
    for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] = sum = sum + sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        if (blockDim.x >= 64)
            sum += sdata[tid + 32];
        for (int offset = 16; offset > 0; offset /= 2)
            sum += __shfl_down_sync(0xffffffffu, sum, offset);
    }
    if (tid == 0)
        g_out[blockIdx.x] = sum;
}
