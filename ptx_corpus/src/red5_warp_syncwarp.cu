// Reduction, step 5 made legal after Volta: the last warp separates every read from the
// following write with __syncwarp, so no lane overwrites a word another lane still has to read.
#ifndef TYPE
#define TYPE float
#endif
extern "C" __global__ void red5_warp_syncwarp(const TYPE *g_in, TYPE *g_out, unsigned n)
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
        for (unsigned s = 32; s > 0; s >>= 1) {
            sum += sdata[tid + s];
            __syncwarp();
            sdata[tid] = sum;
            __syncwarp();
        }
    }
    if (tid == 0)
        g_out[blockIdx.x] = sum;
}
